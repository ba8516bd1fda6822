"""The JSON interfaces of DESIGN.md section 4 and the health check."""

from __future__ import annotations

import pytest

from tests.conftest import build_event
from tournaments.services import ResultEntry, results_record

pytestmark = pytest.mark.django_db


def enter(event, hand, tricks_by_table):
    results_record(
        event=event,
        actor=None,
        entries=[ResultEntry(hand, table, tricks) for table, tricks in tricks_by_table.items()],
    )


def test_healthz_says_ok_without_the_database(client, django_assert_num_queries):
    """The health check answers 200 ok and touches no database."""
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200 and response.content == b"ok"


def test_rotation_json_has_the_documented_shape(client, event):
    """rotation.json lists every hand with its day, session, trump, pair and moves."""
    body = client.get(f"/events/{event.slug}/rotation.json").json()
    assert body["event"] == event.slug and body["tables"] == 4 and len(body["hands"]) == 30
    assert body["hands"][0] == {
        "hand": 1,
        "day": 1,
        "session": 1,
        "trump": "H",
        "travelling": "AB",
        "moves": {"1": 2, "2": 3, "3": 4, "4": 1},
    }


def test_standings_json_before_play_has_no_days(client, event):
    """Before any result, every team is tied on 0 with no day begun."""
    body = client.get(f"/events/{event.slug}/standings.json").json()
    assert body["hands_played"] == 0
    assert {(s["rank"], s["total"], s["tied"], tuple(s["days"])) for s in body["standings"]} == {
        (1, 0, True, ())
    }


def test_standings_json_follows_the_results(client, event):
    """After hand 1 the visitors' home tables gain what the host tables lose."""
    enter(event, 1, {1: 10, 2: 7, 3: 3, 4: 6})  # visitors of 1 are table 4, of 2 table 1 ...
    body = client.get(f"/events/{event.slug}/standings.json").json()
    rows = {s["table"]: s for s in body["standings"]}
    assert body["hands_played"] == 1
    assert [rows[t]["days"] for t in (1, 2, 3, 4)] == [[11], [11], [12], [14]]
    assert rows[4] == {
        "rank": 1,
        "table": 4,
        "team": "Team 4",
        "days": [14],
        "total": 14,
        "tied": False,
        "playoff": [],
        "advancing": False,
    }
    assert rows[1]["rank"] == rows[2]["rank"] == 3 and rows[1]["tied"]


def test_standings_json_holds_one_entry_per_begun_day(client, two_day_event):
    """A result on day 2 adds a second day record that starts from 12 flags."""
    enter(two_day_event, 1, {2: 10})
    enter(two_day_event, 31, {2: 7})  # hand 31 moves every pair one table on again
    rows = {
        s["table"]: s
        for s in client.get(f"/events/{two_day_event.slug}/standings.json").json()["standings"]
    }
    assert rows[1]["days"] == [14, 13] and rows[1]["total"] == 27
    assert rows[3]["days"] == [12, 12]
    assert rows[2]["days"] == [10, 11]


def test_a_correction_changes_the_standings_at_once(client, event):
    """Standings are derived: a corrected result shows in the next request."""
    enter(event, 1, {2: 10})
    client.get(f"/events/{event.slug}/standings.json")
    enter(event, 1, {2: 4})
    rows = client.get(f"/events/{event.slug}/standings.json").json()["standings"]
    assert {r["total"] for r in rows} == {12}


def test_unknown_event_is_404(client, db):
    """An address for an event that does not exist is not found."""
    assert client.get("/events/nope/standings.json").status_code == 404


@pytest.mark.parametrize("tables", [2, 7, 250])
def test_rotation_json_is_a_derangement_for_any_size(client, db, tables):
    """For 2 to 250 tables every hand sends each pair to another table, one pair a table."""
    event = build_event(f"n{tables}", tables=tables, hands_per_day=(3,))
    for hand in client.get(f"/events/{event.slug}/rotation.json").json()["hands"]:
        hosts = list(hand["moves"].values())
        assert sorted(hosts) == list(range(1, tables + 1))
        assert all(int(home) != host for home, host in hand["moves"].items())


@pytest.mark.parametrize("url", ["standings.json", "rotation.json", "", "standings/", "rotation/"])
def test_public_pages_use_the_same_queries_for_8_and_64_tables(
    client, db, url, django_assert_max_num_queries
):
    """The query count of a public page does not grow with the number of tables."""
    counts = []
    for tables in (8, 64):
        event = build_event(f"q{tables}", tables=tables, hands_per_day=(6,))
        enter(event, 1, dict.fromkeys(range(1, tables + 1), 8))
        # Cold: the event, the hands' tallies, the teams and the hall's hand, and the
        # event's revision read around each value built (tournaments/cache/store.py; the
        # tallies every page shares are checked on their own).
        with django_assert_max_num_queries(10) as ctx:
            assert client.get(f"/events/{event.slug}/{url}").status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]
