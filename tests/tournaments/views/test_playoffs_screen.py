"""The projector's advancing line and its "playoffs in progress" screen (issue 41 points 4, 7)."""

from __future__ import annotations

import re

import pytest

from tests.tournaments.services.test_playoffs import finished, hand
from tournaments.services.playoffs import playoff_draw_record

pytestmark = pytest.mark.django_db


def lines(page: str) -> int:
    """Rows drawn with the advancing line under them."""
    return len(re.findall(r'<tr class="[^"]*\bcut\b', page))


def test_a_tie_across_the_advancing_line_is_named_and_not_cut(client):
    """Two advance, three teams share first: no row is marked as the line, and the projector
    says "Tie for place 1: playoff (tables 1, 2, 3)."."""
    event = finished(3)
    page = client.get(f"/events/{event.slug}/projector/").content.decode()
    assert "Tie for place 1: playoff (tables 1, 2, 3)." in page
    assert lines(page) == 0 and len(re.findall(r'<tr class="[^"]*\bacross\b', page)) == 3


def test_a_tie_inside_the_advancing_places_draws_the_line_under_it(client):
    """Two advance and two teams share first: the line is under the second row, no tie named."""
    event = finished(2)
    page = client.get(f"/events/{event.slug}/projector/").content.decode()
    assert "Tie for place" not in page and lines(page) == 1


def test_the_playoffs_screen_names_the_tables_playing_and_drops_a_decided_hand(client):
    """One advances, tables 1 and 2 tie: the screen says a playoff is in progress at tables 1
    and 2; once their hand is recorded it says no playoff is in progress."""
    event = finished(2, advancing=1)
    url = f"/events/{event.slug}/projector/playoffs/"
    page = client.get(url).content.decode()
    assert "Playoff in progress at tables 1, 2" in page and "Playoff hand 1 · for rank 1" in page
    hand(event, 1, 1, 1, 2)
    page = client.get(url).content.decode()
    assert "No playoff in progress." in page and "Decided:" in page


def test_a_group_waiting_for_its_draw_is_still_to_start(client):
    """Three tied teams before the draw: the screen lists them as still to start; after the
    draw it names the two tables of the first hand."""
    event = finished(3)
    url = f"/events/{event.slug}/projector/playoffs/"
    page = client.get(url).content.decode()
    assert "Still to start:" in page and "rank 1 (tables 1, 2, 3)" in page
    playoff_draw_record(event=event, rank=1, actor=None, cards=[{1: "KH", 2: "QS", 3: "2D"}])
    assert "Playoff in progress at tables" in client.get(url).content.decode()


def test_the_playoffs_screen_before_the_last_hand_says_none_yet(client):
    """Before every hand is played the screen says the playoffs follow the last hand."""
    from tests.leader_helpers import make_event

    event = make_event("early", tables=4)
    page = client.get(f"/events/{event.slug}/projector/playoffs/").content.decode()
    assert "No playoff yet: the playoffs follow the last hand." in page
