"""The verifiers' counts typed on the close page, kept as drafts until the close records them.

The page saves each count as it is typed, so a reload or a dropped laptop keeps them. 250
counts typed one by one must not write 250 audit lines: the first count typed for a day
writes "counts typed" once, each Check writes "counts checked" with every count it compared,
and the close records every count (closing.day_close audits them).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from django.db import transaction

from .. import permissions
from ..models import DayClose, DayRecord, DraftCount, Event, Hand
from ..rules.errors import RulesError
from ..rules.spans import spans
from .audit import audit, bump_revision
from .locks import lock_event

HIGHEST = 999  # the close page's boxes take three digits


def _refuse_bad(event: Event, day: int, session: int, counts: Mapping[int, int | None]) -> None:
    hands = Hand.objects.filter(event=event, day=day)
    if session:
        hands = hands.filter(session=session)
    if not hands.exists():
        raise RulesError("There is no day %(day)s in this event", field="day", day=day)
    closed = DayClose.objects.filter(event=event, day=day, session__in={0, session})
    if closed.exists():
        raise RulesError(
            "Day %(day)s is closed: its counts are recorded. Reopen it to change one.",
            field="day",
            day=day,
        )
    for table, count in sorted(counts.items()):
        if not 1 <= table <= event.tables:
            raise RulesError(
                "There is no table %(table)s in this event", field=f"count_{table}", table=table
            )
        if count is not None and not 0 <= count <= HIGHEST:
            raise RulesError(
                "Table %(table)s: a count is a whole number from 0 to %(most)s",
                field=f"count_{table}",
                table=table,
                most=HIGHEST,
            )


def _typed_anew(draft: DraftCount | None, count: int, checked: bool) -> bool:
    """Whether ``count`` replaces the draft. A count typed into its box is the verifiers' own
    from then on; Check sends back every count the page showed, so a count kept from a
    reopened close stays tied to the close it came from (its results may change again)."""
    if draft is None or draft.count != count:
        return True
    return draft.closed_on_table is not None and not checked


@transaction.atomic
def counts_save(
    *,
    event: Event,
    day: int,
    session: int = 0,
    counts: Mapping[int, int | None],
    actor,
    checked: bool = False,
    anew: Collection[int] = (),
) -> list[int]:
    """Keep ``counts`` (table → count, None to clear) as the part's draft counts; returns
    the tables whose count changed. The event's leaders and assistants type counts;
    ``checked``: the counts were sent by Check, which is audited with every count (``anew``:
    the tables it asked to count again)."""
    permissions.require(actor, event, permissions.ENTER)
    lock_event(event)
    _refuse_bad(event, day, session, counts)
    drafts = {d.table: d for d in DraftCount.objects.filter(event=event, day=day, session=session)}
    cleared = [t for t, c in counts.items() if c is None and t in drafts]
    changed = [
        DraftCount(event=event, day=day, session=session, table=t, count=c, closed_on_table=None)
        for t, c in sorted(counts.items())
        if c is not None and _typed_anew(drafts.get(t), c, checked and t not in anew)
    ]
    if cleared:
        DraftCount.objects.filter(event=event, day=day, session=session, table__in=cleared).delete()
    if changed:
        DraftCount.objects.bulk_create(
            changed,
            update_conflicts=True,
            unique_fields=["event", "day", "session", "table"],
            update_fields=["count", "closed_on_table"],
        )
    part = f"day {day}" + (f" session {session}" if session else "")
    kept = {t: c for t, c in sorted(counts.items()) if c is not None}
    if checked and kept:  # a Check with no count typed records nothing
        after = {"tables": spans(kept), "counts": {str(t): c for t, c in kept.items()}}
        audit(event, actor, "counts checked", part, after=after).save()
    elif changed and not drafts:  # the day's first count, once: not one line per count
        after = {"tables": spans([d.table for d in changed])}
        audit(event, actor, "counts typed", part, after=after).save()
    if cleared or changed:
        bump_revision(event)  # the backups and the standby keep them (no page shows drafts)
    return sorted(cleared + [d.table for d in changed])


def drafts(event: Event, day: int, session: int = 0) -> dict[int, DraftCount]:
    """The part's draft counts by table."""
    found = DraftCount.objects.filter(event=event, day=day, session=session)
    return {d.table: d for d in found}


def drafts_forget(event: Event, day: int, session: int) -> None:
    """A close recorded the counts: its drafts (and, for a day, its sessions') are done."""
    found = DraftCount.objects.filter(event=event, day=day)
    if session:
        found = found.filter(session=session)
    found.delete()


def drafts_from_close(close: DayClose, records: list[DayRecord]) -> None:
    """A reopened close's counts come back as drafts, each with the flags the results gave
    at the close, so closing again asks only where the results changed since."""
    DraftCount.objects.filter(event=close.event_id, day=close.day, session=close.session).delete()
    DraftCount.objects.bulk_create(
        DraftCount(
            event_id=close.event_id,
            day=close.day,
            session=close.session,
            table=r.table,
            count=r.physical_count,
            closed_on_table=r.on_table,
        )
        for r in records
        if r.physical_count is not None
    )
