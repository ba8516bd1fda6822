"""Standings: rank teams by total net flags, highest first; equal totals share a rank.

A playoff breaks a tie by giving each team of the tied group a place within the group;
the rank is then a competition rank over (total, place), so 1, 2, 2, 4 becomes 1, 2, 3, 4.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from operator import itemgetter

from .types import Standing, TeamEntry


def competition_ranks(keys: Sequence[Hashable]) -> list[int]:
    """Ranks for keys already in order: equal neighbours share the best rank (1, 2, 2, 4)."""
    ranks: list[int] = []
    for i, key in enumerate(keys):
        ranks.append(ranks[-1] if i and key == keys[i - 1] else i + 1)
    return ranks


def rank_teams(
    entries: Iterable[TeamEntry],
    decided: Mapping[int, tuple[int, tuple[int, ...]]] | None = None,
) -> list[Standing]:
    """Standings from each team's net flags per day.

    ``decided`` maps a home table to (place within its tied group, playoff hands) for the
    teams a playoff has settled.
    """
    decided = decided or {}
    # Each team's order once: (fewest flags lost first, place in its playoff, table).
    ordered = []
    for e in entries:
        place = decided[e.table][0] if e.table in decided else 0
        ordered.append((-sum(e.days), place, e.table, e))
    ordered.sort(key=_order)
    ranks = competition_ranks([(minus, place) for minus, place, _, _ in ordered])
    shared = Counter(ranks)
    return [
        Standing(
            rank=rank,
            table=e.table,
            team=e.team,
            days=tuple(e.days),
            total=-minus,
            tied=shared[rank] > 1,
            zone=e.zone,
            playoff=decided[e.table][1] if e.table in decided else (),
        )
        for rank, (minus, _, _, e) in zip(ranks, ordered, strict=True)
    ]


_order = itemgetter(0, 1, 2)
