"""Zone order: tables by zone place (set-up) and teams by zone place (next level).

The first-placed team of every zone sits at tables 1..Z, the second-placed at Z+1..2Z, and so
on, zones in the order given; a zone with fewer teams is simply passed over once it runs out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

Member = TypeVar("Member")


def by_zone_place(zones: Sequence[Sequence[Member]]) -> list[tuple[int, Member]]:
    """(table, team) with every zone's first team first, then every second team, ..."""
    depth = max((len(z) for z in zones), default=0)
    placed = [z[place] for place in range(depth) for z in zones if place < len(z)]
    return list(enumerate(placed, start=1))


def zone_order(teams: Sequence[tuple[int, int, str]]) -> dict[int, int]:
    """Tables in zone order for ``(team id, current table, zone)``: the first-placed team of
    every zone (the one listed first) on tables 1..k, second-placed on k+1..2k, and so on.

    Zones keep the order in which they first appear; a team without a zone is a zone of its own.
    """
    zones: dict[str, list[int]] = {}
    for team_id, _, zone in sorted(teams, key=lambda t: t[1]):
        zones.setdefault(zone or f"\0{team_id}", []).append(team_id)
    return {team_id: table for table, team_id in by_zone_place(list(zones.values()))}
