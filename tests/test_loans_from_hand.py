"""Loans re-derived from the saved hand onward equal loans derived from the whole day."""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments import selectors
from tournaments.models import Loan
from tournaments.rules import flags as flag_rules
from tournaments.services import ResultEntry, results_record

from .leader_helpers import make_event, play

pytestmark = pytest.mark.django_db

_examples = iter(range(10**6))


def stored_loans(event):
    return set(Loan.objects.filter(event=event).values_list("day", "hand", "table", "flags"))


def day_loans(event):
    """Every loan the flag rules give when each day is replayed from its first hand."""
    recorded = selectors.results(event)
    loans = set()
    for day in {r.day for r in recorded}:
        _, moves = flag_rules.day_ledger(event.tables, day, recorded, event.flag_settings)
        loans |= {(day, m.hand, m.host_table, m.loan) for m in moves if m.loan}
    return loans


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    tables=st.integers(2, 5),
    saves=st.lists(
        st.tuples(
            st.integers(1, 6),
            st.lists(st.tuples(st.integers(1, 5), st.integers(7, 13)), min_size=1, max_size=5),
        ),
        min_size=1,
        max_size=10,
    ),
)
def test_loans_after_saves_in_any_order_match_the_whole_day_replayed(db, tables, saves):
    """Saving hands in any order, corrections included, leaves exactly the loans a replay of
    each whole day gives (winning tricks only, so tables run dry and borrow)."""
    with transaction.atomic():
        event = make_event(f"loans-{next(_examples)}", tables=tables, hands_per_day=(4, 2))
        event.flags_per_table = 2
        event.save(update_fields=["flags_per_table"])
        for hand, typed in saves:
            entries = {t: v for t, v in typed if t <= tables}
            if not entries:
                continue
            results_record(
                event=event,
                entries=[ResultEntry(hand, t, v) for t, v in entries.items()],
                actor=None,
            )
            assert stored_loans(event) == day_loans(event)
        transaction.set_rollback(True)


def test_saving_a_later_hand_leaves_the_earlier_hands_loans_untouched():
    """A save at hand 5 re-derives loans from hand 5 on; the loans of hands 1 to 4 stay the
    same rows."""
    event = make_event("later", tables=4, flags_per_table=1)
    play(event, range(1, 5), tricks=12)
    earlier = set(Loan.objects.filter(event=event).values_list("pk", flat=True))
    assert earlier
    play(event, [5], tricks=12)
    assert earlier <= set(Loan.objects.filter(event=event).values_list("pk", flat=True))
    assert stored_loans(event) == day_loans(event)
