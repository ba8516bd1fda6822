"""A season's events and roads, as pure values: levels in order, each team's road back from the
provincial through its zone to its area, and a season's name and year.

Pure Python: ``snapshot/seasons.py`` reads the events and their links and hands them here.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

from .errors import RulesError
from .event_settings import MAX_TABLES, check_slug
from .types import Standing

LEVEL_ORDER = ("area", "zone", "provincial", "club")  # how a season page lists its levels
_YEAR = re.compile(r"(?<!\d)(19|20|21)\d\d(?!\d)")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def season_year(name: str, default: int) -> int:
    """The year a season's name gives ("55 Plus Summer Games 2027"), else ``default``."""
    found = _YEAR.search(name)
    return int(found.group()) if found else default


def season_slug(name: str) -> str:
    """The season's short name for its address: "55-plus-summer-games-2027" (60 at most)."""
    plain = unicodedata.normalize("NFKD", name.casefold()).encode("ascii", "ignore").decode()
    return "-".join(_NOT_SLUG.sub(" ", plain).split())[:60].strip("-") or "season"


def default_season_name(first_day: date | None, today: date) -> str:
    """An event without a named season belongs to its first day's year (or this year)."""
    return str((first_day or today).year)


def advancing(rows: Sequence[Standing], final: bool, places: int) -> set[int]:
    """Tables of the top ``places`` teams once every hand is played and no undecided tie
    straddles the line (as ``snapshot.advancing_tables``)."""
    if not final:
        return set()
    shared = Counter(s.rank for s in rows)
    return {s.table for s in rows if s.rank + shared[s.rank] - 1 <= places}


@dataclass(frozen=True)
class EventFacts:
    """What a road needs of one event: its name and level, each table's team and place, and
    where each of its teams came from (team name -> source slug, place there, table there)."""

    slug: str
    name: str
    level: str
    teams: Mapping[int, str]
    places: Mapping[int, int]
    sources: Mapping[str, tuple[str, int, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    """One level of a team's road: the event, the team's table and name there, and its place
    (None when the event is not on this installation, or not finished)."""

    slug: str
    name: str
    level: str
    table: int
    team: str
    place: int | None


def road(slug: str, table: int, events: Mapping[str, EventFacts]) -> list[Step]:
    """The team at ``table`` of event ``slug``, traced back through the events it came from:
    the event itself first, then the one before, down to where it started."""
    steps: list[Step] = []
    seen: set[str] = set()
    while slug not in seen:
        seen.add(slug)
        facts = events.get(slug)
        if facts is None:  # linked to an event not on this installation: named by its slug
            if steps:
                steps.append(Step(slug, slug, "", table, steps[-1].team, None))
            break
        team = facts.teams.get(table, "")
        steps.append(Step(slug, facts.name, facts.level, table, team, facts.places.get(table)))
        link = facts.sources.get(team)
        if link is None:
            break
        slug, _, table = link
    return steps


@dataclass(frozen=True)
class Placing:
    """A team's line in an event of the season: its place, flags and club."""

    place: int
    tied: bool
    table: int
    team: str
    zone: str
    days: tuple[int, ...]
    total: int
    advancing: bool
    club: str = ""  # the club's short name ("" until its match is decided)
    club_name: str = ""
    players: tuple[str, ...] = ()


@dataclass(frozen=True)
class EventResult:
    """One event of a season as its season page, CSV and API show it."""

    slug: str
    name: str
    level: str
    starts_on: date | None
    days: int
    tables: int
    hands_played: int
    last_hand: int
    final: bool
    sources: tuple[str, ...]
    placings: tuple[Placing, ...]

    @property
    def winner(self) -> Placing | None:
        """The first-placed team once every hand is played and its place is not shared."""
        first = self.placings[0] if self.placings else None
        return first if self.final and first and not first.tied else None

    @property
    def advancing(self) -> tuple[Placing, ...]:
        return tuple(p for p in self.placings if p.advancing)


def by_level(events: Sequence[EventResult]) -> list[tuple[str, list[EventResult]]]:
    """The season's events grouped by level (area, zone, provincial, club), dates in order."""
    groups = [(level, [e for e in events if e.level == level]) for level in LEVEL_ORDER]
    return [(level, found) for level, found in groups if found]


def check_links(
    event_slug: str, sources: Sequence[str], teams: Sequence[tuple[str, str, int, int]]
) -> None:
    """A RulesError naming the first problem: sources named once, not the event itself; each
    team once, from a listed source, at a place and table from 1 to 250."""
    seen: set[str] = set()
    for slug in sources:
        check_slug(slug)
        if slug == event_slug:
            raise RulesError("An event cannot come from itself", field="sources")
        if slug in seen:
            raise RulesError("%(slug)s is named twice", field="sources", slug=slug)
        seen.add(slug)
    named: set[str] = set()
    for team, slug, place, table in teams:
        if team in named:
            raise RulesError("%(team)s has two links", field="teams", team=team)
        named.add(team)
        if slug not in seen:
            raise RulesError(
                "%(team)s: %(slug)s is not one of the events this one came from",
                field="teams",
                team=team,
                slug=slug,
            )
        for value in (place, table):
            if type(value) is not int or not 1 <= value <= MAX_TABLES:
                raise RulesError(
                    "%(team)s: place and table are whole numbers from 1 to %(most)s",
                    field="teams",
                    team=team,
                    most=MAX_TABLES,
                )
