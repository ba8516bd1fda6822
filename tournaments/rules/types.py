"""Plain frozen values the rules work on. Tables are numbered 1..N; hands count from 1."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from cards import Trump as Trump  # the cards vocabulary's trump, as the rules name it

TRICKS_PER_HAND = 13


class Pair(StrEnum):
    """Which pair of a team travels in a hand; the other pair stays home and defends."""

    AB = "AB"
    XY = "XY"


@dataclass(frozen=True)
class FlagSettings:
    """The event settings the flag rules depend on (defaults are the common rules)."""

    flags_per_table: int = 12
    one_flag_at: int = 7
    two_flags_at: int = 10
    revoke_penalty: int = 2


@dataclass(frozen=True)
class Hand:
    """One hand of the rotation: ``moves`` maps a home table to the table its pair visits."""

    number: int
    day: int
    session: int
    moves: Mapping[int, int]
    travelling: Pair = Pair.AB
    trump: Trump | None = None

    def visitor_of(self, host_table: int) -> int:
        """The home table of the pair visiting ``host_table`` in this hand."""
        return self._visitors[host_table]

    @cached_property
    def _visitors(self) -> dict[int, int]:
        # Built once per hand: a table's page and a day's ledger ask it for every table.
        return {host: home for home, host in self.moves.items()}


@dataclass(frozen=True)
class Rotation:
    tables: int
    hands: tuple[Hand, ...]

    def hand(self, number: int) -> Hand:
        return self.hands[number - 1]

    @property
    def days(self) -> tuple[int, ...]:
        return tuple(sorted({h.day for h in self.hands}))


@dataclass(frozen=True)
class Result:
    """A recorded hand at one host table, tricks already after revoke penalties."""

    hand: int
    day: int
    host_table: int
    visitor_table: int
    visitor_tricks: int


@dataclass(frozen=True)
class ResultEntry:
    """A result as the leader typed it. ``seen_version`` is the version the page showed
    (0 when the table was empty); None overwrites whatever is there (file imports)."""

    hand: int
    host_table: int
    tricks_played: int
    visitor_revokes: int = 0
    host_revokes: int = 0
    seen_version: int | None = None


@dataclass(frozen=True)
class FlagMove:
    """Flags that moved at one host table in one hand, and the loan it needed."""

    hand: int
    host_table: int
    visitor_table: int
    flags: int
    loan: int = 0


@dataclass(frozen=True)
class TableDay:
    """One table's flags for one day, as the leader and verifiers see them."""

    table: int
    day: int
    on_table: int
    loans: int
    won: int
    lost: int

    @property
    def net(self) -> int:
        return self.on_table - self.loans


@dataclass(frozen=True)
class TeamEntry:
    """What standings need of a team: its home table, name and net flags per begun day."""

    table: int
    team: str
    days: tuple[int, ...]
    zone: str = ""


@dataclass(frozen=True)
class Standing:
    rank: int
    table: int
    team: str
    days: tuple[int, ...]
    total: int
    tied: bool
    zone: str = ""
    playoff: tuple[int, ...] = field(default=())
