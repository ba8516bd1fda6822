"""The knockout bracket of a playoff: seeds by the A players' draw, byes to the lowest draws.

Seed 1 is the lowest draw. Teams are placed in the usual seeded bracket for the next power of
two (1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight slots); the empty slots belong to the highest
seeds' opponents, so the lowest draws get the byes. For three teams this is the rule as
written: seed 1 (the lowest draw) waits while seeds 2 and 3 play, then meets the winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards_draw import Draw, order_by_draw
from .errors import RulesError, gettext_noop, translate


@dataclass(frozen=True)
class Entrant:
    """One side of a match: a team (its home table) or the winner of an earlier match."""

    table: int | None = None
    winner_of: int | None = None

    def __str__(self) -> str:
        if self.table is not None:
            return translate(gettext_noop("Table %(table)s")) % {"table": self.table}
        return translate(gettext_noop("Winner of playoff hand %(hand)s")) % {"hand": self.winner_of}


@dataclass(frozen=True)
class Match:
    """A playoff hand to play: ``number`` 1..n-1 in playing order, ``round`` 1 = first."""

    number: int
    round: int
    sides: tuple[Entrant, Entrant]


@dataclass(frozen=True)
class Bracket:
    """The knockout for one tied group: seeds (lowest draw first), byes and n-1 matches."""

    seeds: tuple[int, ...]
    byes: tuple[int, ...]
    matches: tuple[Match, ...]

    @property
    def rounds(self) -> tuple[tuple[Match, ...], ...]:
        last = max((m.round for m in self.matches), default=0)
        return tuple(tuple(m for m in self.matches if m.round == r) for r in range(1, last + 1))


def _slot_order(slots: int) -> list[int]:
    """Seeds in bracket order for a power of two: 1, 8, 4, 5, 2, 7, 3, 6 for eight."""
    order = [1]
    while len(order) < slots:
        order = [s for seed in order for s in (seed, 2 * len(order) + 1 - seed)]
    return order


def build_bracket(tables: Sequence[int], draw: Draw | None = None) -> Bracket:
    """The bracket for the tied ``tables``; the A players' ``draw`` is needed for 3 or more."""
    if len(set(tables)) != len(tables) or len(tables) < 2:
        raise RulesError("A playoff needs two or more different tables")
    if len(tables) == 2:
        seeds: tuple[int, ...] = tuple(sorted(tables))
    elif draw is None:
        raise RulesError("The A players of the tied teams must draw cards first")
    else:
        seeds = tuple(int(t) for t in order_by_draw(draw, tables))
    slots = 1
    while slots < len(seeds):
        slots *= 2
    line: list[Entrant | None] = [
        Entrant(table=seeds[s - 1]) if s <= len(seeds) else None for s in _slot_order(slots)
    ]
    matches: list[Match] = []
    waiting = {home for home, away in zip(line[::2], line[1::2], strict=True) if away is None}
    byes = tuple(table for table in seeds if Entrant(table=table) in waiting)
    round_number = 0
    while len(line) > 1:
        round_number += 1
        advancing: list[Entrant | None] = []
        for home, away in zip(line[::2], line[1::2], strict=True):
            if home is None or away is None:
                advancing.append(home or away)
                continue
            matches.append(Match(len(matches) + 1, round_number, (home, away)))
            advancing.append(Entrant(winner_of=len(matches)))
        line = advancing
    return Bracket(seeds=seeds, byes=byes, matches=tuple(matches))
