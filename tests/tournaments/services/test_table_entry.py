"""Results from the tables: a table's phone writes its own hand once; the leader stays in charge."""

from __future__ import annotations

import math

import pytest
from django.core.exceptions import PermissionDenied

from tests.leader_helpers import make_event, make_user, play, sent_by_phone
from tournaments import snapshot
from tournaments.models import AuditEntry, Event, HandResult, TableSubmission, TableToken
from tournaments.rules.errors import RulesError
from tournaments.services import ResultEntry, results_record
from tournaments.services.closing import day_close
from tournaments.services.table_entry import (
    EntryUnreadable,
    table_entry_accept,
    table_entry_settings,
    table_entry_submit,
    table_tokens_issue,
)

pytestmark = pytest.mark.django_db


def send(event, table, hand, tricks, phone_id=None, **revokes):
    entry = sent_by_phone(phone_id or f"phone-{table}-{hand}-{tricks}", hand, tricks, **revokes)
    return table_entry_submit(event=event, table=table, sent=entry)


def result(event, hand, table):
    return HandResult.objects.filter(event=event, hand__number=hand, host_table=table).first()


def test_a_confirmed_entry_counts_at_once_and_is_audited_as_the_table():
    """Table 3's entry for hand 1 is a result at once, entered by "table 3"."""
    event = make_event("te1", tables=4)
    outcome = send(event, 3, 1, 8)
    assert (outcome.status, outcome.visitor_tricks, outcome.repeated) == ("counted", 8, False)
    row = result(event, 1, 3)
    assert (row.visitor_tricks, row.entered_by) == (8, "table 3")
    assert AuditEntry.objects.get(target="hand 1 table 3").actor == "table 3"


def test_a_retried_send_with_the_same_id_records_once():
    """The same phone id sent three times leaves one result, one audit entry, one submission."""
    event = make_event("te2", tables=4)
    for _ in range(3):
        outcome = send(event, 2, 1, 9, phone_id="same-id-123")
    assert outcome.repeated is True
    assert HandResult.objects.filter(event=event).count() == 1
    assert AuditEntry.objects.filter(target="hand 1 table 2").count() == 1
    assert TableSubmission.objects.filter(event=event).count() == 1


@pytest.mark.parametrize(
    "sent", [b"not json", b"[1, 2]", b'{"id": "phone-0001", "hand": true}', b"", b"[" * 30]
)
def test_what_is_not_a_phones_entry_is_refused_and_records_nothing(sent):
    """A body that is not an entry (not JSON, a list, no whole hand, empty, nested too deep) is
    refused as unreadable; nothing is kept of it."""
    event = make_event("te-unread", tables=4)
    with pytest.raises(EntryUnreadable, match="could not be read"):
        table_entry_submit(event=event, table=1, sent=sent)
    assert not TableSubmission.objects.filter(event=event).exists()
    assert not HandResult.objects.filter(event=event).exists()


def test_revokes_are_kept_and_applied():
    """7 tricks played with a host revoke count as 9 and keep both values."""
    event = make_event("te3", tables=4)
    send(event, 1, 1, 7, host_revokes=1)
    row = result(event, 1, 1)
    assert (row.tricks_played, row.host_revokes, row.visitor_tricks) == (7, 1, 9)


def test_a_table_enters_only_the_hand_it_plays_now():
    """Hand 2 is refused while hand 1 is not entered at table 1."""
    event = make_event("te4", tables=4)
    with pytest.raises(RulesError, match="The hall is on hand 1: table 1 cannot enter hand 2"):
        send(event, 1, 2, 8)
    assert not HandResult.objects.filter(event=event).exists()


def test_a_table_that_entered_the_halls_hand_waits_for_the_other_tables():
    """Table 1 entered hand 1; hand 2 is refused, naming hand 1, until every table is in."""
    event = make_event("te4b", tables=4)
    send(event, 1, 1, 8)
    assert snapshot.table_state(event, 1).hand is None
    with pytest.raises(RulesError, match="The hall is on hand 1: table 1 cannot enter hand 2"):
        send(event, 1, 2, 8)
    assert snapshot.hands_played(event) == 0
    for table in (2, 3, 4):
        send(event, table, 1, 6)
    assert snapshot.table_state(event, 1).hand.number == 2
    assert snapshot.hands_played(event) == 1
    send(event, 1, 2, 8)
    assert result(event, 2, 1).visitor_tricks == 8


def test_a_hand_behind_the_hall_is_refused_unless_it_is_the_tables_last_entry():
    """With the hall on hand 3, table 2 cannot rewrite hand 1 (the leader entered hands 1 and
    2 for it); the message names the hall's hand."""
    event = make_event("te4c", tables=4)
    play(event, [1, 2])
    with pytest.raises(RulesError, match="entered by the leader"):
        send(event, 2, 2, 8)
    results_record(event=event, entries=[ResultEntry(3, 1, 8)], actor=None)
    with pytest.raises(RulesError, match="The hall is on hand 3"):
        send(event, 2, 4, 8)


def test_the_refusal_names_the_halls_hand_in_french():
    """A phone in French reads that the hall is on hand 1."""
    from django.utils import translation

    event = make_event("te4d", tables=4)
    with pytest.raises(RulesError) as refused:
        send(event, 3, 5, 8)
    with translation.override("fr-ca"):
        assert "La salle en est à la main 1" in refused.value.message


def test_a_table_fixes_its_own_last_entry_until_its_next_hand_is_entered():
    """Table 1 changes hand 1 from 8 to 5; after hand 2 is entered, hand 1 is the leader's."""
    event = make_event("te5", tables=4)
    send(event, 1, 1, 8)
    send(event, 1, 1, 5, phone_id="fix-hand-1")
    assert result(event, 1, 1).visitor_tricks == 5
    for table in (2, 3, 4):
        send(event, table, 1, 6)
    send(event, 1, 2, 7)
    with pytest.raises(RulesError, match="later hand is already entered"):
        send(event, 1, 1, 4, phone_id="late-fix")
    assert result(event, 1, 1).visitor_tricks == 5


def test_a_leaders_correction_locks_the_result_against_the_table():
    """Once the leader changed table 2's entry, the table's fix is refused and nothing moves."""
    event = make_event("te6", tables=4)
    leader = make_user("lead", event)
    send(event, 2, 1, 8)
    results_record(event=event, entries=[ResultEntry(1, 2, 10, seen_version=1)], actor=leader)
    with pytest.raises(RulesError, match="entered by the leader"):
        send(event, 2, 1, 6, phone_id="after-leader")
    assert result(event, 1, 2).visitor_tricks == 10


def test_a_hand_of_a_closed_day_is_refused():
    """After day 1 closes (with a note), table 4's entry for a day-1 hand is refused."""
    event = make_event("te7", tables=4, hands_per_day=(2, 2))
    play(event, [1])
    results_record(event=event, entries=[ResultEntry(2, t, 8) for t in (1, 2, 3)], actor=None)
    day_close(
        event=event, day=1, override_note="table 4 lost its slip", close_incomplete=True, actor=None
    )
    with pytest.raises(RulesError, match="Day 1 is closed"):
        send(event, 4, 2, 8)
    assert result(event, 2, 4) is None


def test_the_current_hand_skips_closed_days():
    """With day 1 closed short, table 4's phone shows hand 3, the first of day 2."""
    event = make_event("te8", tables=4, hands_per_day=(2, 2))
    play(event, [1])
    day_close(
        event=event, day=1, override_note="hand 2 not played", close_incomplete=True, actor=None
    )
    assert snapshot.table_state(event, 4).hand.number == 3


def test_entries_wait_for_the_leader_when_the_event_says_so():
    """A waiting entry is no result until a leader accepts it; then it is the table's."""
    event = make_event("te9", tables=4)
    leader = make_user("lead", event)
    table_entry_settings(event=event, enabled=True, waits=True, actor=leader)
    outcome = send(event, 3, 1, 11)
    assert outcome.status == "waiting"
    assert result(event, 1, 3) is None
    assert snapshot.table_state(event, 3).hand is None  # in, waiting for the hall
    assert snapshot.hand_now(event).pending == (3,)
    table_entry_accept(event=event, hand=1, table=3, actor=leader)
    row = result(event, 1, 3)
    assert (row.visitor_tricks, row.entered_by) == (11, "table 3")
    assert AuditEntry.objects.filter(action="table entry accepted", actor="lead").exists()


def test_table_entry_turned_off_refuses_entries():
    """With table entry off, a phone's entry is refused and nothing is recorded."""
    event = make_event("te10", tables=4)
    table_entry_settings(event=event, enabled=False, waits=False, actor=make_user("l", event))
    with pytest.raises(RulesError, match="turned off"):
        send(event, 1, 1, 8)
    assert not HandResult.objects.filter(event=event).exists()


def test_turning_table_entry_on_or_off_is_a_write_like_any_other():
    """Turning it on or off moves the event's revision, so nothing kept for the old one is
    shown again."""
    event = make_event("te10b", tables=4)
    before = Event.objects.get(pk=event.pk).revision
    leader = make_user("l", event)
    table_entry_settings(event=event, enabled=not event.table_entry, waits=False, actor=leader)
    assert Event.objects.get(pk=event.pk).revision == before + 1


def test_tokens_are_long_random_and_a_new_one_revokes_the_old():
    """Every table gets its own 26-character token of at least 128 random bits; issuing anew
    revokes table 2's old one."""
    event = make_event("te11", tables=4)
    tokens = table_tokens_issue(event=event, actor=None)
    assert sorted(tokens) == [1, 2, 3, 4]
    assert len(set(tokens.values())) == 4 and {len(t) for t in tokens.values()} == {26}
    alphabet = set("23456789abcdefghjkmnpqrstuvwxyz")
    assert all(set(t) <= alphabet for t in tokens.values())
    assert 26 * math.log2(len(alphabet)) >= 128
    fresh = table_tokens_issue(event=event, actor=None, tables=[2], replace=True)
    assert fresh[2] != tokens[2] and fresh[1] == tokens[1]
    assert TableToken.objects.get(token=tokens[2]).revoked_at is not None


def test_only_a_leader_issues_or_replaces_tokens():
    """An assistant can neither issue missing entry addresses nor replace them."""
    event = make_event("te12", tables=4)
    assistant = make_user("helper", event, role="assistant")
    with pytest.raises(PermissionDenied, match="may not lead"):
        table_tokens_issue(event=event, actor=assistant)
    with pytest.raises(PermissionDenied, match="may not lead"):
        table_tokens_issue(event=event, actor=assistant, replace=True)
    assert not TableToken.objects.filter(event=event).exists()
