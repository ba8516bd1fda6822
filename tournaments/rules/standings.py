"""Standings: rank teams by total net flags, highest first; equal totals share a rank.

A playoff breaks a tie by giving each team of the tied group a place within the group;
the rank is then a competition rank over (total, place), so 1, 2, 2, 4 becomes 1, 2, 3, 4.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence

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

    def key(e: TeamEntry) -> tuple[int, int]:
        return (-sum(e.days), decided[e.table][0] if e.table in decided else 0)

    rows = sorted(entries, key=lambda e: (key(e), e.table))
    ranks = competition_ranks([key(e) for e in rows])
    shared = Counter(ranks)
    return [
        Standing(
            rank=rank,
            table=e.table,
            team=e.team,
            days=tuple(e.days),
            total=sum(e.days),
            tied=shared[rank] > 1,
            zone=e.zone,
            playoff=decided[e.table][1] if e.table in decided else (),
        )
        for rank, e in zip(ranks, rows, strict=True)
    ]
