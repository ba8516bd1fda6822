"""Trump: one of the four suits, or no trump, written as events write it (``"H"``, ``"NT"``)."""

from __future__ import annotations

from enum import StrEnum

from .deck import Suit

# English names, for the catalog's entries: pages translate a trump's label where they show it.
_NAMES = {"H": "Hearts", "S": "Spades", "D": "Diamonds", "C": "Clubs", "NT": "No trump"}


class Trump(StrEnum):
    HEARTS = "H"
    SPADES = "S"
    DIAMONDS = "D"
    CLUBS = "C"
    NO_TRUMP = "NT"

    @property
    def label(self) -> str:
        """The trump's English name (pages and printouts translate it)."""
        return _NAMES[self.value]

    @property
    def symbol(self) -> str:
        return "NT" if self is Trump.NO_TRUMP else self.suit.symbol

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None for no trump."""
        return None if self is Trump.NO_TRUMP else Suit.parse(self.value)

    @classmethod
    def of(cls, suit: Suit | None) -> Trump:
        """The trump of ``suit`` (None: no trump)."""
        return cls.NO_TRUMP if suit is None else cls(suit.letter)
