"""Several people saving at the same moment: different tables all save, the same table is one win
and one "changed while you were typing", a close and a save never interleave, never an error.

These run real threads with their own database connections, on SQLite and (in CI) PostgreSQL.
"""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connection, connections

from tests.conftest import build_event
from tournaments import selectors
from tournaments.models import DayRecord, HandResult, Loan
from tournaments.rules import flags as flag_rules
from tournaments.rules.errors import RulesError
from tournaments.services import ResultConflict, ResultEntry, results_record
from tournaments.services.closing import day_close
from tournaments.services.hand_grid import hand_results_save

pytestmark = pytest.mark.django_db(transaction=True)


def at_once(jobs):
    """Run ``jobs`` in threads released together; return what each returned or raised."""
    start = threading.Barrier(len(jobs))
    outcomes = [None] * len(jobs)

    def run(i, job):
        try:
            start.wait()
            outcomes[i] = job()
        except Exception as error:  # noqa: BLE001 - the test inspects every outcome
            outcomes[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return outcomes


def saver(event, hand, table, tricks, seen=0):
    def job():
        return hand_results_save(
            event=event,
            hand=hand,
            entries=[ResultEntry(hand, table, tricks, seen_version=seen)],
            actor=None,
        )

    return job


def loans_from_scratch(event):
    expected = set()
    for day in (1,):
        recorded = selectors.results(event, [day])
        _, moves = flag_rules.day_ledger(event.tables, day, recorded, event.flag_settings)
        expected |= {(day, m.hand, m.host_table, m.loan) for m in moves if m.loan}
    return expected


def test_sixteen_people_saving_different_tables_and_one_table_twice_all_get_an_answer():
    """Twelve saves of different tables of hand 1 and four saves of table 1 of hand 2, all at
    once: every different table is saved, table 1 of hand 2 once, the rest told, no error."""
    event = build_event("rush", tables=12)
    # Tables short of flags, so the loans must be rebuilt as the saves land.
    results_record(
        event=event,
        entries=[ResultEntry(h, t, 10) for h in range(3, 9) for t in range(1, 13)],
        actor=None,
    )
    jobs = [saver(event, 1, t, 10) for t in range(1, 13)]
    jobs += [saver(event, 2, 1, tricks) for tricks in (7, 8, 9, 11)]
    outcomes = at_once(jobs)

    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert errors == []
    saved_hand_1 = [o for o in outcomes[:12] if o.saved]
    assert len(saved_hand_1) == 12
    table_one = outcomes[12:]
    assert sorted(len(o.saved) for o in table_one) == [0, 0, 0, 1]
    assert sum(len(o.conflicts) for o in table_one) == 3
    stored = Counter(HandResult.objects.values_list("hand__number", flat=True))
    assert stored[1] == 12 and stored[2] == 1
    loans = set(Loan.objects.values_list("day", "hand", "table", "flags"))
    assert loans == loans_from_scratch(event)


def closer(event):
    def job():
        entries = [ResultEntry(30, t, 6) for t in range(2, 5)]
        results_record(event=event, entries=entries, actor=None)
        return day_close(
            event=event, day=1, override_note="race", close_incomplete=True, actor=None
        )

    return job


@pytest.mark.parametrize("attempt", range(4))
def test_a_save_racing_the_day_close_is_in_the_record_or_refused(attempt):
    """A save and the day's close at the same moment: either the save lands first and the close
    records it, or it is refused because the day is closed; never in between."""
    event = build_event(f"close-race-{attempt}", tables=4)
    results_record(
        event=event,
        entries=[ResultEntry(h, t, 6) for h in range(1, 30) for t in range(1, 5)],
        actor=None,
    )
    saved, closed = at_once([saver(event, 30, 1, 10), closer(event)])
    assert not isinstance(closed, Exception), closed
    recorded = {r.table: r.net_flags for r in DayRecord.objects.filter(close=closed)}
    ledger, _ = selectors.load_day_ledger(event, 1)
    landed = HandResult.objects.filter(event=event, hand__number=30, host_table=1).exists()
    if isinstance(saved, RulesError) and not isinstance(saved, ResultConflict):
        assert "Day 1 is closed" in saved.message and not landed
    else:
        assert not isinstance(saved, Exception) and landed, saved
    assert recorded == {t: s.net for t, s in ledger.items()}


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks are PostgreSQL's")
def test_the_event_lock_locks_only_the_event_row():
    """The write lock's query names the event table alone: no join locks a hand's row."""
    from django.db import transaction
    from django.test.utils import CaptureQueriesContext

    from tournaments.services.locks import lock_event

    event = build_event("lock-sql", tables=2)
    with transaction.atomic(), CaptureQueriesContext(connection) as seen:
        lock_event(event)
    sql = seen.captured_queries[-1]["sql"]
    assert "FOR UPDATE OF" in sql and "JOIN" not in sql
