"""Loans re-derived from the saved hand onward equal loans derived from the whole day."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.leader_helpers import make_event, play
from tournaments import selectors, snapshot
from tournaments.models import Loan
from tournaments.rules import flags as flag_rules
from tournaments.services import ResultEntry, results_record
from tournaments.snapshot.tallies import held_before

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
    tricks win one flag or two, whether phones read the standings between saves (a save
    then starts from the hands' tallies kept for them) or not, and whether the saves come
    from this server process or from another."""
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
            with django_capture_on_commit_callbacks(execute=True):
                snapshot.standings(event)


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


def test_a_save_after_another_servers_save_reads_the_hands_that_save_changed(
    django_capture_on_commit_callbacks,
):
    """Phones read here, another server process saves hands 1 and 2 (this process is never
    told), then this process saves hand 3: its loans start from hands 1 and 2 as recorded."""
    event = make_event("elsewhere", tables=4, flags_per_table=1)
    play(event, [1], tricks=8)
    with django_capture_on_commit_callbacks(execute=True):
        snapshot.standings(event)  # hand 1's tally is kept
    with django_capture_on_commit_callbacks(execute=False):  # another process's commit
        play(event, [1, 2], tricks=13)
    net = {}
    for r in selectors.results(event):
        flags = flag_rules.flags_won(r.visitor_tricks, event.flag_settings)
        net[r.visitor_table] = net.get(r.visitor_table, 0) + flags
        net[r.host_table] = net.get(r.host_table, 0) - flags
    started = held_before(event, 1, 3)
    loans = {}
    for table, flags in Loan.objects.filter(event=event, day=1).values_list("table", "flags"):
        loans[table] = loans.get(table, 0) + flags
    assert started == {t: 1 + net.get(t, 0) + loans.get(t, 0) for t in range(1, 5)}
    play(event, [3], tricks=12)
    assert stored_loans(event) == day_loans(event)
