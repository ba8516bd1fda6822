"""What a season page, a club page and the open-data API show, derived once per season revision
for every process.

A season spans many events. Its values are kept by ``store`` under the season's own revision
("season:<slug>"), which every write to any of its events moves on in the same transaction
(``services.audit.bump_revision`` -> ``bump_season``, the one place), as do its links and its
teams' club matches. So a kept season value can never outlive its results: any result saved
in any of its events commits together with the season's new revision, and the value is read
again under that one. A build that a write overtakes is not kept (``store.value`` reads the
season's revision before and after). What spans every season (a club's page, the list of
seasons) is kept under "seasons": the sum of every season's revision, which only grows, since
seasons are never deleted (their events protect them) and every bump adds one.

Building reads a fixed number of queries however many events a season has: the events, their
teams, links, clubs and playoffs in one query each, and the hands' tallies as the events'
standings keep them (``tallies.tallies_of``). Standings already kept for an event are reused,
and those built here are kept under the event's own revision (for its pages) with the build.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404

from ..cache import store
from ..models import Club, Event, Season, Team
from ..rules.clubs import name_order
from ..rules.event_settings import SLUG
from ..rules.seasons import EventFacts, EventResult, Placing, Step, advancing, by_level, road
from ..selectors import seasons as season_reads
from ..selectors.playoff_state import overview_from, recorded_playoffs
from .derived import ranked
from .tallies import tallies_of

SEASONS = "seasons"


def season_now(slug: str) -> store.Current | None:
    """The season's revision for its pages (None: no such season; a bad name reads nothing)."""
    return store.current(f"season:{slug}") if SLUG.match(slug) else None


def seasons_now() -> store.Current:
    return store.current(SEASONS)


def standings_of(events: list[Event]) -> dict[int, tuple]:
    """Each event's standings, last hand and playoffs (as ``derived.standings`` keeps them):
    those kept as they are, the rest built together in a fixed number of queries."""
    found: dict[int, tuple] = {}
    missing = []
    for event in events:
        kept = store.kept(store.current_of(event), "revision", "standings")
        if kept is not None:
            found[event.pk] = kept
        else:
            missing.append(event)
    if not missing:
        return found
    flags = tallies_of(missing)
    teams = season_reads.teams_of(missing)
    playoffs = recorded_playoffs([e.pk for e in missing])

    def overview(event, final, tied):
        rows, hands = playoffs.get(event.pk, ([], {}))
        return overview_from(tied, rows, hands)

    for event in missing:
        built = ranked(event, flags[event.pk], teams[event.pk], overview)
        # Kept under the event's revision with the build that read it (store.value's frame).
        found[event.pk] = store.value(
            store.current_of(event), "revision", "standings", lambda built=built: built
        )
    return found


@dataclass(frozen=True)
class _Linked:
    """An event's results with where its teams came from (kept together, read apart)."""

    result: EventResult
    came_from: dict


def _results(events: list[Event]) -> list[_Linked]:
    """Each event's results, its teams' clubs and players, and its links."""
    standings = standings_of(events)
    teams = season_reads.teams_of(events)
    sources, came_from = season_reads.links_of(events)
    clubs = season_reads.clubs_of(events)
    return [
        _result(e, standings[e.pk], teams[e.pk], sources[e.pk], clubs, came_from[e.pk])
        for e in events
    ]


def _result(event, standing, teams, sources, clubs, came_from) -> _Linked:
    rows, last_hand, overview = standing
    going = advancing(rows, overview.final, event.advancing)
    placings = []
    for s in rows:
        team: Team | None = teams.get(s.table)
        club, club_name = clubs.get((event.pk, s.team), ("", ""))
        players = (
            tuple(p for p in (team.player_a, team.player_b, team.player_x, team.player_y) if p)
            if team
            else ()
        )
        placings.append(
            Placing(
                s.rank, s.tied, s.table, s.team, s.zone, s.days, s.total, s.table in going,
                club, club_name, players,
            )
        )  # fmt: skip
    result = EventResult(
        event.slug,
        event.name,
        event.level,
        event.starts_on,
        len(event.day_hand_counts),
        event.tables,
        last_hand,
        event.last_hand,
        overview.final,
        tuple(sources),
        tuple(placings),
    )
    return _Linked(result, came_from)


@dataclass(frozen=True)
class Road:
    """A team of the season's last level and the road it took there, its own event first."""

    team: str
    club: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class SeasonSummary:
    season: Season
    events: tuple[EventResult, ...]
    roads: tuple[tuple[EventResult, tuple[Road, ...]], ...]

    @property
    def levels(self) -> list[tuple[str, list[EventResult]]]:
        return by_level(self.events)


def season_summary(slug: str) -> SeasonSummary:
    """Everything the season's page, sheet, CSV, calendar and API show; a 404 for no season."""
    now = season_now(slug)
    if now is None:
        raise Http404
    return store.value(now, "revision", "summary", lambda: _summary(slug))


def _summary(slug: str) -> SeasonSummary:
    season = season_reads.season_by_slug(slug)
    events = season_reads.season_events(season)
    linked = _results(events)
    results = tuple(x.result for x in linked)
    facts = {
        x.result.slug: EventFacts(
            x.result.slug,
            x.result.name,
            x.result.level,
            {p.table: p.team for p in x.result.placings},
            {p.table: p.place for p in x.result.placings if x.result.final},
            x.came_from,
        )
        for x in linked
    }
    # The roads of the season's top level: each of its teams traced back to where it began.
    top = [r for r in results if r.level == "provincial"] or [
        r for r in results if r.level == "zone" and r.sources
    ]
    roads = tuple(
        (
            r,
            tuple(
                Road(p.team, p.club, tuple(road(r.slug, p.table, facts)))
                for p in sorted(r.placings, key=lambda p: (p.place, p.table))
            ),
        )
        for r in top
    )
    return SeasonSummary(season, results, roads)


@dataclass(frozen=True)
class ClubPlay:
    """One event a club played: the season, the event, its team there and how it did."""

    season: str
    season_slug: str
    event: EventResult
    placing: Placing | None


@dataclass(frozen=True)
class ClubSummary:
    club: Club
    played: tuple[ClubPlay, ...]

    def players(self) -> list[tuple[str, int]]:
        """Everyone who played for the club, with how many of its events."""
        counted: dict[str, int] = {}
        for play in self.played:
            for name in play.placing.players if play.placing else ():
                counted[name] = counted.get(name, 0) + 1
        return sorted(counted.items(), key=lambda nc: (-nc[1], nc[0].casefold()))


def club_summary(slug: str) -> ClubSummary:
    """The club's page: every event it played, newest first; a 404 for no such club."""
    if not SLUG.match(slug):
        raise Http404
    return store.value(seasons_now(), "revision", f"club:{slug}", lambda: _club(slug))


def _club(slug: str) -> ClubSummary:
    club = season_reads.club_by_slug(slug)
    played = season_reads.club_events(club)
    events = list({e.pk: e for e, _ in played}.values())
    results = {x.result.slug: x.result for x in _results(events)}
    plays = []
    for event, team in played:
        result = results[event.slug]
        placing = next((p for p in result.placings if p.team == team), None)
        season = event.season
        plays.append(
            ClubPlay(season.name if season else "", season.slug if season else "", result, placing)
        )
    plays.sort(key=lambda p: (p.event.starts_on is None, p.event.starts_on), reverse=True)
    return ClubSummary(club, tuple(plays))


def seasons_list() -> list[tuple[Season, int]]:
    """Every season with its number of events, newest year first."""
    return store.value(seasons_now(), "revision", "list", season_reads.seasons)


@dataclass(frozen=True)
class ClubRow:
    """A club on the list of every club: its page, name, events played, first and last year."""

    slug: str
    name: str
    played: int
    first: int | None
    last: int | None

    @property
    def letter(self) -> str:
        """The letter the club is listed under ("#" for a name that starts with none)."""
        first = name_order(self.name)[0][:1].upper()
        return first if first.isalpha() else "#"


def clubs_list() -> list[ClubRow]:
    """Every club that played an event, in every season, by name as readers look names up."""
    return store.value(seasons_now(), "revision", "clubs", _clubs)


def _clubs() -> list[ClubRow]:
    rows = [ClubRow(*row) for row in season_reads.clubs_played()]
    return sorted(rows, key=lambda r: (*name_order(r.name), r.slug))
