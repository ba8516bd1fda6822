"""Standings, playoffs and advancing, derived from the recorded results and cached by revision."""

from __future__ import annotations

from ..models import Event, Team
from ..rules import flags as flag_rules
from ..rules.playoffs import tied_groups
from ..rules.standings import rank_teams
from ..rules.types import Result, Standing, TeamEntry
from .events import cached
from .ledger import results, teams_by_table
from .playoff_state import Overview
from .playoff_state import overview as playoff_overview


def team_entries(event: Event, teams: dict[int, Team], recorded: list[Result]) -> list[TeamEntry]:
    net = flag_rules.net_flags_by_day(event.tables, recorded, event.flag_settings)
    # Every day from day 1 to the last with a result; a day without results keeps its flags.
    unplayed = dict.fromkeys(range(1, event.tables + 1), event.flag_settings.flags_per_table)
    days = range(1, max(net, default=0) + 1)
    net = {d: net.get(d, unplayed) for d in days}
    return [
        TeamEntry(
            table=table,
            team=teams[table].name if table in teams else f"Table {table}",
            days=tuple(net[d][table] for d in days),
            zone=teams[table].zone if table in teams else "",
        )
        for table in range(1, event.tables + 1)
    ]


def all_hands_played(event: Event, recorded: list[Result]) -> bool:
    """Every hand of the event has a result at every table (playoffs may start)."""
    played = sum(1 for r in recorded if r.hand <= event.last_hand)
    return played == event.tables * event.last_hand


def _standings_and_hands_played(event: Event) -> tuple[list[Standing], int, Overview]:
    def build() -> tuple[list[Standing], int, Overview]:
        recorded = results(event)
        entries = team_entries(event, teams_by_table(event), recorded)
        rows = rank_teams(entries)
        final = all_hands_played(event, recorded)
        tied = tied_groups(rows, event.playoff_places) if final else []
        playoffs = playoff_overview(event, final, tied) if tied else Overview(final=final)
        if decided := playoffs.decided():
            rows = rank_teams(entries, decided)
        return rows, max((r.hand for r in recorded), default=0), playoffs

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
    shared = {s.rank: sum(1 for o in rows if o.rank == s.rank) for s in rows}
    return {s.table for s in rows if s.rank + shared[s.rank] - 1 <= event.advancing}


def standings(event: Event) -> list[Standing]:
    """Current standings derived from the results (three queries on a cache miss)."""
    return _standings_and_hands_played(event)[0]


def hands_played(event: Event) -> int:
    """The highest hand with at least one result (0 before play starts)."""
    return _standings_and_hands_played(event)[1]


def standings_payload(event: Event) -> dict:
    """The body of ``standings.json`` (DESIGN.md section 4)."""

    def build() -> dict:
        rows, played, _ = _standings_and_hands_played(event)
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
