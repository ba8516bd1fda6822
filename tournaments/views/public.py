"""Pages and JSON anyone may read: health, rotation, standings, the event home."""

from __future__ import annotations

from django.http import HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

from .. import selectors, snapshot
from ..rules.event_settings import typed_number
from ..shared_pages.decorators import public_event_page, public_json
from ..snapshot import team_links
from .standings_table import standings_table


@require_safe
def healthz(request):
    """Liveness for a load balancer or a leader's check (GET or HEAD): no database work."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def rotation_json(request, slug):
    return public_json(request, slug, "rotation.json", snapshot.rotation_payload, scope="setup")


@require_safe
def standings_json(request, slug):
    return public_json(request, slug, "standings.json", snapshot.standings_payload)


@require_safe
def hall_json(request, slug):
    """The hand the hall plays now and the tables it waits for (the projector and /hall/
    refresh from it)."""
    return public_json(request, slug, "hall.json", snapshot.hall_payload)


@require_safe
def event_list(request):
    return render(request, "tournaments/event_list.html", {"rows": selectors.event_rows()})


@public_event_page(also=team_links.links_key)
def event_home(request, event):
    playoffs = snapshot.playoffs(event)
    standings = snapshot.standings(event)
    advancing = snapshot.advancing_tables(event)
    links = team_links.team_links(event, team_links.sources_here(event))
    nowhere = team_links.TeamLink()
    context = {
        # Each shown team with where its name (its club) and its zone (its event) link.
        "leading": [(s, links.get(s.team, nowhere)) for s in standings[:5]],
        "zones": any(s.zone for s in standings[:5]),
        "event": event,
        "hands_played": snapshot.hands_played(event),
        "hands_total": event.last_hand,
        "standings": standings[:5],
        "playoffs": playoffs,
        # After the last hand and every playoff: the results, not the playoff call.
        "final": playoffs.final and all(g.places for g in playoffs.groups),
        "advancing_teams": [
            (s, links.get(s.team, nowhere)) for s in standings if s.table in advancing
        ],
    }
    return render(request, "tournaments/event_home.html", context)


@public_event_page(also=team_links.links_key)
def standings_page(request, event):
    playoffs = snapshot.playoffs(event)
    table = standings_table(
        snapshot.standings(event),
        advancing=snapshot.advancing_tables(event),
        due=snapshot.playoff_due_tables(event),
        event_slug=event.slug,
        links=team_links.team_links(event, team_links.sources_here(event)),
    )
    RequestConfig(request, paginate=False).configure(table)
    context = {
        "event": event,
        "table": table,
        "hands_played": snapshot.hands_played(event),
        "playoffs": playoffs,
        "playoffs_due": any(not g.places for g in playoffs.groups),
    }
    return render(request, "tournaments/standings.html", context)


ROTATION_BLOCK = 25  # home tables a rotation page shows at once: a phone's page stays light


@public_event_page(scope="setup")
def rotation_page(request, event):
    """The rotation, 25 home tables at a time (``?tables=26-50``); ``?table=N`` (from table
    N's page) shows that table's own line first and the block it is in."""
    rotation = snapshot.rotation(event)
    blocks = [
        (first, min(first + ROTATION_BLOCK - 1, event.tables))
        for first in range(1, event.tables + 1, ROTATION_BLOCK)
    ]
    mine = typed_number(request.GET.get("table", ""))
    if mine is not None and not 1 <= mine <= event.tables:
        mine = None
    block = blocks[0]
    if mine is not None:
        block = blocks[(mine - 1) // ROTATION_BLOCK]
    else:
        asked = request.GET.get("tables", "")
        block = next((b for b in blocks if asked == f"{b[0]}-{b[1]}"), block)
    shown = range(block[0], block[1] + 1)
    context = {
        "event": event,
        "tables": shown,
        "blocks": blocks if len(blocks) > 1 else [],
        "block": block,
        "mine": mine,
        "own": [(h, h.moves[mine]) for h in rotation.hands] if mine else [],
        "hands": [{"hand": h, "moves": [h.moves[t] for t in shown]} for h in rotation.hands],
    }
    return render(request, "tournaments/rotation.html", context)


@require_safe
def favicon(request):
    """Browsers and bookmarks ask for /favicon.ico; the icon itself is a static SVG."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))
