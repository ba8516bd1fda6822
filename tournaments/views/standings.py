"""Standings for the room: CSV export and the projector view (the page refreshes itself)."""

from __future__ import annotations

import csv

from django.http import HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.http import require_GET

from .. import selectors, snapshot
from ..rules.event_settings import typed_number
from ..tables import standings_table


@require_GET
def standings_csv(request, slug):
    event = selectors.event_by_slug(slug)
    # The CSV is an interface: its headers and notes stay English whatever the reader's language.
    with translation.override("en-ca"):
        table = standings_table(snapshot.standings(event))
        rows = list(table.as_values())
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-standings.csv"'
    writer = csv.writer(response)
    for row in rows:
        writer.writerow([spreadsheet_safe(cell) for cell in row])
    return response


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: object) -> object:
    """A text cell a spreadsheet would run as a formula gets a leading apostrophe, as
    spreadsheet exporters do; numbers (net flags can be negative) stay numbers."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        try:
            float(cell)
        except ValueError:
            return "'" + cell
    return cell


def _refresh_seconds(text: str) -> int:
    """Seconds between refreshes: 15 unless ``?refresh=N`` asks for 1..300."""
    number = typed_number(text)
    return 15 if number is None else min(300, max(1, number))


@require_GET
def projector(request, slug):
    """Big type for the back of the hall; static/js/projector.js refetches standings.json."""
    event = snapshot.page_event(slug)
    rows = snapshot.standings(event)
    context = {
        "event": event,
        "rows": rows,
        "advancing": snapshot.advancing_tables(event),
        "days": max((len(s.days) for s in rows), default=0),
        "hands_played": snapshot.hands_played(event),
        "hands_total": event.last_hand,
        "refresh_seconds": _refresh_seconds(request.GET.get("refresh", "")),
    }
    return render(request, "tournaments/projector.html", context)


@require_GET
def movement_projector(request, slug):
    """The movement for the room: the next hand's trump and where each travelling pair goes,
    in type read across the hall. static/js/movement.js follows the hands as they are entered."""
    event = snapshot.page_event(slug)
    hands = snapshot.rotation(event).hands
    played = snapshot.hands_played(event)
    hand = hands[played] if played < min(len(hands), event.last_hand) else None
    context = {
        "event": event,
        "hand": hand,
        "moves": sorted(hand.moves.items()) if hand else [],
        "hands_total": event.last_hand,
        "refresh_seconds": _refresh_seconds(request.GET.get("refresh", "")),
    }
    return render(request, "tournaments/movement_projector.html", context)
