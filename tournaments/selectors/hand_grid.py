"""Reads for the leader's hand grid and the list of hands."""

from __future__ import annotations

from django.db.models import Count, Exists
from django.shortcuts import get_object_or_404

from .. import permissions
from ..models import (
    AuditEntry,
    DayClose,
    Event,
    Hand,
    HandResult,
    Loan,
    SubmissionStatus,
    TableSubmission,
)


def hand_row(event: Event, number: int) -> Hand:
    """The hand's row, or 404."""
    return get_object_or_404(Hand, event=event, number=number)


def hand_is_closed(event: Event, hand: Hand) -> bool:
    """True once the hand's day, or its session, has been closed."""
    return DayClose.objects.filter(
        event=event, day=hand.day, session__in=[0, hand.session]
    ).exists()


def hand_results(hand: Hand) -> dict[int, HandResult]:
    """The hand's saved results by host table."""
    return {r.host_table: r for r in HandResult.objects.filter(hand=hand)}


def hand_loans(event: Event, number: int) -> dict[int, int]:
    """Flags loaned in the hand, by host table."""
    return dict(Loan.objects.filter(event=event, hand=number).values_list("table", "flags"))


def waiting_entries(event: Event, number: int) -> dict[int, TableSubmission]:
    """Table entries of the hand waiting for the leader's acceptance, by host table."""
    rows = TableSubmission.objects.filter(event=event, hand=number, status=SubmissionStatus.WAITING)
    return {s.table: s for s in rows}


def waiting_shown(entry: TableSubmission | None, result: HandResult | None):
    """A table's entry waiting for acceptance, unless a leader has since entered the row (a
    resent one waits over any result the hall held, until the row changes after it)."""
    if entry is None or result is None:
        return entry
    if entry.resent:
        return None if result.entered_at > entry.received_at else entry
    return entry if permissions.is_table_name(result.entered_by) else None


# What ``services.results.results_record`` audits a result's write as (its ``action``), the
# target "hand N table T": read by action and a range of targets, the audit's index
# (event, action, target) finds a hand's entries among a whole event's without a scan.
RESULT_ACTIONS = (
    "result entered",
    "result corrected",
    "result imported",
    "result entered at the table",
)


def _hand_entries(event: Event, number: int, actions=RESULT_ACTIONS):
    prefix = f"hand {number} table "
    return AuditEntry.objects.filter(
        event=event, action__in=actions, target__gte=prefix, target__lt=prefix[:-1] + "!"
    )


def hand_history(event: Event, number: int, limit: int = 500) -> list[dict]:
    """The hand's entries and corrections, newest first (at most ``limit``), with the table
    each touched."""
    entries = _hand_entries(event, number).order_by("-at", "-id")[:limit]
    return [{"entry": e, "table": e.target.rsplit(" ", 1)[-1]} for e in entries]


def hand_corrections(event: Event, number: int) -> dict[int, int]:
    """Tables of the hand whose result was corrected, with the tricks as played before the
    last correction; none once the next hand has a result (the mark lasts until then)."""
    next_entered = HandResult.objects.filter(hand__event=event, hand__number=number + 1)
    corrections = (
        _hand_entries(event, number, ["result corrected"])
        .filter(~Exists(next_entered))  # one query: the mark's rule and the marks together
        .order_by("at", "id")
    )
    found = {}
    for target, before in corrections.values_list("target", "before"):
        if before and target.rsplit(" ", 1)[-1].isdigit():
            found[int(target.rsplit(" ", 1)[-1])] = before.get("tricks_played")
    return {table: tricks for table, tricks in found.items() if tricks is not None}


def saved_results(event: Event, hands) -> dict[tuple[int, int], tuple[int, int, int]]:
    """(tricks as played, visitors' revokes, hosts' revokes) by (hand, host table), for the
    results already saved in ``hands``: what a results file would replace."""
    rows = HandResult.objects.filter(event=event, hand__number__in=set(hands))
    fields = ("hand__number", "host_table", "tricks_played", "visitor_revokes", "host_revokes")
    return {
        (hand, table): (played, v, h) for hand, table, played, v, h in rows.values_list(*fields)
    }


def hands_entered(event: Event) -> list[dict]:
    """Every hand with how many tables are entered, in order."""
    entered = dict(
        HandResult.objects.filter(event=event)
        .values_list("hand__number")
        .annotate(n=Count("id"))
        .values_list("hand__number", "n")
    )
    return [
        {"hand": h, "entered": entered.get(h.number, 0)}
        for h in Hand.objects.filter(event=event).order_by("number")
    ]
