"""A result a table's phone sends again from its journal (static/js/table_entry.js): the phone
keeps every entry the hall told it "Saved" until the day closes, and resends, under the same
id, each one the hall lacks (a laptop restored from a backup that missed it).

A resend is not held to the hall's hand (``table_turn``): it fills a missing result of any hand
of a day still open. It never overwrites a result the hall holds (a leader's correction, or any
other): a different one waits for the leader, named "resent by table N", who accepts it
(``table_entry.table_entry_accept``) or keeps the result held (``resent_entry_refuse``); an
equal one is only noted, so the id is known. ``table_entry.table_entry_submit`` checks the
table's token, the id (the same id is answered as already saved) and the numbers, under the
event's lock, first, and keeps its other entries under their ids here too (``note_entry``).
"""

from __future__ import annotations

from django.utils import timezone

from .. import permissions, selectors
from ..models import Event, Hand, HandResult, SubmissionStatus, TableSubmission
from ..rules.errors import RulesError
from ..rules.types import ResultEntry
from .audit import audit, bump_revision, revision_brought
from .locks import lock_event, write_transaction
from .results import record_checked


def resend_record(
    event: Event,
    actor,
    hand: Hand,
    phone_id: str,
    played: tuple[int, int, int],
    adjusted: int,
    result: HandResult | None,
) -> tuple[str, bool]:
    """Record a resent entry of host table ``actor.table`` (call under the event lock):
    its status, and True when the hall already held that very result."""
    table = actor.table
    if selectors.hand_is_closed(event, hand):
        raise RulesError(
            "Hand %(hand)s's day is closed: this phone's entry for it is not sent again. "
            "Nothing changed.",
            hand=hand.number,
            field="hand",
        )
    now = timezone.now()
    held = (result.tricks_played, result.visitor_revokes, result.host_revokes) if result else None
    if held == played:
        note_entry(event, table, hand, phone_id, played, adjusted, SubmissionStatus.COUNTED, now)
        bump_revision(event)  # its id is known now: what the phone reads of the hall changed
        return SubmissionStatus.COUNTED, True
    if result is None and not event.table_entry_waits:
        note_entry(event, table, hand, phone_id, played, adjusted, SubmissionStatus.COUNTED, now)
        entries = [ResultEntry(hand.number, table, *played, 0)]
        record_checked(event, entries, actor, "result entered at the table")
        return SubmissionStatus.COUNTED, False
    # The hall holds another result (or this event's entries wait): the leader decides.
    TableSubmission.objects.filter(
        event=event, table=table, hand=hand.number, status=SubmissionStatus.WAITING
    ).update(status=SubmissionStatus.REPLACED, revision=revision_brought(event.revision))
    note_entry(event, table, hand, phone_id, played, adjusted, SubmissionStatus.WAITING, now)
    before = {"tricks_played": held[0], "visitor_tricks": result.visitor_tricks} if held else None
    after = {"tricks_played": played[0], "visitor_tricks": adjusted}
    target = f"table entry hand {hand.number} table {table}"
    audit(event, actor, "table entry resent", target, before, after, at=now).save()
    bump_revision(event)  # the leader's grid lists the entries waiting for them
    return SubmissionStatus.WAITING, False


def note_entry(event, table, hand, phone_id, played, adjusted, status, now, *, resent=True) -> None:
    """A phone's entry kept under its id, so that a second send is answered from it: counted,
    or waiting for the leader; ``resent`` when it came again from the phone's journal. Its
    revision is the one the write brings (``event``'s as read under the lock, plus one)."""
    TableSubmission.objects.create(
        revision=revision_brought(event.revision),
        event=event,
        table=table,
        hand=hand.number,
        phone_id=phone_id,
        tricks_played=played[0],
        visitor_revokes=played[1],
        host_revokes=played[2],
        visitor_tricks=adjusted,
        status=status,
        resent=resent,
        received_at=now,
    )


@write_transaction()
def resent_entry_refuse(*, event: Event, hand: int, table: int, actor) -> None:
    """A leader keeps the result the hall holds: table ``table``'s resent entry for ``hand``
    stops waiting (its id stays known, so the phone does not send it again)."""
    permissions.require(actor, event, permissions.ENTER)
    (revision,) = lock_event(event, "revision")
    changed = TableSubmission.objects.filter(
        event=event, table=table, hand=hand, status=SubmissionStatus.WAITING, resent=True
    ).update(status=SubmissionStatus.REPLACED, revision=revision_brought(revision))
    if not changed:
        raise RulesError(
            "Table %(table)s has no entry waiting for hand %(hand)s.",
            field="table",
            table=table,
            hand=hand,
        )
    audit(event, actor, "resent entry refused", f"table entry hand {hand} table {table}").save()
    bump_revision(event)  # the grid no longer lists it
