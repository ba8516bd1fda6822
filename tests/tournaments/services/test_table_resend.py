"""A phone resends from its journal what the hall lost: it fills a missing result, never
overwrites one, is recorded once per id, and a closed day refuses it."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from tests.leader_helpers import make_event, make_user, play, sent_by_phone
from tournaments import selectors
from tournaments.models import AuditEntry, HandResult, TableSubmission
from tournaments.rules.errors import RulesError
from tournaments.services import ResultEntry, results_record
from tournaments.services.closing import day_close
from tournaments.services.table_entry import table_entry_accept, table_entry_submit
from tournaments.services.table_resend import resent_entry_refuse

pytestmark = pytest.mark.django_db


def send(event, table, hand, tricks, phone_id, resend=False, **revokes):
    entry = sent_by_phone(phone_id, hand, tricks, resend=resend, **revokes)
    return table_entry_submit(event=event, table=table, sent=entry)


def result(event, hand, table):
    return HandResult.objects.filter(event=event, hand__number=hand, host_table=table).first()


def lose(event, hand, table):
    """What a laptop restored from a backup that missed it lacks: the result and its entry."""
    HandResult.objects.filter(event=event, hand__number=hand, host_table=table).delete()
    TableSubmission.objects.filter(event=event, hand=hand, table=table).delete()


def test_a_resend_fills_a_missing_result_after_the_hall_moved_on():
    """Table 3's hand 1 was lost and the hall has played hand 2: a plain send of hand 1 is
    refused, the resend records it, audited as the table."""
    event = make_event("rs1", tables=4)
    send(event, 3, 1, 9, "phone-3-hand-1", visitor_revokes=1)
    play(event, [2])
    results_record(event=event, entries=[ResultEntry(1, t, 8) for t in (1, 2, 4)], actor=None)
    lose(event, 1, 3)
    with pytest.raises(RulesError, match="later hand is already entered"):
        send(event, 3, 1, 9, "phone-3-hand-1", visitor_revokes=1)
    outcome = send(event, 3, 1, 9, "phone-3-hand-1", resend=True, visitor_revokes=1)
    assert (outcome.status, outcome.repeated) == ("counted", False)
    row = result(event, 1, 3)
    assert (row.tricks_played, row.visitor_revokes, row.entered_by) == (9, 1, "table 3")
    # The first send's line (kept by the audit) and the resend's.
    assert AuditEntry.objects.filter(target="hand 1 table 3", actor="table 3").count() == 2
    assert TableSubmission.objects.get(event=event, phone_id="phone-3-hand-1").resent is True


def test_the_same_id_resent_twice_is_recorded_once():
    """The first send, then two resends under its id: one result, one entry, one audit line."""
    event = make_event("rs2", tables=4)
    send(event, 2, 1, 7, "phone-2-hand-1")
    for _ in range(2):
        outcome = send(event, 2, 1, 7, "phone-2-hand-1", resend=True)
        assert (outcome.status, outcome.repeated) == ("counted", True)
    lose(event, 1, 2)
    for repeated in (False, True):
        assert send(event, 2, 1, 7, "phone-2-hand-1", resend=True).repeated is repeated
    assert HandResult.objects.filter(event=event).count() == 1
    assert TableSubmission.objects.filter(event=event).count() == 1
    assert AuditEntry.objects.filter(target="hand 1 table 2").count() == 2  # sent, refilled


def test_a_resend_equal_to_the_result_held_changes_nothing():
    """The hall kept the result but not the entry's id: the resend is only noted."""
    event = make_event("rs3", tables=4)
    send(event, 1, 1, 6, "phone-1-hand-1")
    TableSubmission.objects.filter(event=event).delete()
    outcome = send(event, 1, 1, 6, "phone-1-hand-1", resend=True)
    assert (outcome.status, outcome.repeated) == ("counted", True)
    assert result(event, 1, 1).version == 1
    assert AuditEntry.objects.filter(target="hand 1 table 1").count() == 1


def test_a_different_result_held_makes_the_resend_wait_for_the_leader():
    """The leader corrected table 4's hand 1 to 10; the phone resends its 8 (the hall lost the
    entry's id): the 10 stays, the 8 waits "resent by table 4" until the leader decides."""
    event = make_event("rs4", tables=4)
    leader = make_user("lead", event)
    send(event, 4, 1, 8, "phone-4-hand-1")
    results_record(event=event, entries=[ResultEntry(1, 4, 10, seen_version=1)], actor=leader)
    TableSubmission.objects.filter(event=event).delete()
    outcome = send(event, 4, 1, 8, "phone-4-hand-1", resend=True)
    assert (outcome.status, outcome.repeated) == ("waiting", False)
    held = result(event, 1, 4)
    assert (held.visitor_tricks, held.entered_by, held.version) == (10, "lead", 2)
    waiting = selectors.waiting_entries(event, 1)[4]
    assert waiting.resent and waiting.tricks_played == 8
    assert selectors.waiting_shown(waiting, held) == waiting
    audit = AuditEntry.objects.get(event=event, action="table entry resent")
    assert (audit.actor, audit.before, audit.after) == (
        "table 4",
        {"tricks_played": 10, "visitor_tricks": 10},
        {"tricks_played": 8, "visitor_tricks": 8},
    )
    # The same id again is answered from the waiting entry: nothing new.
    assert send(event, 4, 1, 8, "phone-4-hand-1", resend=True).repeated is True
    assert TableSubmission.objects.filter(event=event).count() == 1
    # The leader accepts the table's word over the correction: audited, counted for the table.
    saved = table_entry_accept(event=event, hand=1, table=4, actor=leader)
    assert (saved.visitor_tricks, saved.entered_by) == (8, "table 4")


def test_a_resent_entry_is_not_accepted_over_a_later_change_of_the_row():
    """The leader saved the row again after the resend came: Accept refuses, the row stays."""
    event = make_event("rs5", tables=4)
    leader = make_user("lead", event)
    send(event, 1, 1, 8, "phone-1-hand-1")
    TableSubmission.objects.filter(event=event).delete()
    results_record(event=event, entries=[ResultEntry(1, 1, 5, seen_version=1)], actor=leader)
    send(event, 1, 1, 8, "phone-1-hand-1", resend=True)
    results_record(event=event, entries=[ResultEntry(1, 1, 6, seen_version=2)], actor=leader)
    waiting = selectors.waiting_entries(event, 1)[1]
    assert selectors.waiting_shown(waiting, result(event, 1, 1)) is None
    with pytest.raises(RulesError, match="already entered by a leader"):
        table_entry_accept(event=event, hand=1, table=1, actor=leader)
    assert result(event, 1, 1).visitor_tricks == 6


def test_a_resend_for_a_closed_day_is_refused_and_changes_nothing():
    """Day 1 closed without table 4's hand 2: its phone's resend is refused, with why."""
    event = make_event("rs6", tables=4, hands_per_day=(2, 2))
    play(event, [1])
    results_record(event=event, entries=[ResultEntry(2, t, 8) for t in (1, 2, 3)], actor=None)
    day_close(
        event=event, day=1, override_note="table 4 lost its slip", close_incomplete=True, actor=None
    )
    audited = AuditEntry.objects.filter(event=event).count()
    with pytest.raises(RulesError, match="day is closed: this phone's entry for it is not sent"):
        send(event, 4, 2, 9, "phone-4-hand-2", resend=True)
    assert result(event, 2, 4) is None
    assert not TableSubmission.objects.filter(event=event, table=4).exists()
    assert AuditEntry.objects.filter(event=event).count() == audited


def test_a_resent_missing_result_waits_when_the_events_entries_wait():
    """In an event whose entries wait, a resent missing result waits (named as resent)."""
    event = make_event("rs7", tables=4)
    event.table_entry_waits = True
    event.save(update_fields=["table_entry_waits"])
    outcome = send(event, 2, 1, 11, "phone-2-hand-1", resend=True)
    assert outcome.status == "waiting" and result(event, 1, 2) is None
    assert selectors.waiting_entries(event, 1)[2].resent is True


def test_the_leader_keeps_the_saved_result_over_a_resent_entry():
    """Keep the saved result: the resend stops waiting, audited; the result held is unchanged;
    a table with nothing resent is refused; only a leader or assistant decides."""
    event = make_event("rs8", tables=4)
    leader = make_user("lead", event)
    play(event, [1], tricks=9)
    send(event, 2, 1, 4, "phone-2-hand-1", resend=True)
    with pytest.raises(PermissionDenied):
        resent_entry_refuse(event=event, hand=1, table=2, actor=make_user("player"))
    resent_entry_refuse(event=event, hand=1, table=2, actor=leader)
    assert not selectors.waiting_entries(event, 1)
    assert result(event, 1, 2).visitor_tricks == 9
    assert AuditEntry.objects.filter(event=event, action="resent entry refused").count() == 1
    with pytest.raises(RulesError, match="no entry waiting"):
        resent_entry_refuse(event=event, hand=1, table=2, actor=leader)
