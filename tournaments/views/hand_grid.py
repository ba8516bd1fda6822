"""The leader's hand grid: one page per hand, one row per host table, keyboard first."""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from .. import permissions, selectors, snapshot
from ..forms.hand_grid import GridInput, parse_grid, shown_value
from ..models import Event, Hand
from ..rules.errors import RulesError, shortened
from ..rules.event_settings import typed_number
from ..rules.flags import flags_won
from ..rules.rotation import LEADERS_CUT
from ..rules.types import Pair, Trump
from ..services import ResultConflict
from ..services.hand_grid import hand_results_save
from ..services.setup import hand_trump_record
from ..services.table_entry import table_entry_accept
from .access import event_page
from .hand_grid_rows import rows_html
from .hand_grid_words import refused_words, saved_words
from .hand_now_words import waiting_words
from .table_resend import keep_held


def flags_text(host: int, visitor: int, flags: int) -> str:
    if not flags:
        return _("No flag moves")
    return ngettext(
        "Table %(visitor)s takes %(flags)s flag from Table %(host)s",
        "Table %(visitor)s takes %(flags)s flags from Table %(host)s",
        flags,
    ) % {"visitor": visitor, "flags": flags, "host": host}


def table_rows(event: Event, hand: Hand, posted: GridInput | None = None) -> list[dict]:
    """One row per host table: who visits, what is saved, what the leader typed."""
    teams = snapshot.teams_by_table(event)
    saved = selectors.hand_results(hand)
    loans = selectors.hand_loans(event, hand.number)
    waiting = selectors.waiting_entries(event, hand.number)
    corrected = selectors.hand_corrections(event, hand.number)
    travelling = Pair(hand.travelling)
    home_pair = Pair.XY if travelling == Pair.AB else Pair.AB
    rows = []
    for visitor, host in sorted(enumerate(hand.moves, 1), key=lambda pair: pair[1]):
        result = saved.get(host)
        was = (
            shown_value(result.tricks_played, result.visitor_revokes, result.host_revokes)
            if result
            else ""
        )
        typed = (
            ("", "", "")
            if result is None
            else (
                str(result.tricks_played),
                str(result.visitor_revokes or ""),
                str(result.host_revokes or ""),
            )
        )
        error = posted.errors.get(host) if posted else None
        if posted and (error or host in posted.conflicts or host in posted.unsaved):
            typed = tuple(shortened(t) for t in posted.typed[host])  # never megabytes again
        rows.append(
            {
                "host": host,
                "visitor": visitor,
                "host_team": teams.get(host),
                "visitor_team": teams.get(visitor),
                "visitor_pair": teams[visitor].pair(travelling) if visitor in teams else "",
                "host_pair": teams[host].pair(home_pair) if host in teams else "",
                "result": result,
                "was": was,
                "typed": typed,
                "version": result.version if result else 0,
                "flags": flags_text(
                    host, visitor, flags_won(result.visitor_tricks, event.flag_settings)
                )
                if result
                else "",
                "loan": loans.get(host, 0),
                "error": error,
                "conflict": posted.conflicts.get(host) if posted else None,
                "from_table": bool(result) and permissions.is_table_name(result.entered_by),
                "waiting": selectors.waiting_shown(waiting.get(host), result),
                "corrected": corrected.get(host) if result else None,
            }
        )
    return rows


def _clock(when) -> str:
    return f"{timezone.localtime(when):%H:%M}"


def row_payload(event: Event, row: dict) -> dict:
    """One grid row as the page's refresh reads it."""
    result, waiting = row["result"], row["waiting"]
    return {
        "host": row["host"],
        "version": row["version"],
        "was": row["was"],
        "typed": list(row["typed"]),
        "flags": row["flags"],
        "from_table": row["from_table"],
        "at": _clock(result.entered_at) if result else "",
        "loan": row["loan"],
        "waiting": {
            "resent_by": waiting.table if waiting.resent else None,
            "visitor_tricks": waiting.visitor_tricks,
            "tricks_played": waiting.tricks_played,
            "visitor_revokes": waiting.visitor_revokes,
            "host_revokes": waiting.host_revokes,
            "at": _clock(waiting.received_at),
        }
        if waiting
        else None,
    }


# The grid is drawn again after every save: its history shows the newest entries (a hand of a
# 250-table hall has 250 and more, and drawing them all cost every save's page more than the
# save), and all of them on request.
HISTORY_SHOWN = 30
# Past this many runs of missing tables the grid's head counts them (it stays on screen).
MOST_RUNS = 12


def _render_grid(request, event: Event, hand: Hand, posted: GridInput | None = None):
    whole = request.GET.get("history") == "all"
    history = selectors.hand_history(event, hand.number, 500 if whole else HISTORY_SHOWN + 1)
    closed = selectors.hand_is_closed(event, hand)
    if posted is None:  # the hand as saved: kept for its revision, shared by every leader
        name = f"grid:{translation.get_language()}:{hand.number}:{closed}"
        grid = snapshot.cached(event, name, lambda: _grid(event, hand, None, not closed))
    else:
        grid = _grid(event, hand, posted, not closed)
    context = {
        **grid,
        "event": event,
        "hand": hand,
        "trump": Trump(hand.trump) if hand.trump else None,
        "hands_total": sum(event.day_hand_counts),
        "history": history[: None if whole else HISTORY_SHOWN],
        "history_more": not whole and len(history) > HISTORY_SHOWN,
        "closed": closed,
        "can_edit": not closed,
        "next_hand": hand.number + 1 if hand.number < sum(event.day_hand_counts) else None,
        "settings": event.flag_settings,
        "cut_event": event.trumps == LEADERS_CUT,
        "trumps": list(Trump),
    }
    return render(request, "tournaments/hand_grid.html", context, status=200)


def _grid(event: Event, hand: Hand, posted: GridInput | None, can_edit: bool) -> dict:
    """The hand's rows written, and their counts."""
    rows = table_rows(event, hand, posted)
    return {
        "rows_html": mark_safe(rows_html(rows, can_edit)),  # noqa: S308 - escaped by Jinja2
        "entered": sum(1 for r in rows if r["result"]),
        "from_tables": sum(1 for r in rows if r["from_table"]),
        "waiting": sum(1 for r in rows if r["waiting"]),
        "waiting_for": waiting_words(_missing(rows), tables=event.tables, most_runs=MOST_RUNS),
    }


def _missing(rows: list[dict]) -> list[int]:
    """Host tables of the hand with no saved result."""
    return [r["host"] for r in rows if not r["result"]]


@require_http_methods(["GET", "POST"])
@event_page(permissions.ENTER)
def hand_grid(request, event: Event, number: int):
    hand = selectors.hand_row(event, number)
    if request.method == "GET":
        return _render_grid(request, event, hand)
    posted = parse_grid(request.POST, hand=number, tables=range(1, event.tables + 1))
    try:
        outcome = hand_results_save(
            event=event, hand=number, entries=posted.entries, actor=request.user
        )
    except ResultConflict as conflict:  # another leader created the row a moment ago
        posted.conflicts = {conflict.host_table: conflict.message}
        posted.unsaved = {e.host_table for e in posted.entries}
        messages.error(request, _("Nothing was saved: another leader saved at the same moment."))
        return _render_grid(request, event, hand, posted)
    except RulesError as refused:  # the day was closed meanwhile
        posted.unsaved = {e.host_table for e in posted.entries}
        messages.error(request, _("Nothing was saved: %(why)s") % {"why": refused.message})
        return _render_grid(request, event, hand, posted)
    posted.conflicts = {c.host_table: c.message for c in outcome.conflicts}
    if outcome.saved:
        was = {r.host_table: request.POST.get(f"was_{r.host_table}", "") for r in outcome.saved}
        messages.success(request, saved_words(number, outcome.saved, was))
    if posted.errors or posted.conflicts:
        messages.error(request, refused_words([*posted.errors, *posted.conflicts]))
        return _render_grid(request, event, hand, posted)
    go_next = request.POST.get("go") == "next" and number < sum(event.day_hand_counts)
    target = number + 1 if go_next else number
    return redirect(reverse("tournaments:hand_grid", args=[event.slug, target]))


@require_http_methods(["GET"])
@event_page(permissions.ENTER)
def hand_rows(request, event: Event, number: int):
    """The grid's rows as JSON: the open grid refreshes rows entered at the tables."""
    rows = table_rows(event, selectors.hand_row(event, number))
    return JsonResponse(
        {
            "hand": number,
            "entered": sum(1 for r in rows if r["result"]),
            "from_tables": sum(1 for r in rows if r["from_table"]),
            "waiting": sum(1 for r in rows if r["waiting"]),
            "missing": _missing(rows),
            "rows": [row_payload(event, r) for r in rows],
        }
    )


@require_http_methods(["POST"])
@event_page(permissions.ENTER)
def hand_accept(request, event: Event, number: int):
    """Accept a table's waiting entry (or every waiting entry of the hand)."""
    hand = selectors.hand_row(event, number)
    if "keep" in request.POST:  # a resent entry set aside: the result the hall holds stays
        return keep_held(request, event, hand)
    if request.POST.get("table") == "all":
        tables = sorted(selectors.waiting_entries(event, number))
    else:
        table = typed_number(request.POST.get("table", ""), 3)
        tables = [] if table is None else [table]
    accepted, refused = [], []
    for table in tables:
        try:
            table_entry_accept(event=event, hand=hand.number, table=table, actor=request.user)
        except RulesError as error:
            refused.append(error.message)
        else:
            accepted.append(str(table))
    if accepted:
        messages.success(
            request,
            _("Hand %(hand)s: accepted table entries %(tables)s.")
            % {"hand": number, "tables": ", ".join(accepted)},
        )
    for message in refused or ([] if accepted else [_("No table entry is waiting.")]):
        messages.error(request, message)
    return redirect(reverse("tournaments:hand_grid", args=[event.slug, number]))


@require_http_methods(["POST"])
@event_page(permissions.ENTER)
def hand_trump(request, event: Event, number: int):
    """The leader's cut: record the trump of a hand when the event cuts for trump."""
    try:
        hand_trump_record(
            event=event, hand=number, trump=request.POST.get("trump", ""), actor=request.user
        )
    except RulesError as error:
        messages.error(request, _("Trump not recorded: %(why)s.") % {"why": error.message})
    else:
        messages.success(request, _("Hand %(hand)s: trump recorded.") % {"hand": number})
    return redirect(reverse("tournaments:hand_grid", args=[event.slug, number]))


@require_http_methods(["GET"])
@event_page(permissions.ENTER)
def hand_list(request, event: Event):
    """Every hand with how many tables are entered, grouped by day and session."""
    hands = selectors.hands_entered(event)
    first_open = next((h["hand"].number for h in hands if h["entered"] < event.tables), None)
    context = {"event": event, "hands": hands, "first_open": first_open}
    return render(request, "tournaments/hand_list.html", context)


@require_http_methods(["GET"])
@event_page(permissions.ENTER)
def hand_jump(request, event: Event):
    """The 'go to hand' box: a number typed into the grid's header."""
    number = typed_number(request.GET.get("hand", ""), 5)  # never '³' or 5,000 digits
    if number is None:
        return redirect(reverse("tournaments:hands", args=[event.slug]))
    return redirect(reverse("tournaments:hand_grid", args=[event.slug, number]))
