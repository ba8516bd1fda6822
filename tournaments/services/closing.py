"""Closing a session or a day: record every table's flags and reconcile the physical count.

The computed count is what should be on the table (flags held, loans included); the
verifiers count the markers in fives. A mismatch is listed with the hands that touched the
table so the leader can check those slips; the leader may still close with a note.

A close is a confirmed record, so hands not fully entered or counts not typed refuse it,
unless the leader ticks the override; what was missing is then written into the record.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Max
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from .. import permissions, selectors
from ..models import DayClose, DayRecord, Event, Hand
from ..rules.errors import RulesError
from ..rules.spans import spans
from ..rules.table_ledger import LedgerLine, Suspect, likely_hands
from .audit import audit, backup_soon, bump_revision
from .counts import drafts_forget
from .locks import lock_event


@dataclass(frozen=True)
class Mismatch:
    """A table whose count differs, and the hands (at most five) whose slip, read otherwise,
    would make it match: the likeliest first."""

    table: int
    computed: int
    counted: int
    suspects: tuple[Suspect, ...] = ()
    ledger: tuple[LedgerLine, ...] = ()  # the table's day, hand by hand

    @property
    def hands(self) -> tuple[int, ...]:
        return tuple(s.hand for s in self.suspects)


def last_hand(event: Event, day: int, session: int = 0) -> int | None:
    """The last hand of a day, or of one of its sessions (None if there is no such hand)."""
    hands = Hand.objects.filter(event=event, day=day)
    if session:
        hands = hands.filter(session=session)
    return hands.aggregate(last=Max("number"))["last"]


def mismatches(
    event: Event, day: int, counts: Mapping[int, int], up_to_hand: int | None = None
) -> list[Mismatch]:
    """Tables whose physical count differs from the computed flags on the table, each with
    the hands likeliest to explain the difference."""
    summary, _ = selectors.load_day_ledger(event, day, up_to_hand)
    differ = {t: c for t, c in sorted(counts.items()) if c != summary[t].on_table}
    if not differ:
        return []
    up_to = up_to_hand or last_hand(event, day) or 0
    ledgers = selectors.table_ledgers(event, day, up_to, differ)
    settings = event.flag_settings
    return [
        Mismatch(
            table,
            summary[table].on_table,
            counted,
            tuple(likely_hands(ledgers[table], counted, settings.flags_per_table, settings)),
            tuple(ledgers[table]),
        )
        for table, counted in differ.items()
    ]


def missing(event: Event, day: int, session: int, counts: Mapping[int, int]) -> list[str]:
    """What stops a part from closing cleanly: hands without a result at every table, and
    tables without a physical count ("hands 20–30 not fully entered")."""
    hands = Hand.objects.filter(event=event, day=day)
    if session:
        hands = hands.filter(session=session)
    entered = hands.annotate(n=Count("results")).values_list("number", "n")
    short = [number for number, n in entered if n < event.tables]
    uncounted = [t for t in range(1, event.tables + 1) if t not in counts]
    problems = []
    if short:
        text = ngettext(
            "hand %(hands)s not fully entered", "hands %(hands)s not fully entered", len(short)
        )
        problems.append(text % {"hands": spans(short)})
    if uncounted:
        text = ngettext(
            "no physical count at table %(tables)s",
            "no physical count at tables %(tables)s",
            len(uncounted),
        )
        problems.append(text % {"tables": spans(uncounted)})
    return problems


@transaction.atomic
def day_close(
    *,
    event: Event,
    day: int,
    session: int = 0,
    counts: Mapping[int, int] | None = None,
    override_note: str = "",
    close_incomplete: bool = False,
    actor,
) -> DayClose:
    """Close a day (``session`` 0) or one session, recording each table's flags.

    ``close_incomplete`` is the leader's explicit override for hands not fully entered or
    counts missing; what was missing is kept in the close's note and the audit."""
    permissions.require(actor, event, permissions.LEAD)
    lock_event(event)
    up_to = last_hand(event, day, session)
    if up_to is None:
        if session:
            raise RulesError(
                "There is no day %(day)s session %(session)s in this event",
                field="day",
                day=day,
                session=session,
            )
        raise RulesError("There is no day %(day)s in this event", field="day", day=day)
    if DayClose.objects.filter(event=event, day=day, session=session).exists():
        if session:
            raise RulesError(
                "Day %(day)s session %(session)s is already closed",
                field="day",
                day=day,
                session=session,
            )
        raise RulesError("Day %(day)s is already closed", field="day", day=day)
    if session and DayClose.objects.filter(event=event, day=day, session=0).exists():
        raise RulesError(
            "Day %(day)s is already closed, and its sessions with it", field="day", day=day
        )
    counts = dict(counts or {})
    bad = [t for t in counts if not 1 <= t <= event.tables]
    if bad:
        raise RulesError(
            "There is no table %(table)s in this event", field=f"count_{bad[0]}", table=bad[0]
        )
    incomplete = missing(event, day, session, counts)
    if incomplete and not close_incomplete:
        raise RulesError(
            "Not closed: %(missing)s. Enter them, or tick "
            "'Close anyway' to close with them missing",
            field="close_incomplete",
            missing="; ".join(incomplete),
        )
    found = mismatches(event, day, counts, up_to)
    if found and not override_note.strip():
        tables = ", ".join(str(m.table) for m in found)
        raise RulesError(
            "The physical count differs at table(s) %(tables)s; check those tables or close "
            "with a note explaining why",
            field="override_note",
            tables=tables,
        )
    if incomplete:  # the override says what was missing, in the record itself
        said = gettext("Closed with %(missing)s.") % {"missing": "; ".join(incomplete)}
        override_note = f"{said} {override_note.strip()}"
    summary, _ = selectors.load_day_ledger(event, day, up_to)
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
    drafts_forget(event, day, session)
    audit(
        event,
        actor,
        "day closed",
        str(close),
        after={
            "day": day,
            "session": session,
            "mismatches": [m.table for m in found],
            "missing": incomplete,
            "note": close.override_note,
            "counts": {str(t): c for t, c in sorted(counts.items())},
        },
    ).save()
    bump_revision(event)
    backup_soon(event.pk, kind="close")  # kept for good
    return close
