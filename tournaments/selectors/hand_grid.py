"""Reads for the leader's hand entry grid and the list of hands."""

from __future__ import annotations

from django.db.models import Count
from django.shortcuts import get_object_or_404

from ..models import AuditEntry, Event, Hand, HandResult, Loan, SubmissionStatus, TableSubmission


def hand_row(event: Event, number: int) -> Hand:
    """The hand's row, or 404."""
    return get_object_or_404(Hand, event=event, number=number)


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


def hand_history(event: Event, number: int, limit: int = 500) -> list[dict]:
    """The hand's entries and corrections, newest first (at most ``limit``), with the table
    each touched."""
    entries = AuditEntry.objects.filter(
        event=event, target__startswith=f"hand {number} table "
    ).order_by("-at", "-id")[:limit]
    return [{"entry": e, "table": e.target.rsplit(" ", 1)[-1]} for e in entries]


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
