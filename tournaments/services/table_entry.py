"""Results from the tables: entry tokens, a table's confirmed entry, the leader's acceptance.

A table's phone is a ``permissions.TableActor``: it writes only its own host table's result of
the hand it plays now (or fixes its last entry while no leader changed it and its next hand is
not entered). Each entry carries an id made on the phone; a second send with the same id is
answered from the first and records nothing. A resend from the phone's journal fills a result the
hall lost (``table_resend``).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from .. import permissions, selectors
from ..models import Event, Hand, HandResult, SubmissionStatus, TableSubmission, TableToken
from ..rules import flags as flag_rules
from ..rules.errors import RulesError, gettext_noop
from ..rules.json_input import read_json, whole_number
from ..rules.types import ResultEntry
from .audit import audit, bump_revision, revision_brought
from .locks import lock_event, write_transaction
from .results import record_checked
from .table_resend import note_entry, resend_record
from .table_turn import refuse_out_of_turn

# An entry address's secret is read off a slip and may be typed: 26 characters from an alphabet
# with no look-alikes (no 0/o, 1/l/i) and no hyphen to break a printed line at, 128.8 bits.
TOKEN_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # noqa: S105 - an alphabet, not a secret
TOKEN_LENGTH = 26
PHONE_ID = re.compile(r"^[A-Za-z0-9-]{8,64}$")


def new_token() -> str:
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))


@transaction.atomic
def table_tokens_issue(
    *, event: Event, actor, tables: Iterable[int] | None = None, replace: bool = False
) -> dict[int, str]:
    """Give ``tables`` (every table by default) an entry token. Tables that have one keep it
    unless ``replace``: then the old token is revoked (its slip stops working). Only a leader
    (or the command line) issues or replaces them."""
    permissions.require(actor, event, permissions.LEAD)
    lock_event(event)
    wanted = sorted(set(tables) if tables is not None else range(1, event.tables + 1))
    outside = [t for t in wanted if not 1 <= t <= event.tables]
    if outside:
        raise RulesError(
            "There is no table %(table)s in this event", field="tables", table=outside[0]
        )
    live = TableToken.objects.filter(event=event, revoked_at__isnull=True, table__in=wanted)
    now = timezone.now()
    if replace:
        live.update(revoked_at=now)
        have: set[int] = set()
    else:
        have = set(live.values_list("table", flat=True))
    fresh = [
        TableToken(event=event, table=t, token=new_token(), issued_at=now)
        for t in wanted
        if t not in have
    ]
    TableToken.objects.bulk_create(fresh)
    if fresh and (replace or actor is not None):
        listed = ", ".join(str(t.table) for t in fresh)
        action = "entry addresses replaced" if replace else "entry addresses issued"
        audit(event, actor, action, f"tables {listed}"[:120], at=now).save()
    if fresh:
        bump_revision(event)  # a change like any other: it reaches the backups at once
    return selectors.entry_tokens(event)


@transaction.atomic
def table_entry_settings(*, event: Event, enabled: bool, waits: bool, actor) -> Event:
    """Turn table entry on or off, and choose whether table entries wait for the leader."""
    permissions.require(actor, event, permissions.LEAD)
    lock_event(event)
    stored = Event.objects.get(pk=event.pk)
    before = {"table_entry": stored.table_entry, "table_entry_waits": stored.table_entry_waits}
    after = {"table_entry": bool(enabled), "table_entry_waits": bool(waits)}
    if before != after:
        Event.objects.filter(pk=event.pk).update(**after)
        audit(stored, actor, "settings changed", stored.slug, before, after).save()
        bump_revision(stored)  # every write does: what was kept for the old one is stale
        stored.refresh_from_db()
    return stored


class EntryUnreadable(RulesError):
    """What was sent is not a phone's entry: not JSON, nested too deep, or no hand number."""

    def __init__(self) -> None:
        super().__init__(gettext_noop("The entry could not be read; reload the page."))


@dataclass(frozen=True)
class TableEntry:
    """What the hosts entered and the visitors confirmed on the table's phone."""

    phone_id: str
    hand: int
    tricks_played: object
    visitor_revokes: object = 0
    host_revokes: object = 0
    resend: bool = False  # sent again from the phone's journal: fills a lost result only

    @classmethod
    def read(cls, sent: bytes | str) -> TableEntry:
        """The entry as the phone sends it (``table_entry.js``, its journal's resends too):
        a JSON record of ``id``, ``hand``, ``tricks``, the revokes and ``resend``. Its numbers
        other than the hand are checked where they are recorded."""
        try:
            body = read_json(sent or b"{}")
            if not isinstance(body, dict):
                raise ValueError(body)
            hand = whole_number(body.get("hand"), 5)
        except ValueError:  # not JSON, too deep, or not an entry (RulesError is a ValueError)
            raise EntryUnreadable from None
        return cls(
            phone_id=str(body.get("id", "")),
            hand=hand,
            tricks_played=body.get("tricks"),
            visitor_revokes=body.get("visitor_revokes", 0),
            host_revokes=body.get("host_revokes", 0),
            resend=body.get("resend") is True,
        )


@dataclass(frozen=True)
class EntryOutcome:
    """What became of an entry: counted, or waiting for the leader; ``repeated`` when this
    phone id had been received before (nothing new was recorded)."""

    hand: int
    visitor_tricks: int
    status: str
    repeated: bool = False


@write_transaction()
def table_entry_submit(*, event: Event, table: int, sent: bytes | str) -> EntryOutcome:
    """Record a table's confirmed entry, ``sent`` as its phone sends it (``TableEntry.read``),
    or keep it for the leader; once per phone id. Nothing sent is read before the table's
    permission is checked."""
    actor = permissions.TableActor(event.pk, table)
    permissions.require(actor, event, permissions.ENTER)
    entry = TableEntry.read(sent)
    if not PHONE_ID.match(entry.phone_id or ""):
        raise RulesError("The entry has no valid id; reload the page", field="id")
    lock_event(event)
    # The revision as the lock found it: the hall's hand is read for it, never an older one.
    event.refresh_from_db(
        fields=["table_entry", "table_entry_waits", "revoke_penalty", "revision", "play_ends_after"]
    )
    seen = TableSubmission.objects.filter(event=event, table=table, phone_id=entry.phone_id)
    if first := seen.first():
        return EntryOutcome(first.hand, first.visitor_tricks, first.status, repeated=True)
    if not event.table_entry:
        raise RulesError(
            "Table entry is turned off for this event: give the slip to the leader.", field="hand"
        )
    played = flag_rules.check_tricks(entry.tricks_played, field="tricks")
    visitor_revokes = flag_rules.check_revokes(entry.visitor_revokes, field="visitor_revokes")
    host_revokes = flag_rules.check_revokes(entry.host_revokes, field="host_revokes")
    hand = Hand.objects.filter(event=event, number=entry.hand).first()
    if hand is None:
        raise RulesError("There is no hand %(hand)s in this event.", hand=entry.hand, field="hand")
    result = HandResult.objects.filter(hand=hand, host_table=table).first()
    adjusted = flag_rules.adjusted_tricks(
        played, visitor_revokes, host_revokes, penalty=event.revoke_penalty
    )
    if entry.resend:
        values = (played, visitor_revokes, host_revokes)
        status, held = resend_record(event, actor, hand, entry.phone_id, values, adjusted, result)
        return EntryOutcome(hand.number, adjusted, status, repeated=held)
    refuse_out_of_turn(event, table, hand, result)
    now = timezone.now()
    TableSubmission.objects.filter(
        event=event, table=table, hand=hand.number, status=SubmissionStatus.WAITING
    ).update(status=SubmissionStatus.REPLACED, revision=revision_brought(event.revision))
    status = SubmissionStatus.WAITING if event.table_entry_waits else SubmissionStatus.COUNTED
    values = (played, visitor_revokes, host_revokes)
    note_entry(event, table, hand, entry.phone_id, values, adjusted, status, now, resent=False)
    if status == SubmissionStatus.WAITING:
        after = {"tricks_played": played, "visitor_tricks": adjusted}
        target = f"table entry hand {hand.number} table {table}"
        audit(event, actor, "table entry waiting", target, None, after, at=now).save()
        bump_revision(event)  # the hall's pages list the tables whose entry waits
    else:
        seen_version = result.version if result else 0
        entries = [
            ResultEntry(hand.number, table, played, visitor_revokes, host_revokes, seen_version)
        ]
        record_checked(event, entries, actor, "result entered at the table")
    return EntryOutcome(hand.number, adjusted, status)


@write_transaction()
def table_entry_accept(*, event: Event, hand: int, table: int, actor) -> HandResult:
    """A leader accepts a table's waiting entry: it counts, recorded as entered by the table."""
    permissions.require(actor, event, permissions.ENTER)
    (revision,) = lock_event(event, "revision")
    waiting = TableSubmission.objects.filter(
        event=event, table=table, hand=hand, status=SubmissionStatus.WAITING
    ).first()
    if waiting is None:
        raise RulesError(
            "Table %(table)s has no entry waiting for hand %(hand)s.",
            field="table",
            table=table,
            hand=hand,
        )
    result = HandResult.objects.filter(event=event, hand__number=hand, host_table=table).first()
    # A resent entry that differs from the result held waits for this very decision, unless
    # the result changed after it came.
    stale = waiting.resent and result is not None and result.entered_at > waiting.received_at
    by_leader = result is not None and result.entered_by != f"table {table}"
    if stale or (by_leader and not waiting.resent):
        waiting.status, waiting.revision = SubmissionStatus.REPLACED, revision_brought(revision)
        waiting.save(update_fields=["status", "revision"])
        raise RulesError(
            "Hand %(hand)s, table %(table)s was already entered by a leader.",
            field="table",
            hand=hand,
            table=table,
        )
    seen_version = result.version if result else 0
    counted = (waiting.tricks_played, waiting.visitor_revokes, waiting.host_revokes)
    entries = [ResultEntry(hand, table, *counted, seen_version)]
    # In the table's name: the leader's permission is the one checked.
    as_table = permissions.TableActor(event.pk, table)
    saved = record_checked(event, entries, as_table, "result entered at the table")
    waiting.status, waiting.revision = SubmissionStatus.ACCEPTED, revision_brought(revision)
    waiting.save(update_fields=["status", "revision"])
    audit(event, actor, "table entry accepted", f"table entry hand {hand} table {table}").save()
    return saved[0] if saved else result
