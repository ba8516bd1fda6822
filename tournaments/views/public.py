"""Pages and JSON anyone may read: health, rotation, standings, the event home."""

from __future__ import annotations

import json

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from .. import selectors
from ..tables import standings_table


@require_GET
def healthz(request):
    """Liveness for a load balancer or a leader's check: no database work."""
    return HttpResponse("ok", content_type="text/plain")


def _json(slug: str, name: str, build) -> HttpResponse:
    body = selectors.cached_by_slug(slug, name, lambda event: json.dumps(build(event)).encode())
    return HttpResponse(body, content_type="application/json")


@require_GET
def rotation_json(request, slug):
    return _json(slug, "rotation.json.bytes", selectors.rotation_payload)


@require_GET
def standings_json(request, slug):
    return _json(slug, "standings.json.bytes", selectors.standings_payload)


@require_GET
def event_list(request):
    events = selectors.recent_events()
    return render(request, "tournaments/event_list.html", {"events": events})


@require_GET
def event_home(request, slug):
    event = selectors.event_by_slug(slug)
    context = {
        "event": event,
        "hands_played": selectors.hands_played(event),
        "hands_total": event.last_hand,
        "standings": selectors.standings(event)[:5],
        "playoffs": selectors.playoffs(event),
    }
    return render(request, "tournaments/event_home.html", context)


@require_GET
def standings_page(request, slug):
    event = selectors.event_by_slug(slug)
    playoffs = selectors.playoffs(event)
    table = standings_table(
        selectors.standings(event),
        advancing=selectors.advancing_tables(event),
        due=selectors.playoff_due_tables(event),
    )
    RequestConfig(request, paginate=False).configure(table)
    context = {
        "event": event,
        "table": table,
        "hands_played": selectors.hands_played(event),
        "playoffs": playoffs,
        "playoffs_due": any(not g.places for g in playoffs.groups),
    }
    return render(request, "tournaments/standings.html", context)


@require_GET
def rotation_page(request, slug):
    event = selectors.event_by_slug(slug)
    rotation = selectors.rotation(event)
    context = {
        "event": event,
        "tables": range(1, event.tables + 1),
        "hands": [
            {"hand": h, "moves": [h.moves[t] for t in range(1, event.tables + 1)]}
            for h in rotation.hands
        ],
    }
    return render(request, "tournaments/rotation.html", context)
