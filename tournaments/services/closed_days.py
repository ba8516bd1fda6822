"""A closed session or day is a confirmed record: its results change only after a leader reopens
it (audited), and it must then be closed again. So a close never silently disagrees with the
results it recorded, whoever writes (the grid, the command line, a table's phone, a trump cut).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from .. import permissions
from ..models import DayClose, Event, Hand
from ..rules.errors import Listing, Phrase, RulesError
from .audit import audit, bump_revision
from .counts import drafts_from_close
from .locks import lock_event


def _part(day: int, session: int, *, closing: bool = True) -> Phrase:
    """'Day 2' or 'Day 2, session 1,' (the comma closing the clause, in English)."""
    if not session:
        return Phrase("Day %(day)s", day=day)
    if closing:
        return Phrase("Day %(day)s, session %(session)s,", day=day, session=session)
    return Phrase("Day %(day)s, session %(session)s", day=day, session=session)


def refuse_if_closed(
    event: Event, hands: Iterable[Hand], changes: Iterable[tuple[int, int]] | None = None
) -> None:
    """Raise if any of ``hands`` lies in a closed session or day (call under the event lock).
    ``changes`` (hand number, host table) are the results about to change: the refusal names
    every one of them that lies in the closed part."""
    hands = list(hands)
    if not hands:
        return
    closed = set(
        DayClose.objects.filter(event=event, day__in={h.day for h in hands}).values_list(
            "day", "session"
        )
    )
    for hand in sorted(hands, key=lambda h: h.number):
        for session in (0, hand.session):
            if (hand.day, session) not in closed:
                continue
            part = _part(hand.day, session)
            if changes is None:
                raise RulesError(
                    "%(part)s is closed, so hand %(hand)s cannot change. "
                    "A leader reopens it on the Close page first, then closes it again.",
                    field="hand",
                    part=part,
                    hand=hand.number,
                )
            inside = {h.number for h in hands if h.day == hand.day and session in (0, h.session)}
            named = [
                Phrase("hand %(hand)s table %(table)s", hand=number, table=table)
                for number, table in sorted(changes)
                if number in inside
            ]
            raise RulesError(
                "%(part)s is closed, so these results cannot change: %(results)s. "
                "Unchanged results are accepted; to correct one, a leader reopens the day "
                "on the Close page first, then closes it again.",
                field="hand",
                part=part,
                results=Listing(named),
            )


@transaction.atomic
def day_reopen(*, event: Event, day: int, session: int = 0, actor) -> None:
    """Reopen a closed day (``session`` 0) or session. Reopening a session reopens its day too,
    since the day's record covers the session. The old records stay in the audit log."""
    permissions.require(actor, event, permissions.LEAD)
    lock_event(event)
    closes = DayClose.objects.filter(event=event, day=day, session__in={0, session})
    if not any(c.session == session for c in closes):
        raise RulesError(
            "%(part)s is not closed", field="day", part=_part(day, session, closing=False)
        )
    for close in closes.prefetch_related("records"):
        drafts_from_close(close, list(close.records.all()))
        audit(
            event,
            actor,
            "day reopened",
            str(close),
            before={
                "closed_by": close.closed_by,
                "closed_at": close.closed_at.isoformat(),
                "note": close.override_note,
                "net_flags": {r.table: r.net_flags for r in close.records.all()},
            },
        ).save()
    closes.delete()
    bump_revision(event)
