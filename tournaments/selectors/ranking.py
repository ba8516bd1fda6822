"""Standings, playoffs and advancing, derived from the recorded results and cached by revision."""

from __future__ import annotations

from collections import Counter
from itertools import repeat

from ..models import Event, Team
from ..rules import flags as flag_rules
from ..rules.playoffs import tied_groups
from ..rules.standings import rank_teams
from ..rules.types import Result, Standing, TeamEntry
from .events import cached
from .hall import event_tallies, hall_state
from .playoff_state import Overview
from .playoff_state import overview as playoff_overview
from .tallies import inside_a_write


def team_entries(event: Event, teams: dict[int, Team], recorded: list[Result]) -> list[TeamEntry]:
    """Each team's net flags per begun day, from every recorded result."""
    net = flag_rules.net_flags_by_day(event.tables, recorded, event.flag_settings)
    return _entries(event, {t: (team.name, team.zone) for t, team in teams.items()}, net)


def _entries(
    event: Event, teams: dict[int, tuple[str, str]], net: dict[int, dict[int, int]]
) -> list[TeamEntry]:
    # Every day from day 1 to the last with a result; a day without results keeps its flags.
    tables = range(1, event.tables + 1)
    unplayed = dict.fromkeys(tables, event.flag_settings.flags_per_table)
    columns = [net.get(d, unplayed) for d in range(1, max(net, default=0) + 1)]
    # Each table's row of days, the columns turned into rows in one step.
    rows = zip(*[[column[t] for t in tables] for column in columns], strict=True)
    return [
        TeamEntry(
            table=table,
            team=teams[table][0] if table in teams else f"Table {table}",
            days=days,
            zone=teams[table][1] if table in teams else "",
        )
        for table, days in zip(tables, rows if columns else repeat((), len(tables)), strict=True)
    ]


def _team_names(event: Event, setup_mark: int = 0) -> dict[int, tuple[str, str]]:
    """Each home table's team name and zone (no model per team), read again only after a
    write that was not a result's (``Tallies.setup_mark``): a saved hand renames nobody."""
    key = (event.pk, event.created_at)
    known = _names.get(key)
    if setup_mark and known is not None and known[0] == setup_mark:
        return known[1]
    rows = Team.objects.filter(event=event).order_by().values_list("home_table", "name", "zone")
    names = {table: (name, zone) for table, name, zone in rows}
    if setup_mark and not inside_a_write():  # a write may yet be rolled back
        if len(_names) > 32:
            _names.clear()
        _names[key] = (setup_mark, names)
    return names


_names: dict[tuple, tuple[int, dict[int, tuple[str, str]]]] = {}


def all_hands_played(event: Event, recorded: list[Result]) -> bool:
    """Every hand of the event has a result at every table (playoffs may start)."""
    played = sum(1 for r in recorded if r.hand <= event.last_hand)
    return played == event.tables * event.last_hand


def _standings_and_hands_played(event: Event) -> tuple[list[Standing], int, Overview]:
    def build() -> tuple[list[Standing], int, Overview]:
        flags = event_tallies(event)  # only the hands changed since the last call are re-read
        net = flags.net_by_day(event.tables, event.flags_per_table)
        entries = _entries(event, _team_names(event, flags.setup_mark), net)
        rows = rank_teams(entries)
        final = flags.recorded_up_to(event.last_hand) == event.tables * event.last_hand
        tied = tied_groups(rows, event.playoff_places) if final else []
        playoffs = playoff_overview(event, final, tied) if tied else Overview(final=final)
        if decided := playoffs.decided():
            rows = rank_teams(entries, decided)
        return rows, flags.last_hand, playoffs

    return cached(event, "standings", build)


def playoffs(event: Event) -> Overview:
    """The tied groups needing a playoff and what has been recorded for them."""
    return _standings_and_hands_played(event)[2]


def playoff_due_tables(event: Event) -> set[int]:
    """Tables of tied groups whose playoff is not finished yet."""
    return {t for g in playoffs(event).groups if not g.places for t in g.tied.tables}


def advancing_tables(event: Event) -> set[int]:
    """The tables of the top ``Event.advancing`` teams, once all hands are played and no
    undecided tie straddles the line."""
    rows, _, overview = _standings_and_hands_played(event)
    if not overview.final:
        return set()
    shared = Counter(s.rank for s in rows)
    return {s.table for s in rows if s.rank + shared[s.rank] - 1 <= event.advancing}


def standings(event: Event) -> list[Standing]:
    """Current standings derived from the results (a few queries on a cache miss); the list
    is the caller's to sort."""
    return list(_standings_and_hands_played(event)[0])


def hands_played(event: Event) -> int:
    """The hands the hall has completed (``rules.hall``): every public "after hand N" reads
    this, never the highest hand with a result (0 before play starts)."""
    return hall_state(event).complete


def standings_payload(event: Event) -> dict:
    """The body of ``standings.json`` (DESIGN.md section 4)."""

    def build() -> dict:
        rows, _, _ = _standings_and_hands_played(event)
        played = hands_played(event)
        advancing = advancing_tables(event)
        return {
            "event": event.slug,
            "hands_played": played,
            "standings": [
                {
                    "rank": s.rank,
                    "table": s.table,
                    "team": s.team,
                    "days": list(s.days),
                    "total": s.total,
                    "tied": s.tied,
                    "playoff": list(s.playoff),
                    "advancing": s.table in advancing,
                }
                for s in rows
            ],
        }

    return cached(event, "standings.json", build)
