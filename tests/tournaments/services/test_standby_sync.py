"""A save's answer waits for the standby while it answers, at most a second, and not at all
without one; a phone's does not wait, and its round waits a moment for the saves after it."""

from __future__ import annotations

import threading
import time

import pytest

from tournaments.services import standby_sync


@pytest.fixture(autouse=True)
def fresh():
    standby_sync.forget()
    yield
    standby_sync.forget()


def answered_in(action) -> float:
    began = time.monotonic()
    standby_sync.begin()
    action()
    standby_sync.settle()
    return time.monotonic() - began


def test_without_a_standby_a_save_does_not_wait():
    assert answered_in(lambda: standby_sync.committed("games", 5)) < 0.05


def test_a_save_waits_until_the_standby_confirms_it():
    standby_sync.asked({"games": 4})
    timer = threading.Timer(0.2, standby_sync.asked, args=({"games": 5},))
    timer.start()
    waited = answered_in(lambda: standby_sync.committed("games", 5))
    assert 0.15 < waited < 0.8
    assert standby_sync.status()["behind"] == pytest.approx(0.2, abs=0.15)


def test_a_standby_that_stops_answering_costs_one_save_a_second_then_none():
    standby_sync.asked({"games": 4})
    assert answered_in(lambda: standby_sync.committed("games", 5)) >= standby_sync.ACK_WAIT
    assert not standby_sync.status()["answering"]
    assert answered_in(lambda: standby_sync.committed("games", 6)) < 0.05


def test_a_phones_save_is_answered_without_waiting_for_the_standby():
    standby_sync.asked({"games": 4})

    def phone_save():
        standby_sync.journaled()
        standby_sync.committed("games", 5)

    assert answered_in(phone_save) < 0.05
    assert standby_sync.status()["answering"]


def gathered_in() -> float:
    began = time.monotonic()
    standby_sync.gather()
    return time.monotonic() - began


def test_a_round_waits_a_moment_for_more_phones_saves():
    standby_sync.asked({"games": 4})
    standby_sync.begin()
    standby_sync.journaled()
    standby_sync.committed("games", 5)
    assert standby_sync.GATHER - 0.05 < gathered_in() < standby_sync.GATHER + 0.5


def test_a_round_goes_at_once_when_a_saves_answer_waits_on_it():
    standby_sync.asked({"games": 4})
    standby_sync.begin()
    standby_sync.journaled()
    standby_sync.committed("games", 5)
    standby_sync.begin()  # the leader's save, after the phone's
    standby_sync.committed("games", 6)
    assert gathered_in() < standby_sync.GATHER / 2


def test_a_leaders_save_ends_the_wait_of_a_round_gathering_phones_saves():
    standby_sync.asked({"games": 4})
    standby_sync.begin()
    standby_sync.journaled()
    standby_sync.committed("games", 5)
    standby_sync.begin()
    timer = threading.Timer(0.05, standby_sync.committed, args=("games", 6))
    timer.start()
    assert gathered_in() < standby_sync.GATHER / 2
