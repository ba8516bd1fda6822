"""The projector's advancing line: drawn under the last team sure of an advancing place, never
through a tie. A tie across the line (teams sharing a rank that holds both the last
advancing place and the first place after it) is named instead: "Tie for place 2: playoff".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class CutLine:
    """``under``: how many rows stand above the line (0: no line); ``across``: the tables
    tied across it, best first (empty when no tie straddles it); ``place``: their rank."""

    under: int
    across: tuple[int, ...] = ()
    place: int | None = None


def cut_line(rows: Sequence[tuple[int, int]], advancing: int) -> CutLine:
    """``rows``: (rank, table) in standings order (a shared place repeats its rank)."""
    if advancing <= 0 or not rows:
        return CutLine(0)
    shared = Counter(rank for rank, _ in rows)
    under = sum(1 for rank, _ in rows if rank + shared[rank] - 1 <= advancing)
    tied = [
        (rank, table)
        for rank, table in rows
        if rank <= advancing < rank + shared[rank] - 1 and shared[rank] > 1
    ]
    if not tied:
        return CutLine(under)
    return CutLine(under, tuple(table for _, table in tied), tied[0][0])
