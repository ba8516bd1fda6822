"""The grid keeps its bearings at 250 tables: a save's message names only what needs the
leader's eye, a table's waiting entry reads as the box takes it, and a corrected result
shows its old value until the next hand is entered."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.urls import reverse

from tests.leader_helpers import grid_post, make_event, make_user, play, sent_by_phone
from tournaments.services import ResultEntry, results_record
from tournaments.services.table_entry import table_entry_submit
from tournaments.views.hand_grid_words import saved_words

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return make_event("bearings")


@pytest.fixture
def leader(client, event):
    client.force_login(make_user("lead", event))


def url(event, hand=1):
    return reverse("tournaments:hand_grid", args=[event.slug, hand])


def said(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_a_whole_hand_saved_is_counted_not_listed(client, event, leader):
    """Saving all 8 tables says 'Hand 1: 8 tables saved.' and lists no table numbers."""
    response = client.post(
        url(event), grid_post(event, 1, dict.fromkeys(range(1, 9), 7)), follow=True
    )
    assert said(response) == ["Hand 1: 8 tables saved."]


def test_a_correction_is_named_with_its_old_and_new_tricks(client, event, leader):
    """Changing table 4 from 8 to 10 with two new rows names table 4 alone: '(8 → 10)'."""
    client.post(url(event), grid_post(event, 1, {4: 8}), follow=True)
    typed = grid_post(event, 1, {4: 10, 5: 6, 6: 7}, seen={4: 1}, was={4: "8,0,0"})
    response = client.post(url(event), typed, follow=True)
    assert said(response) == ["Hand 1: 3 tables saved. Changed: table 4 (8 → 10)."]


def test_refused_rows_are_named_in_the_message(client, event, leader):
    """A 14 at table 1 and an 'x' at table 3 are named as refused; table 2 is counted saved."""
    response = client.post(url(event), grid_post(event, 1, {1: 14, 2: 8, 3: "x"}))
    assert said(response) == [
        "Hand 1: 1 table saved.",
        "Refused: tables 1, 3, not saved (see the rows marked below).",
    ]


def test_past_ten_changed_tables_the_message_counts_the_rest():
    """Twelve corrections name ten tables and end 'and 2 more'."""
    rows = [SimpleNamespace(host_table=t, tricks_played=9) for t in range(1, 13)]
    words = saved_words(3, rows, {t: "8,0,0" for t in range(1, 13)})
    assert words.startswith("Hand 3: 12 tables saved. Changed: table 1 (8 → 9), ")
    assert words.endswith("table 10 (8 → 9) and 2 more.")


def test_a_waiting_entry_shows_tricks_as_played_and_its_revokes(client, event, leader):
    """Table 2's phone says 9 played with a visitors' revoke: the grid reads 'Table says 9
    played · revokes: visitors 1, hosts 0', not the 7 left after the penalty."""
    event.table_entry_waits = True
    event.save(update_fields=["table_entry_waits"])
    table_entry_submit(event=event, table=2, sent=sent_by_phone("phone-two-0001", 1, 9, 1, 0))
    page = client.get(url(event)).content.decode()
    row = re.search(r'<tr id="row-2".*?</tr>', page, re.S)[0]
    text = " ".join(re.sub(r"<[^>]+>", "", row).split())
    assert "Table says 9 played · revokes: visitors 1, hosts 0" in text
    rows = client.get(reverse("tournaments:hand_rows", args=[event.slug, 1])).json()["rows"]
    waiting = next(r for r in rows if r["host"] == 2)["waiting"]
    assert (waiting["tricks_played"], waiting["visitor_revokes"]) == (9, 1)


def test_a_corrected_result_shows_its_old_value_until_the_next_hand(client, event, leader):
    """Table 4 corrected from 8 to 10 reads 'was 8' on hand 1 until hand 2 has a result."""
    play(event, [1], tricks=8)
    client.post(url(event), grid_post(event, 1, {4: 10}, seen={4: 1}, was={4: "8,0,0"}))
    page = client.get(url(event)).content.decode()
    assert '<span class="was" id="was-4">was 8</span>' in page
    assert page.count('class="was"') == 1
    results_record(event=event, entries=[ResultEntry(2, 1, 7)], actor=None)
    assert 'class="was"' not in client.get(url(event)).content.decode()
