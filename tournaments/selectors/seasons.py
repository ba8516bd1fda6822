"""Seasons, their events, links and clubs: stateless reads, each a fixed number of queries
however many events a season has (``snapshot.seasons`` keeps what pages show)."""

from __future__ import annotations

from django.db.models import Count, Max, Min, OuterRef, Q, Subquery
from django.http import Http404
from django.utils.translation import gettext

from ..models import (
    Club,
    ClubEntry,
    ClubMatch,
    DayClose,
    Event,
    EventSource,
    HandResult,
    Season,
    SeasonRole,
    Team,
    TeamSource,
)
from ..rules.event_settings import SLUG


def season_by_slug(slug: str) -> Season:
    season = Season.objects.filter(slug=slug).first() if SLUG.match(slug) else None
    if season is None:
        raise Http404(gettext("No such season"))
    return season


def seasons() -> list[tuple[Season, int]]:
    """Every season with how many events it has, the newest year first (one query)."""
    rows = Season.objects.annotate(events_count=Count("events")).order_by("-year", "name")
    return [(s, s.events_count) for s in rows]


def coordinators(season: Season) -> list:
    """The season's coordinators' accounts (one query)."""
    return [r.user for r in SeasonRole.objects.filter(season=season).select_related("user")]


def season_events(season: Season) -> list[Event]:
    return list(Event.objects.filter(season=season).order_by("starts_on", "created_at", "slug"))


def teams_of(events: list[Event]) -> dict[int, dict[int, Team]]:
    """Each event's teams by table (one query)."""
    found: dict[int, dict[int, Team]] = {e.pk: {} for e in events}
    for team in Team.objects.filter(event__in=events).order_by():
        found[team.event_id][team.home_table] = team
    return found


def links_of(events: list[Event]) -> tuple[dict[int, list[str]], dict[int, dict]]:
    """Each event's source events (short names, in order) and, by team name, where each of
    its teams came from: (source short name, place, table) (two queries)."""
    sources: dict[int, list[str]] = {e.pk: [] for e in events}
    for row in EventSource.objects.filter(event__in=events).order_by("event", "position"):
        sources[row.event_id].append(row.source_slug)
    teams: dict[int, dict[str, tuple[str, int, int]]] = {e.pk: {} for e in events}
    for row in TeamSource.objects.filter(event__in=events).order_by():
        teams[row.event_id][row.team] = (row.source_slug, row.place, row.source_table)
    return sources, teams


def clubs_of(events: list[Event]) -> dict[tuple[int, str], tuple[str, str]]:
    """(event id, team name) -> (club short name, club name) for counted matches (one query)."""
    rows = (
        ClubEntry.objects.filter(event__in=events)
        .exclude(match=ClubMatch.PROPOSED)
        .values_list("event_id", "team", "club__slug", "club__name")
    )
    return {(event_id, team): (slug, name) for event_id, team, slug, name in rows}


def team_links(slug: str) -> dict[str, tuple[str, str]]:
    """By team name of the event ``slug``: the short name of the event the team came from and
    its club's short name (counted matches only), "" for none (one query)."""
    came_from = TeamSource.objects.filter(event=OuterRef("event"), team=OuterRef("name"))
    clubs = ClubEntry.objects.filter(event=OuterRef("event"), team=OuterRef("name")).exclude(
        match=ClubMatch.PROPOSED
    )
    rows = (
        Team.objects.filter(event__slug=slug)
        .order_by()
        .values_list(
            "name",
            Subquery(came_from.values("source_slug")[:1]),
            Subquery(clubs.values("club__slug")[:1]),
        )
    )
    return {name: (source or "", club or "") for name, source, club in rows}


def events_here(slugs: set[str]) -> set[str]:
    """Which of these events' short names are events on this installation (one query)."""
    return set(Event.objects.filter(slug__in=slugs).values_list("slug", flat=True))


def clubs_played() -> list[tuple[str, str, int, int | None, int | None]]:
    """Every club with a counted event: its short name, name, how many events it played and
    the first and last year of their seasons (one query)."""
    counted = ~Q(entries__match=ClubMatch.PROPOSED)
    rows = (
        Club.objects.annotate(
            played=Count("entries", filter=counted),
            first=Min("entries__event__season__year", filter=counted),
            last=Max("entries__event__season__year", filter=counted),
        )
        .filter(played__gt=0)
        .order_by()
        .values_list("slug", "name", "played", "first", "last")
    )
    return list(rows)


def club_by_slug(slug: str) -> Club:
    club = Club.objects.filter(slug=slug).first() if SLUG.match(slug) else None
    if club is None:
        raise Http404(gettext("No such club"))
    return club


def club_events(club: Club) -> list[tuple[Event, str]]:
    """Every event the club played, with its team's name there (one query)."""
    entries = (
        ClubEntry.objects.filter(club=club)
        .exclude(match=ClubMatch.PROPOSED)
        .select_related("event", "event__season")
    )
    return [(e.event, e.team) for e in entries]


def proposals(event: Event) -> list[tuple[Team | None, ClubEntry, list[Team]]]:
    """The event's teams whose club waits for a leader's word: the team, the proposed club's
    entry, and the club's latest teams elsewhere (three queries)."""
    entries = list(
        ClubEntry.objects.filter(event=event, match=ClubMatch.PROPOSED).select_related("club")
    )
    if not entries:
        return []
    teams = {
        t.name: t for t in Team.objects.filter(event=event, name__in=[e.team for e in entries])
    }
    known = (
        ClubEntry.objects.filter(club__in=[e.club_id for e in entries])
        .exclude(match=ClubMatch.PROPOSED)
        .exclude(event=event)
        .order_by("-event__created_at")
        .values_list("club_id", "event_id", "team")
    )
    wanted = Q(pk__in=[])
    by_club: dict[int, list[tuple[int, str]]] = {}
    for club, event_id, team in known:
        by_club.setdefault(club, []).append((event_id, team))
        wanted |= Q(event_id=event_id, name=team)
    others = {(t.event_id, t.name): t for t in Team.objects.filter(wanted).select_related("event")}
    return [
        (
            teams.get(e.team),
            e,
            [others[k] for k in by_club.get(e.club_id, [])[:3] if k in others],
        )
        for e in entries
    ]


def closed_results(event: Event) -> tuple[list[int], list[tuple]]:
    """The event's closed days and the results of their hands (two queries)."""
    days = sorted(DayClose.objects.filter(event=event, session=0).values_list("day", flat=True))
    rows = (
        HandResult.objects.filter(event=event, hand__day__in=days)
        .order_by("hand__number", "host_table")
        .values_list(
            "hand__number",
            "hand__day",
            "host_table",
            "visitor_table",
            "tricks_played",
            "visitor_revokes",
            "host_revokes",
            "visitor_tricks",
        )
    )
    return days, list(rows)
