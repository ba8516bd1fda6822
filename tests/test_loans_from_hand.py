"""Loans re-derived from the saved hand onward equal loans derived from the whole day."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments import selectors
from tournaments.models import Loan
from tournaments.rules import flags as flag_rules
from tournaments.rules.types import FlagSettings
from tournaments.selectors.ledger import flags_won_sql
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
            st.lists(st.tuples(st.integers(1, 5), st.integers(5, 13)), min_size=1, max_size=5),
        ),
        min_size=1,
        max_size=10,
    ),
    one_flag_at=st.integers(5, 8),
    two_more=st.integers(1, 4),
)
def test_loans_after_saves_in_any_order_match_the_whole_day_replayed(
    db, tables, saves, one_flag_at, two_more
):
    """Saving hands in any order, corrections included, leaves exactly the loans a replay of
    each whole day gives (mostly winning tricks, so tables run dry and borrow), whatever
    tricks win one flag or two."""
    with transaction.atomic():
        event = make_event(f"loans-{next(_examples)}", tables=tables, hands_per_day=(4, 2))
        event.flags_per_table = 2
        event.one_flag_at, event.two_flags_at = one_flag_at, one_flag_at + two_more
        event.save(update_fields=["flags_per_table", "one_flag_at", "two_flags_at"])
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


@pytest.mark.parametrize("one, two", [(7, 10), (5, 6), (8, 13), (1, 2)])
def test_the_database_counts_the_flags_won_as_the_rules_do(one, two):
    """The sums the database makes for a save's loans count flags for every trick count as
    ``rules.flags.flags_won`` does."""
    chosen = FlagSettings(one_flag_at=one, two_flags_at=two)
    rows = ", ".join(f"({t})" for t in range(14))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT column1, {flags_won_sql('column1', chosen)} FROM (VALUES {rows}) AS v"  # noqa: S608
        )
        counted = dict(cursor.fetchall())
    assert counted == {t: flag_rules.flags_won(t, chosen) for t in range(14)}
