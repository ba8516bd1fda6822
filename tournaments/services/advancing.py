"""Advancing teams: a Zone or Provincial event built from the top teams of earlier events.

Each source event is one zone. Its top ``Event.advancing`` teams go on in their final order,
and tables are assigned in zone order: the first-placed teams of the zones at tables
1..Z (zones in the order given), the second-placed at Z+1..2Z, and so on.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from .. import snapshot
from ..formats.csv_files import TeamRow
from ..models import Event, Level, Team
from ..rules.errors import Phrase, RulesError
from ..rules.event_settings import TEAM_NAME_MAX
from ..rules.zones import by_zone_place
from .links import links_record
from .setup import event_create, teams_replace


def advancing_teams(event: Event) -> list[Team]:
    """The event's advancing teams in final order; a RulesError says why not yet."""
    rows = snapshot.standings(event)
    if not snapshot.playoffs(event).final:
        raise RulesError(
            "%(event)s has not played all its hands yet", field="from", event=event.name
        )
    chosen = snapshot.advancing_tables(event)
    if len(chosen) < min(event.advancing, len(rows)):
        raise RulesError(
            "%(event)s: a tie for the advancing places is not decided yet; "
            "finish its playoff first",
            field="from",
            event=event.name,
        )
    tied: dict[int, list[int]] = {}
    for s in rows:
        if s.table in chosen:
            tied.setdefault(s.rank, []).append(s.table)
    if undecided := next((t for t in tied.values() if len(t) > 1), None):
        first, *others = sorted(undecided)
        tables = Phrase("table %(table)s", table=first)
        for table in others:
            tables = Phrase("%(tables)s and table %(table)s", tables=tables, table=table)
        raise RulesError(
            "%(event)s: %(tables)s are still tied; their playoff decides who goes on "
            "as first-placed. Play it first",
            field="from",
            event=event.name,
            tables=tables,
        )
    teams = snapshot.teams_by_table(event)
    if empty := next((s.table for s in rows if s.table in chosen and s.table not in teams), None):
        # A short teams file leaves a table empty: its place cannot go on silently unfilled.
        raise RulesError(
            "%(event)s: advancing table %(table)s has no team; import the teams file with "
            "every table, then create the next level",
            field="from",
            event=event.name,
            table=empty,
        )
    return [teams[s.table] for s in rows if s.table in chosen]


@transaction.atomic
def next_level_create(
    *,
    name: str,
    slug: str,
    sources: Sequence[Event],
    level: str,
    hands_per_day: Sequence[int],
    actor=None,
    **settings,
) -> Event:
    """Create the next-level event with the advancing teams of ``sources`` at their tables."""
    if level not in (Level.ZONE, Level.PROVINCIAL):
        raise RulesError("The next level is a zone or provincial event", field="level")
    if len({s.pk for s in sources}) != len(sources) or not sources:
        raise RulesError("Name each source event once", field="from")
    zones = [advancing_teams(source) for source in sources]
    seating = by_zone_place(zones)
    if len(seating) < 2:
        raise RulesError("The next level needs at least two advancing teams", field="from")
    zone_of = {
        team.pk: source.name for source, zone in zip(sources, zones, strict=True) for team in zone
    }
    names = [team.name for _, team in seating]
    # The season of its sources unless named: a zone goes on in the season of its areas.
    settings.setdefault("season", sources[0].season)
    event = event_create(
        name=name,
        slug=slug,
        tables=len(seating),
        hands_per_day=hands_per_day,
        level=level,
        actor=actor,
        **settings,
    )
    rows = [
        TeamRow(
            0,
            table,
            (team.name if names.count(team.name) == 1 else f"{team.name} ({zone_of[team.pk]})")[
                :TEAM_NAME_MAX
            ],
            zone_of[team.pk][:40],
            team.player_a,
            team.player_b,
            team.player_x,
            team.player_y,
        )
        for table, team in seating
    ]
    came_from = {
        team.pk: (source.slug, place, team.home_table)
        for source, zone in zip(sources, zones, strict=True)
        for place, team in enumerate(zone, start=1)
    }
    # Links first: the teams' clubs follow them when the teams are entered.
    links_record(
        event=event,
        sources=[s.slug for s in sources],
        teams=[
            (row.team, *came_from[team.pk]) for row, (_, team) in zip(rows, seating, strict=True)
        ],
        actor=actor,
    )
    teams_replace(event=event, rows=rows, actor=actor)
    return event
