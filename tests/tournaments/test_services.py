"""Writes: atomic, permission-checked, audited; two leaders at once never move flags twice."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied

from tournaments.models import AuditEntry, DayRecord, EventRole, HandResult, Loan, Role
from tournaments.rules.errors import RulesError
from tournaments.services import ResultConflict, ResultEntry, results_record
from tournaments.services.closing import day_close
from tournaments.snapshot import standings

pytestmark = pytest.mark.django_db


def user(name, event=None, role=None):
    account = get_user_model().objects.create_user(name, password="x")
    if event is not None:
        EventRole.objects.create(event=event, user=account, role=role)
    return account


def test_second_leader_saving_a_stale_value_is_told_and_nothing_moves_twice(event):
    """Two leaders open the same empty table; the first saves, the second is told both values."""
    results_record(event=event, actor=None, entries=[ResultEntry(1, 2, 10, seen_version=0)])
    with pytest.raises(ResultConflict) as conflict:
        results_record(event=event, actor=None, entries=[ResultEntry(1, 2, 9, seen_version=0)])
    assert (conflict.value.theirs, conflict.value.yours) == (10, 9)
    assert HandResult.objects.get().visitor_tricks == 10
    assert {s.table: s.total for s in standings(event)}[1] == 14


def test_saving_with_the_current_version_corrects_the_result(event):
    """A correction made from the latest value is saved and its version goes up."""
    (first,) = results_record(event=event, actor=None, entries=[ResultEntry(1, 2, 10)])
    results_record(
        event=event, actor=None, entries=[ResultEntry(1, 2, 8, seen_version=first.version)]
    )
    row = HandResult.objects.get()
    assert (row.visitor_tricks, row.version) == (8, 2)


def test_a_bad_value_in_a_batch_saves_none_of_it(event):
    """One table's 14 tricks refuses the whole save; the good tables are not half-saved."""
    with pytest.raises(RulesError, match="0 to 13"):
        results_record(
            event=event, actor=None, entries=[ResultEntry(1, 1, 8), ResultEntry(1, 2, 14)]
        )
    assert (
        not HandResult.objects.exists()
        and not AuditEntry.objects.filter(action="result entered").exists()
    )


def test_anonymous_visitors_cannot_enter_results(event):
    """Only the event's leaders and assistants may enter results."""
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(PermissionDenied):
        results_record(event=event, actor=AnonymousUser(), entries=[ResultEntry(1, 1, 8)])


def test_a_leader_of_another_event_cannot_enter_results(event):
    """A leader of one event cannot change another event."""
    from tests.conftest import build_event

    other = build_event("other")
    with pytest.raises(PermissionDenied):
        results_record(
            event=event, actor=user("lee", other, Role.LEADER), entries=[ResultEntry(1, 1, 8)]
        )


def test_an_assistant_enters_results_and_is_named_in_the_audit(event):
    """An assistant's result is saved with their name on it and in the audit log."""
    helper = user("helen", event, Role.ASSISTANT)
    results_record(event=event, actor=helper, entries=[ResultEntry(1, 1, 8)])
    assert HandResult.objects.get().entered_by == "helen"
    assert AuditEntry.objects.get(action="result entered").actor == "helen"


def test_an_assistant_cannot_close_the_day(event):
    """Closing a day is for the event's leader."""
    with pytest.raises(PermissionDenied):
        day_close(event=event, day=1, actor=user("helen", event, Role.ASSISTANT))


def test_loans_are_recorded_when_a_table_runs_dry(db):
    """A table with no flags left is loaned what its visitors win, per hand and day."""
    from tests.conftest import build_event

    event = build_event("dry", tables=2, flags_per_table=1)
    results_record(event=event, actor=None, entries=[ResultEntry(1, 2, 10)])
    loan = Loan.objects.get()
    assert (loan.day, loan.hand, loan.table, loan.flags) == (1, 1, 2, 1)


def test_day_close_records_each_tables_flags(event):
    """Closing the day records flags on the table, loans and net flags for every table."""
    results_record(event=event, actor=None, entries=[ResultEntry(1, 2, 10)])
    day_close(event=event, day=1, close_incomplete=True, actor=None)
    assert dict(DayRecord.objects.values_list("table", "net_flags")) == {1: 14, 2: 10, 3: 12, 4: 12}


def test_a_count_mismatch_needs_a_note_to_close(event):
    """A physical count that disagrees is refused unless the leader explains it."""
    results_record(event=event, actor=None, entries=[ResultEntry(1, 2, 10)])
    with pytest.raises(RulesError, match="table\\(s\\) 2"):
        day_close(event=event, day=1, counts={1: 14, 2: 11}, close_incomplete=True, actor=None)
    assert not DayRecord.objects.exists()
    day_close(
        event=event,
        day=1,
        counts={2: 11},
        override_note="one flag fell",
        close_incomplete=True,
        actor=None,
    )
    assert DayRecord.objects.get(table=2).physical_count == 11
