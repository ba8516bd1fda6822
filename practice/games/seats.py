"""Seats at a four-handed table, shared by Military Whist and Militac: clockwise from North,
North-South and East-West partners. Each game keeps its own cards module."""

from __future__ import annotations

from enum import IntEnum


class Seat(IntEnum):
    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return "NESW"[self]

    @property
    def word(self) -> str:
        return self.name.capitalize()

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def side(self) -> str:
        return "NS" if self.is_north_south else "EW"

    @property
    def is_north_south(self) -> bool:
        return self in (Seat.NORTH, Seat.SOUTH)

    def next(self) -> Seat:
        """The seat on this seat's left, who plays next."""
        return Seat((self + 1) % 4)

    @classmethod
    def parse(cls, text: str) -> Seat:
        text = text.strip().upper()
        for seat in cls:
            if text in (seat.letter, seat.name):
                return seat
        raise ValueError(f"Not a seat: {text!r}")
