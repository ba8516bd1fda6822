"""The hand entry grid: one page per hand, one row per host table, keyboard first."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from .. import permissions, selectors
from ..forms import GridInput, parse_grid, shown_value
from ..models import AuditEntry, Event, Hand, HandResult, Loan
from ..rules.errors import RulesError
from ..rules.flags import flags_won
from ..rules.rotation import LEADERS_CUT
from ..rules.types import Pair, Trump
from ..services import ResultConflict
from ..services.hand_entry import hand_is_closed, hand_results_save
from ..services.setup import hand_trump_record
from .access import event_page


def flags_text(host: int, visitor: int, flags: int) -> str:
    if not flags:
        return "No flag moves"
    return f"Table {visitor} takes {flags} flag{'s' if flags > 1 else ''} from Table {host}"


def grid_rows(event: Event, hand: Hand, posted: GridInput | None = None) -> list[dict]:
    """One row per host table: who visits, what is saved, what the leader typed."""
    teams = selectors.teams_by_table(event)
    saved = {r.host_table: r for r in HandResult.objects.filter(hand=hand)}
    loans = dict(Loan.objects.filter(event=event, hand=hand.number).values_list("table", "flags"))
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
            typed = posted.typed[host]
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
            }
        )
    return rows


def hand_history(event: Event, number: int) -> list[dict]:
    """Every entry and correction of the hand, newest first, with the table it touched."""
    entries = AuditEntry.objects.filter(
        event=event, target__startswith=f"hand {number} table "
    ).order_by("-at", "-id")[:500]
    return [{"entry": e, "table": e.target.rsplit(" ", 1)[-1]} for e in entries]


def _render_grid(request, event: Event, hand: Hand, posted: GridInput | None = None):
    rows = grid_rows(event, hand, posted)
    closed = hand_is_closed(event, hand)
    context = {
        "event": event,
        "hand": hand,
        "trump": Trump(hand.trump) if hand.trump else None,
        "rows": rows,
        "entered": sum(1 for r in rows if r["result"]),
        "hands_total": sum(event.day_hand_counts),
        "history": hand_history(event, hand.number),
        "closed": closed,
        "can_edit": not closed,
        "can_reopen": closed and permissions.allowed(request.user, event, permissions.LEAD),
        "next_hand": hand.number + 1 if hand.number < sum(event.day_hand_counts) else None,
        "settings": event.flag_settings,
        "cut_event": event.trumps == LEADERS_CUT,
        "trumps": list(Trump),
    }
    return render(request, "tournaments/hand_grid.html", context, status=200)


@require_http_methods(["GET", "POST"])
@event_page(permissions.ENTER)
def hand_grid(request, event: Event, number: int):
    hand = get_object_or_404(Hand, event=event, number=number)
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
        messages.error(request, "Nothing was saved: another leader saved at the same moment.")
        return _render_grid(request, event, hand, posted)
    except RulesError as refused:  # the day was closed meanwhile
        posted.unsaved = {e.host_table for e in posted.entries}
        messages.error(request, f"Nothing was saved: {refused.message}")
        return _render_grid(request, event, hand, posted)
    posted.conflicts = {c.host_table: c.message for c in outcome.conflicts}
    if outcome.saved:
        tables = ", ".join(str(r.host_table) for r in outcome.saved)
        messages.success(
            request, f"Hand {number}: saved table{'s' if len(outcome.saved) > 1 else ''} {tables}."
        )
    if posted.errors or posted.conflicts:
        messages.error(
            request,
            f"{len(posted.errors) + len(posted.conflicts)} table(s) not saved: see the rows "
            "marked below.",
        )
        return _render_grid(request, event, hand, posted)
    go_next = request.POST.get("go") == "next" and number < sum(event.day_hand_counts)
    target = number + 1 if go_next else number
    return redirect(reverse("tournaments:hand", args=[event.slug, target]))


@require_http_methods(["POST"])
@event_page(permissions.ENTER)
def hand_trump(request, event: Event, number: int):
    """The leader's cut: record the trump of a hand when the event cuts for trump."""
    try:
        hand_trump_record(
            event=event, hand=number, trump=request.POST.get("trump", ""), actor=request.user
        )
    except RulesError as error:
        messages.error(request, f"Trump not recorded: {error.message}.")
    else:
        messages.success(request, f"Hand {number}: trump recorded.")
    return redirect(reverse("tournaments:hand", args=[event.slug, number]))


@require_http_methods(["GET"])
@event_page(permissions.ENTER)
def hand_list(request, event: Event):
    """Every hand with how many tables are entered, grouped by day and session."""
    entered = dict(
        HandResult.objects.filter(event=event)
        .values_list("hand__number")
        .annotate(n=Count("id"))
        .values_list("hand__number", "n")
    )
    hands = [
        {"hand": h, "entered": entered.get(h.number, 0)}
        for h in Hand.objects.filter(event=event).order_by("number")
    ]
    first_open = next((h["hand"].number for h in hands if h["entered"] < event.tables), None)
    context = {"event": event, "hands": hands, "first_open": first_open}
    return render(request, "tournaments/hand_list.html", context)


@require_http_methods(["GET"])
@event_page(permissions.ENTER)
def hand_jump(request, event: Event):
    """The 'go to hand' box: a number typed into the grid's header."""
    number = request.GET.get("hand", "")
    if not number.isdigit():
        return redirect(reverse("tournaments:hands", args=[event.slug]))
    return redirect(reverse("tournaments:hand", args=[event.slug, int(number)]))
