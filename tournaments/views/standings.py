"""Standings for the room: CSV export and the projector view (the page refreshes itself)."""

from __future__ import annotations

import csv

from django.http import HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_safe

from .. import selectors, snapshot
from ..rules.cut_line import cut_line
from ..rules.event_settings import typed_number
from ..selectors.rotation import shift_words
from ..shared_pages.decorators import public_event_page
from .hand_now_words import MOST_RUNS, hand_waits_for, over_words, waiting_words
from .standings_table import standings_table


@require_safe
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


def _tie_words(cut, *, final: bool) -> str:
    """ "Tie for place 2: playoff (tables 3, 9, 4)." when a tie straddles the advancing line
    (the line stays above it), else "". Past eight tables, a count instead of the list."""
    if not cut.across:
        return ""
    if len(cut.across) > 8:
        tables = ngettext("%(count)s table", "%(count)s tables", len(cut.across)) % {
            "count": len(cut.across)
        }
    else:
        tables = _("tables %(tables)s") % {"tables": ", ".join(map(str, cut.across))}
    values = {"place": cut.place, "tables": tables}
    if final:
        return _("Tie for place %(place)s: playoff (%(tables)s).") % values
    return _("Tie for place %(place)s across the yellow line (%(tables)s).") % values


@public_event_page
def projector(request, event):
    """Big type for the back of the hall; static/js/projector.js refetches standings.json."""
    rows = snapshot.standings(event)
    hand_now = snapshot.hand_now(event)
    # Before the first hand is complete every team shares first: no line, no tie to name.
    played = snapshot.hands_played(event)
    cut = cut_line([(s.rank, s.table) for s in rows], event.advancing if played else 0)
    final = hand_now.all_played
    context = {
        "event": event,
        "rows": rows,
        "cut": cut,
        "tie_words": _tie_words(cut, final=final),
        "waiting_for": hand_waits_for(hand_now, event.tables),
        "advancing": snapshot.advancing_tables(event),
        "days": max((len(s.days) for s in rows), default=0),
        "hands_played": played,
        "hands_total": event.last_hand,
        "refresh_seconds": _refresh_seconds(request.GET.get("refresh", "")),
    }
    return render(request, "tournaments/projector.html", context)


@public_event_page
def movement_projector(request, event):
    """The movement for the room: the hall's hand, its trump and where each travelling pair
    goes, in type read across the hall (a screenful at a time); one line says it all when
    every pair moves the same number of tables. ``?table=N`` (from table N's page) puts that
    table's line first. static/js/movement.js follows the hall as hands are completed."""
    hand_now = snapshot.hand_now(event)
    hand = snapshot.rotation(event).hand(hand_now.current) if hand_now.current else None
    mine = typed_number(request.GET.get("table", ""))
    moves = sorted(hand.moves.items()) if hand else []
    if mine is not None and 1 <= mine <= event.tables:
        moves.sort(key=lambda move: move[0] != mine)
    else:
        mine = None
    context = {
        "event": event,
        "hand": hand,
        "moves": moves,
        "mine": mine,
        "shift": shift_words(hand.moves, event.tables) if hand else "",
        "over": over_words(hand_now, event.last_hand),
        "waiting_for": waiting_words(
            hand_now.waiting, hand_now.pending, tables=event.tables, most_runs=MOST_RUNS
        )
        if hand
        else "",
        "hands_total": event.last_hand,
        "refresh_seconds": _refresh_seconds(request.GET.get("refresh", "")),
    }
    return render(request, "tournaments/movement_projector.html", context)


@public_event_page
def hall_map(request, event):
    """Every table of the hall on one screen, marked in, waiting, or entered at the table and
    waiting for the leader, for the hand the hall plays now: at 250 tables a list of numbers
    no longer says which ones. static/js/hall_map.js follows hall.json."""
    hand_now = snapshot.hand_now(event)
    waiting, pending = set(hand_now.waiting), set(hand_now.pending)
    tiles = [
        (table, "waiting" if table in waiting else "pending" if table in pending else "in")
        for table in range(1, event.tables + 1)
    ]
    context = {
        "event": event,
        "hand": hand_now.current,
        "tiles": tiles,
        "waiting_for": hand_waits_for(hand_now, event.tables),
        "over": over_words(hand_now, event.last_hand),
        "hands_total": event.last_hand,
        "refresh_seconds": _refresh_seconds(request.GET.get("refresh", "")),
    }
    return render(request, "tournaments/hall_map.html", context)
