"""Closing a session or a day: record every table's flags and reconcile the physical count.

The computed count is what should be on the table (flags held, loans included); the
verifiers count the markers in fives. A mismatch is listed with the hands that touched the
table so the leader can check those slips; the leader may still close with a note.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from .. import backups, permissions, selectors
from ..models import DayClose, DayRecord, Event, Hand
from ..rules.errors import RulesError
from .audit import audit, bump_revision
from .locks import lock_event


@dataclass(frozen=True)
class Mismatch:
    table: int
    computed: int
    counted: int
    hands: tuple[int, ...]


def last_hand(event: Event, day: int, session: int = 0) -> int | None:
    """The last hand of a day, or of one of its sessions (None if there is no such hand)."""
    hands = Hand.objects.filter(event=event, day=day)
    if session:
        hands = hands.filter(session=session)
    return hands.aggregate(last=Max("number"))["last"]


def mismatches(
    event: Event, day: int, counts: Mapping[int, int], up_to_hand: int | None = None
) -> list[Mismatch]:
    """Tables whose physical count differs from the computed flags on the table."""
    summary, moves = selectors.day_ledger(event, day, up_to_hand)
    found = []
    for table, counted in sorted(counts.items()):
        if counted != summary[table].on_table:
            touched = sorted(
                {m.hand for m in moves if table in (m.host_table, m.visitor_table) and m.flags}
            )
            found.append(Mismatch(table, summary[table].on_table, counted, tuple(touched)))
    return found


@transaction.atomic
def day_close(
    *,
    event: Event,
    day: int,
    session: int = 0,
    counts: Mapping[int, int] | None = None,
    override_note: str = "",
    actor,
) -> DayClose:
    """Close a day (``session`` 0) or one session, recording each table's flags."""
    permissions.require(actor, event, permissions.LEAD)
    lock_event(event)
    up_to = last_hand(event, day, session)
    if up_to is None:
        what = f"day {day}" + (f" session {session}" if session else "")
        raise RulesError(f"There is no {what} in this event", field="day")
    if DayClose.objects.filter(event=event, day=day, session=session).exists():
        what = f"Day {day}" + (f" session {session}" if session else "")
        raise RulesError(f"{what} is already closed", field="day")
    counts = dict(counts or {})
    bad = [t for t in counts if not 1 <= t <= event.tables]
    if bad:
        raise RulesError(f"There is no table {bad[0]} in this event", field=f"count_{bad[0]}")
    found = mismatches(event, day, counts, up_to)
    if found and not override_note.strip():
        tables = ", ".join(str(m.table) for m in found)
        raise RulesError(
            f"The physical count differs at table(s) {tables}; check those tables or close "
            "with a note explaining why",
            field="override_note",
        )
    summary, _ = selectors.day_ledger(event, day, up_to)
    close = DayClose.objects.create(
        event=event,
        day=day,
        session=session,
        closed_by=permissions.actor_name(actor),
        closed_at=timezone.now(),
        override_note=override_note.strip(),
    )
    DayRecord.objects.bulk_create(
        DayRecord(
            close=close,
            table=t,
            on_table=s.on_table,
            loans=s.loans,
            net_flags=s.net,
            physical_count=counts.get(t),
        )
        for t, s in sorted(summary.items())
    )
    audit(
        event,
        actor,
        "day closed",
        str(close),
        after={
            "day": day,
            "session": session,
            "mismatches": [m.table for m in found],
            "note": close.override_note,
        },
    ).save()
    bump_revision(event)
    transaction.on_commit(lambda: backups.request(event.pk, kind="close"))  # kept for good
    return close
