"""The read-only open-data API, version 1 (``/api/v1/...``; the README describes every field).

Each answer is JSON encoded and gzipped once per revision (an event's, a season's, or every
season's) and shared by every process, as ``standings.json`` is. A wrong short name or year
answers 404, a query string an address does not take 400, a method other than GET or HEAD 405,
each with ``{"error": "..."}``; nothing here writes.
"""

from __future__ import annotations

import json

from django.http import Http404, JsonResponse
from django.views.decorators.http import require_safe

from .. import snapshot
from ..rules.event_settings import SLUG, typed_number
from ..selectors import seasons as season_reads
from ..shared_pages.decorators import cached_answer, compressed_response, gzipped, public_json
from ..snapshot import seasons as season_snapshot

VERSION = 1


def _refused(status: int, message: str) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def _answer(request, now, name: str, build):
    def encoded() -> tuple[bytes, bytes]:
        body = json.dumps(build(), ensure_ascii=False).encode()
        return body, gzipped(body)

    body, packed = cached_answer(now, f"api:v{VERSION}:{name}", encoded)
    return compressed_response(request, body, packed, content_type="application/json")


def _no_query(view):
    def checked(request, *args, **kwargs):
        if request.GET:
            return _refused(400, "this address takes no query string")
        try:
            return view(request, *args, **kwargs)
        except Http404:
            return _refused(404, "not found")

    checked.__name__ = view.__name__
    checked.__doc__ = view.__doc__
    return require_safe(checked)


@require_safe
def seasons(request):
    """``/api/v1/seasons/`` (``?year=2027`` for one year)."""
    year = None
    if request.GET and (
        set(request.GET) != {"year"} or (year := typed_number(request.GET["year"], 4)) is None
    ):
        return _refused(400, "year: a year such as 2027, the only query this address takes")

    def build() -> dict:
        return {
            "version": VERSION,
            "seasons": [
                {"season": s.slug, "name": s.name, "year": s.year, "events": count}
                for s, count in season_snapshot.seasons_list()
                if year is None or s.year == year
            ],
        }

    return _answer(request, season_snapshot.seasons_now(), f"seasons:{year}", build)


@_no_query
def season(request, slug):
    """``/api/v1/seasons/<season>/``: its events by level, their places and the roads."""
    now = season_snapshot.season_now(slug)
    if now is None:
        raise Http404
    summary = season_snapshot.season_summary(slug)
    return _answer(request, now, "season", lambda: season_payload(summary))


def season_payload(summary) -> dict:
    season = summary.season
    return {
        "version": VERSION,
        "season": season.slug,
        "name": season.name,
        "year": season.year,
        "events": [event_payload(e) for e in summary.events],
        "roads": [
            {
                "event": event.slug,
                "teams": [
                    {
                        "team": r.team,
                        "club": r.club or None,
                        "steps": [
                            {
                                "event": s.slug,
                                "level": s.level or None,
                                "table": s.table,
                                "team": s.team,
                                "place": s.place,
                            }
                            for s in r.steps
                        ],
                    }
                    for r in roads
                ],
            }
            for event, roads in summary.roads
        ],
    }


def event_payload(e) -> dict:
    return {
        "event": e.slug,
        "name": e.name,
        "level": e.level,
        "first_day": e.starts_on.isoformat() if e.starts_on else None,
        "days": e.days,
        "tables": e.tables,
        "hands_played": e.hands_played,
        "final": e.final,
        "from": list(e.sources),
        "winner": e.winner.team if e.winner else None,
        "places": [
            {
                "place": p.place,
                "tied": p.tied,
                "table": p.table,
                "team": p.team,
                "zone": p.zone,
                "club": p.club or None,
                "days": list(p.days),
                "total": p.total,
                "advancing": p.advancing,
            }
            for p in e.placings
        ],
    }


@_no_query
def club(request, slug):
    """``/api/v1/clubs/<club>/``: every event the club played."""
    if not SLUG.match(slug):
        raise Http404
    summary = season_snapshot.club_summary(slug)

    def build() -> dict:
        return {
            "version": VERSION,
            "club": summary.club.slug,
            "name": summary.club.name,
            "events": [
                {
                    "season": p.season_slug,
                    "event": p.event.slug,
                    "level": p.event.level,
                    "first_day": p.event.starts_on.isoformat() if p.event.starts_on else None,
                    "team": p.placing.team if p.placing else None,
                    "place": p.placing.place if p.placing else None,
                    "total": p.placing.total if p.placing else None,
                    "players": list(p.placing.players) if p.placing else [],
                }
                for p in summary.played
            ],
        }

    return _answer(request, season_snapshot.seasons_now(), f"club:{slug}", build)


def _event_json(request, slug, name, build):
    if not SLUG.match(slug):
        raise Http404
    return public_json(request, slug, f"api:v{VERSION}:{name}", build)


@_no_query
def event_standings(request, slug):
    """``/api/v1/events/<event>/standings``: as ``standings.json``, with the level and zones."""

    def build(event) -> dict:
        payload = snapshot.standings_payload(event)
        zones = {s.table: s.zone for s in snapshot.standings(event)}
        return {
            "version": VERSION,
            **payload,
            "level": event.level,
            "final": snapshot.playoffs(event).final,
            "standings": [
                {**row, "zone": zones.get(row["table"], "")} for row in payload["standings"]
            ],
        }

    return _event_json(request, slug, "standings", build)


@_no_query
def event_rotation(request, slug):
    """``/api/v1/events/<event>/rotation``: as ``rotation.json``."""
    return _event_json(
        request,
        slug,
        "rotation",
        lambda event: {"version": VERSION, **snapshot.rotation_payload(event)},
    )


@_no_query
def event_results(request, slug):
    """``/api/v1/events/<event>/results``: every result of the days the leader has closed."""

    def build(event) -> dict:
        days, rows = season_reads.closed_results(event)
        fields = (
            "hand", "day", "host_table", "visitor_table", "tricks_played", "visitor_revokes",
            "host_revokes", "visitor_tricks",
        )  # fmt: skip
        return {
            "version": VERSION,
            "event": event.slug,
            "closed_days": days,
            "results": [dict(zip(fields, row, strict=True)) for row in rows],
        }

    return _event_json(request, slug, "results", build)
