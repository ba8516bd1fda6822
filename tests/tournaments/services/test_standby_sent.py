"""A round to the standby from the revision the hall sent it last carries only what changed:
a phone's save goes as its one result and its entry, not its hand's, and the entry addresses
only when they change; the standby, laying those over what it holds, equals the hall."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.leader_helpers import make_event, make_user, play, sent_by_phone
from tests.publishing_helpers import standings
from tournaments.models import Event, HandResult
from tournaments.services import ResultEntry, results_record, standby_received, standby_sent
from tournaments.services.counts import counts_save
from tournaments.services.people import role_grant
from tournaments.services.table_entry import (
    table_entry_accept,
    table_entry_submit,
    table_tokens_issue,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def nothing_sent_yet(settings, tmp_path):
    settings.DATA_DIR = tmp_path  # the standby's disk
    standby_sent.forget()
    yield
    standby_sent.forget()


def hall_event() -> Event:
    hall = make_event("games", tables=8, hands_per_day=(6, 4))
    make_user("lead", hall)
    table_tokens_issue(event=hall, actor=None)
    play(hall, [1])
    return hall


def round_from(hall: Event, base: int) -> dict:
    """The hall's answer to its standby's ask from ``base`` (``views/standby.py``)."""
    hall.refresh_from_db()
    return {"changes": [standby_sent.answer(hall, base, rows=True)], "accounts": []}


def sent(answer: dict) -> tuple[dict, dict]:
    item = answer["changes"][0]
    return item["change"], item["secrets"]


def save(hall: Event, hand: int, table: int, tricks: int) -> None:
    results_record(event=hall, entries=[ResultEntry(hand, table, tricks)], actor=None)


def test_a_save_after_the_round_the_standby_holds_goes_as_its_one_result():
    hall = hall_event()
    save(hall, 2, 1, 8)
    first, _ = sent(round_from(hall, 0))
    save(hall, 2, 4, 7)
    change, secrets = sent(round_from(hall, first["revision"]))
    assert change["hands"] == [2] and change["rows"] == [2]
    assert [(r["hand"], r["host_table"]) for r in change["archive"]["results"]] == [(2, 4)]
    assert "entry_addresses" not in secrets  # the same as the standby holds


def test_a_standby_asking_from_another_revision_is_sent_the_hand_whole():
    hall = hall_event()
    save(hall, 2, 1, 8)
    first, _ = sent(round_from(hall, 0))
    save(hall, 2, 4, 7)
    standby_sent.forget()  # the hall was started again: it does not know what it sent
    change, secrets = sent(round_from(hall, first["revision"]))
    assert change["rows"] == []
    assert [r["host_table"] for r in change["archive"]["results"]] == [1, 4]
    assert len(secrets["entry_addresses"]) == 8


def test_entry_addresses_issued_again_go_to_the_standby_at_once():
    hall = hall_event()
    first, _ = sent(round_from(hall, 0))
    table_tokens_issue(event=hall, actor=None, tables=[3], replace=True)
    _change, secrets = sent(round_from(hall, first["revision"]))
    assert len(secrets["entry_addresses"]) == 9  # table 3's old address, revoked, and its new


def test_the_standby_laying_the_changed_results_over_its_own_equals_the_hall(client):
    hall = hall_event()
    answers = [round_from(hall, 0)]
    for hand, table, tricks in ((2, 1, 8), (2, 4, 7), (2, 1, 5), (3, 2, 9)):
        save(hall, hand, table, tricks)  # the third corrects a result the standby holds
        answers.append(round_from(hall, sent(answers[-1])[0]["revision"]))
    assert sent(answers[2])[0]["rows"] == [2]
    expected = standings(client, "games")
    results = sorted(
        HandResult.objects.filter(event=hall).values_list(
            "hand__number", "host_table", "visitor_tricks"
        )
    )
    hall.delete()  # the standby is another laptop
    standby_received.keep(answers[0])
    standby_received.apply()  # the event, whole
    for answer in answers[1:]:  # the rest received together and applied as one
        standby_received.keep(answer)
    standby_received.apply()
    copy = Event.objects.get(slug="games")
    assert standings(client, "games") == expected
    held = HandResult.objects.filter(event=copy).values_list(
        "hand__number", "host_table", "visitor_tricks"
    )
    assert sorted(held) == results


def test_each_round_the_standby_applies_as_it_comes_leaves_it_equal_to_the_hall(client):
    hall = hall_event()
    answers = [round_from(hall, 0)]
    for hand, table, tricks in ((2, 1, 8), (2, 4, 7), (2, 1, 5)):
        save(hall, hand, table, tricks)
        answers.append(round_from(hall, sent(answers[-1])[0]["revision"]))
    expected = standings(client, "games")
    hall.delete()
    for answer in answers:
        standby_received.keep(answer)
        standby_received.apply()
    assert standings(client, "games") == expected
    copy = Event.objects.get(slug="games")
    assert HandResult.objects.filter(event=copy, hand__number=2).count() == 2


def test_a_hand_one_of_whose_results_went_is_sent_whole():
    def change(base, revision, tables):
        records = [{"hand": 4, "host_table": t, "visitor_tricks": 7} for t in tables]
        archive = {"results": records}
        return {"event": "games", "base": base, "revision": revision, "whole": False,
                "hands": [4], "archive": archive}  # fmt: skip

    standby_sent.trimmed(change(3, 5, [1, 2, 3]), {}, ())
    sent, _secrets = standby_sent.trimmed(change(5, 6, [1, 3]), {}, ())
    assert sent["rows"] == [] and len(sent["archive"]["results"]) == 2


def test_a_round_reads_only_the_results_written_since_the_revision_the_standby_holds():
    hall = hall_event()
    play(hall, [2])  # hand 2's eight results, sent to the standby
    first, _ = sent(round_from(hall, 0))
    save(hall, 2, 4, 5)  # a correction: the hand's other 7 results are as the standby holds
    read = []
    original = standby_sent.trimmed

    def seen(change, secrets, mark):
        read.append(list(change["archive"]["results"]))
        return original(change, secrets, mark)

    standby_sent.trimmed = seen
    try:
        change, _ = sent(round_from(hall, first["revision"]))
    finally:
        standby_sent.trimmed = original
    assert [(r["hand"], r["host_table"]) for r in read[0]] == [(2, 4)]  # not the hand's 8
    assert change["rows"] == [2] and "counts" not in change


def test_a_result_gone_since_the_round_the_standby_holds_sends_its_hand_whole():
    hall = hall_event()
    save(hall, 2, 1, 8)
    save(hall, 2, 4, 7)
    first, _ = sent(round_from(hall, 0))
    HandResult.objects.filter(event=hall, hand__number=2, host_table=1).delete()
    save(hall, 2, 5, 6)  # moves hand 2 on: its count is 2, the standby's 3
    change, _ = sent(round_from(hall, first["revision"]))
    assert change["rows"] == []
    assert [r["host_table"] for r in change["archive"]["results"]] == [4, 5]


def enter(hall: Event, table: int, hand: int, tricks: int) -> None:
    entry = sent_by_phone(f"phone-{table:04d}-{hand}", hand, tricks)
    table_entry_submit(event=hall, table=table, sent=entry)


def test_a_phone_entry_written_since_goes_and_those_the_standby_holds_do_not():
    hall = hall_event()
    enter(hall, 1, 2, 8)
    enter(hall, 2, 2, 7)
    first, _ = sent(round_from(hall, 0))
    enter(hall, 3, 2, 6)
    _change, secrets = sent(round_from(hall, first["revision"]))
    assert [(e["table"], e["hand"]) for e in secrets["entries"]] == [(3, 2)]


def test_a_waiting_entry_the_leader_accepts_goes_to_the_standby_as_accepted():
    hall = hall_event()
    Event.objects.filter(pk=hall.pk).update(table_entry_waits=True)
    hall.refresh_from_db()
    enter(hall, 1, 2, 8)
    first, _ = sent(round_from(hall, 0))
    table_entry_accept(event=hall, hand=2, table=1, actor=None)
    _change, secrets = sent(round_from(hall, first["revision"]))
    assert [(e["table"], e["status"]) for e in secrets["entries"]] == [(1, "accepted")]


def test_counts_typed_at_the_end_of_a_day_reach_the_standby_at_once():
    """A draft count is a save like any other: the next round carries it, not the next result's."""
    hall = hall_event()
    first, _ = sent(round_from(hall, 0))
    counts_save(event=hall, day=1, counts={3: 11}, actor=None)
    hall.refresh_from_db()
    assert hall.revision > first["revision"]
    change, _ = sent(round_from(hall, first["revision"]))
    assert [(c["table"], c["count"]) for c in change["archive"]["counts"]] == [(3, 11)]


def test_a_helper_given_a_role_reaches_the_standby_at_once():
    hall = hall_event()
    first, _ = sent(round_from(hall, 0))
    lead = User.objects.get(username="lead")
    role_grant(
        event=hall, username="scorer", role="assistant", password="a-long-pass-92", actor=lead
    )
    hall.refresh_from_db()
    assert hall.revision > first["revision"]
    _change, secrets = sent(round_from(hall, first["revision"]))
    assert "scorer" in [a["username"] for a in secrets["accounts"]]
