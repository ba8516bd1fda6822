"""Loans re-derived from the saved hand onward equal loans derived from the whole day."""

from __future__ import annotations

import pytest
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments import selectors
from tournaments.models import Loan
from tournaments.rules import flags as flag_rules
from tournaments.rules.types import FlagSettings
from tournaments.selectors import tallies
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
            st.booleans(),  # phones read the standings after this save
            st.booleans(),  # the save was made by this process (else by another server's)
        ),
        min_size=1,
        max_size=10,
    ),
    one_flag_at=st.integers(5, 8),
    two_more=st.integers(1, 4),
)
def test_loans_after_saves_in_any_order_match_the_whole_day_replayed(
    db, django_capture_on_commit_callbacks, tables, saves, one_flag_at, two_more
):
    """Saving hands in any order, corrections included, leaves exactly the loans a replay of
    each whole day gives (mostly winning tricks, so tables run dry and borrow), whatever
    tricks win one flag or two, and whether phones read the standings between saves (a
    save then starts from the tallies kept for them) or not (from the database's sums), and
    whether the saves come from this server process or from another."""
    event = make_event(f"loans-{next(_examples)}", tables=tables, hands_per_day=(4, 2))
    event.flags_per_table = 2
    event.one_flag_at, event.two_flags_at = one_flag_at, one_flag_at + two_more
    event.save(update_fields=["flags_per_table", "one_flag_at", "two_flags_at"])
    for hand, typed, read, here in saves:
        entries = {t: v for t, v in typed if t <= tables}
        if not entries:
            continue
        # Another process's save never reaches this one's kept tallies.
        with django_capture_on_commit_callbacks(execute=here):
            results_record(
                event=event,
                entries=[ResultEntry(hand, t, v) for t, v in entries.items()],
                actor=None,
            )
        assert stored_loans(event) == day_loans(event)
        if read:
            selectors.standings(event)


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


def test_a_save_after_another_servers_save_reads_the_hands_that_save_changed(
    django_capture_on_commit_callbacks,
):
    """Phones read here, another server process saves hands 1 and 2 (this process's kept
    tallies never hear of it), then this process saves hand 3: its loans start from hands 1
    and 2 as recorded."""
    event = make_event("elsewhere", tables=4, flags_per_table=1)
    play(event, [1], tricks=8)
    selectors.standings(event)  # the tallies are kept, up to hand 1
    with django_capture_on_commit_callbacks(execute=False):  # another process's commit
        play(event, [1, 2], tricks=13)
    net = {}
    for r in selectors.results(event):
        flags = flag_rules.flags_won(r.visitor_tricks, event.flag_settings)
        net[r.visitor_table] = net.get(r.visitor_table, 0) + flags
        net[r.host_table] = net.get(r.host_table, 0) - flags
    started = tallies.net_before(event, 1, 3)
    assert {t: n for t, n in started.items() if n} == {t: n for t, n in net.items() if n}
    play(event, [3], tricks=12)
    assert stored_loans(event) == day_loans(event)
