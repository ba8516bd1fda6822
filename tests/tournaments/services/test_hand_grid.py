"""Saving a hand's grid: conflicts are returned row by row, the rest is saved together."""

from __future__ import annotations

import pytest

from tests.leader_helpers import make_event, make_user
from tournaments.models import AuditEntry, HandResult
from tournaments.rules.errors import RulesError
from tournaments.services import ResultEntry, results_record
from tournaments.services.hand_grid import hand_results_save

pytestmark = pytest.mark.django_db


def test_a_stale_row_is_a_conflict_and_the_fresh_rows_are_saved():
    """Table 1 changed since the page loaded: it is reported; tables 2 and 3 are saved."""
    event = make_event("svc", tables=4)
    leader = make_user("lead", event)
    results_record(event=event, entries=[ResultEntry(1, 1, 9)], actor=None)
    outcome = hand_results_save(
        event=event,
        hand=1,
        entries=[ResultEntry(1, t, 7, seen_version=0) for t in (1, 2, 3)],
        actor=leader,
    )
    assert [(c.host_table, c.theirs, c.yours) for c in outcome.conflicts] == [(1, 9, 7)]
    assert sorted(r.host_table for r in outcome.saved) == [2, 3]
    assert HandResult.objects.get(host_table=1).visitor_tricks == 9


def test_each_save_is_audited_with_who():
    """Every saved row leaves an audit entry naming the leader."""
    event = make_event("svc2", tables=4)
    leader = make_user("lead", event)
    hand_results_save(
        event=event, hand=1, entries=[ResultEntry(1, 2, 8, seen_version=0)], actor=leader
    )
    assert AuditEntry.objects.get(action="result entered").actor == "lead"


def test_a_hand_outside_the_rotation_is_refused():
    """Hand 31 of a 30-hand event is refused with a clear message."""
    event = make_event("svc3", tables=4)
    with pytest.raises(RulesError, match="There is no hand 31"):
        hand_results_save(event=event, hand=31, entries=[], actor=None)
