"""The hall's current hand: public counts follow the complete hands, and no table runs ahead."""

from __future__ import annotations

import contextlib

import pytest
from django.db.models import Count
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import build_event
from tests.leader_helpers import sent_by_phone
from tournaments import selectors, snapshot
from tournaments.models import Event, Hand, HandResult
from tournaments.rules.errors import RulesError
from tournaments.rules.hand_now import current_hand, hand_now_from, may_enter, same_shift
from tournaments.rules.types import Hand as RulesHand
from tournaments.services import ResultEntry, results_record
from tournaments.services.closing import day_close
from tournaments.services.table_entry import table_entry_submit

TABLES, DAYS = 4, (3, 3)


def places(days=DAYS):
    number, out = 0, []
    for day, hands in enumerate(days, 1):
        for _ in range(hands):
            number += 1
            out.append(RulesHand(number, day, 1, {}))
    return out


@given(
    entered=st.dictionaries(st.integers(1, 6), st.integers(0, TABLES)),
    closed=st.sets(st.sampled_from([(1, 0), (2, 0), (1, 1), (2, 1)])),
    last=st.integers(1, 6),
)
def test_every_hand_before_the_halls_hand_is_complete_or_closed(entered, closed, last):
    """The hall's hand is the first hand neither complete nor closed; every hand before it is
    one or the other, and the public count is the hand before it."""
    hands = places()
    hall = hand_now_from(hands, entered, TABLES, last, closed)
    current = hall.current or hall.complete + 1 if not hall.all_played else last + 1
    for place in hands[: current - 1]:
        shut = (place.day, 0) in closed or (place.day, place.session) in closed
        assert entered.get(place.number, 0) == TABLES or shut
    if hall.current is not None:
        assert entered.get(hall.current, 0) < TABLES and hall.current <= last
    assert hall.complete == current - 1


def test_tables_not_in_are_waiting_and_entries_for_the_leader_are_pending():
    """With tables 1 and 3 in and table 4's entry waiting for the leader, the hall waits for
    table 2 (and the leader for table 4)."""
    hall = hand_now_from(places(), {1: 2}, TABLES, 6, hosts_in={1, 3}, hosts_pending={4})
    assert (hall.current, hall.complete, hall.waiting, hall.pending) == (1, 0, (2,), (4,))


def test_a_complete_hand_ahead_of_the_hall_does_not_move_it():
    """Hands 1 and 3 complete, hand 2 not: the hall is on hand 2, after hand 1."""
    assert current_hand(places(), {1: TABLES, 3: TABLES}, TABLES, 6) == 2


def test_a_phone_enters_the_halls_hand_or_fixes_its_last_entry():
    """Hand 3 is allowed when the hall is on 3; 4 is ahead, 1 is over; its last entry (2) may
    be fixed; once every hand is done nothing new is entered."""
    assert may_enter(3, 3, False, 2) == (True, "")
    assert may_enter(4, 3, False, 2) == (False, "ahead")
    assert may_enter(1, 3, False, 2) == (False, "over")
    assert may_enter(2, 3, True, 2) == (True, "")
    assert may_enter(7, None, False, 6) == (False, "done")


def test_the_standard_movement_moves_every_pair_the_same_number_of_tables():
    """Home t visiting t + 3 round 10 tables is a shift of 3; a swap of two is no shift."""
    assert same_shift({t: (t + 2) % 10 + 1 for t in range(1, 11)}, 10) == 3
    assert same_shift({1: 2, 2: 1, 3: 4, 4: 3}, 4) is None


def complete_hands(event: Event) -> int:
    """The hands 1..k every table has a result for, counted straight from the database."""
    counts = dict(
        Hand.objects.filter(event=event).annotate(n=Count("results")).values_list("number", "n")
    )
    k = 0
    while counts.get(k + 1, 0) == event.tables:
        k += 1
    return k


step = st.one_of(
    st.tuples(st.just("table"), st.integers(1, TABLES), st.integers(1, 6), st.integers(0, 13)),
    st.tuples(
        st.just("leader"),
        st.integers(1, 6),
        st.sets(st.integers(1, TABLES), min_size=1),
        st.integers(0, 13),
    ),
)


@pytest.mark.django_db
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=st.lists(step, max_size=25))
def test_no_table_entry_moves_a_public_count_beyond_the_complete_hands(db, steps):
    """Whatever the phones send (and whatever the leader enters, ahead or not), the public
    "after hand N" is the complete hands, and a phone only ever records the hall's hand or
    its own last entry."""
    Event.objects.all().delete()
    event = build_event("prop-hall", tables=TABLES, hands_per_day=DAYS)
    for number, move in enumerate(steps):
        before = snapshot.hand_now(event).current
        if move[0] == "table":
            _, table, hand, tricks = move
            mine = HandResult.objects.filter(event=event, host_table=table)
            last = max(mine.values_list("hand__number", flat=True), default=None)
            try:
                outcome = table_entry_submit(
                    event=event,
                    table=table,
                    sent=sent_by_phone(f"phone-{number:04d}", hand, tricks),
                )
            except RulesError:
                pass
            else:
                assert outcome.hand in (before, last)
        else:
            _, hand, tables, tricks = move
            entries = [ResultEntry(hand, t, tricks, seen_version=None) for t in tables]
            with contextlib.suppress(RulesError):
                results_record(event=event, entries=entries, actor=None)
        event.refresh_from_db()
        # Day 1 is never closed here: past its last hand (3) the hall stays at its end.
        complete = complete_hands(event)
        shown = complete if complete == 6 else min(complete, 3)
        assert snapshot.hands_played(event) == shown
        assert snapshot.standings_payload(event)["hands_played"] == shown
        hall = snapshot.hand_now(event)
        assert hall.current == (shown + 1 if shown < 3 else None)
        by_tables = HandResult.objects.filter(event=event, entered_by__startswith="table ")
        ahead = by_tables.filter(hand__number__gt=shown + 1)
        assert not ahead.exists()


@pytest.mark.django_db
def test_a_closed_day_short_of_a_hand_lets_the_hall_go_on():
    """Day 1 closed with hand 3 missing at one table: the hall moves on to hand 4."""
    event = build_event("hall-closed", tables=TABLES, hands_per_day=DAYS)
    results_record(
        event=event,
        entries=[ResultEntry(h, t, 8) for h in (1, 2) for t in range(1, 5)]
        + [ResultEntry(3, t, 8) for t in (1, 2, 3)],
        actor=None,
    )
    assert snapshot.hand_now(event).waiting == (4,)
    day_close(event=event, day=1, override_note="slip lost", close_incomplete=True, actor=None)
    event.refresh_from_db()
    hall = snapshot.hand_now(event)
    assert (hall.current, hall.complete, hall.waiting) == (4, 3, (1, 2, 3, 4))


@pytest.mark.django_db
def test_the_standings_count_a_hand_in_play_while_saying_after_the_last_complete_one(client):
    """Hand 2 in at one table: standings.json still says after hand 1, and its flags already
    count that table's result."""
    event = build_event("hall-partial", tables=TABLES, hands_per_day=DAYS)
    results_record(event=event, entries=[ResultEntry(1, t, 6) for t in range(1, 5)], actor=None)
    results_record(event=event, entries=[ResultEntry(2, 1, 13)], actor=None)
    body = client.get(f"/events/{event.slug}/standings.json").json()
    visitor = selectors.load_rotation(event).hand(2).visitor_of(1)
    totals = {s["table"]: s["total"] for s in body["standings"]}
    assert body["hands_played"] == 1
    assert (totals[visitor], totals[1]) == (14, 10)
