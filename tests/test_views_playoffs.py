"""The playoffs page: read-only for visitors, the leader's forms post through the services."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.leader_helpers import make_user
from tests.test_playoffs_flow import finished
from tournaments import snapshot
from tournaments.models import PlayoffGroup

pytestmark = pytest.mark.django_db


def url(event) -> str:
    return reverse("tournaments:playoffs", args=[event.slug])


def test_a_visitor_sees_the_tie_and_its_explanation_without_forms(client):
    """An anonymous visitor reads the tied group and the three-team rule but gets no form."""
    event = finished(3)
    body = client.get(url(event)).content.decode()
    assert "Tie for rank 1: 3 teams on 12" in body
    assert "the lowest draw gets a bye" in body
    assert '<form method="post" class="playoff' not in body


def test_four_tied_teams_are_told_the_rules_are_silent(client):
    """A four-team tie explains on screen that the tool generalises the rule."""
    event = finished(4)
    assert "the rules are silent" in client.get(url(event)).content.decode()


def test_an_anonymous_post_is_sent_to_log_in(client):
    """Posting a draw without logging in changes nothing and redirects to the login page."""
    event = finished(3)
    response = client.post(url(event), {"rank": 1, "action": "draw-random"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not PlayoffGroup.objects.exists()


def test_the_leader_records_a_typed_draw_with_a_redraw(client):
    """Two equal kings redrawn on a second line settle the bye order."""
    event = finished(3)
    client.force_login(make_user("lead", event))
    data = {"rank": 1, "action": "draw", "card_1": "KH", "card_2": "KS", "card_3": "2D"}
    client.post(url(event), {**data, "card_redraws": "1=4C, 2=9C"})
    event.refresh_from_db()
    assert snapshot.playoffs(event).groups[0].bracket.seeds == (3, 1, 2)


def test_a_bad_tricks_value_is_refused_with_a_message(client):
    """Tricks of 14 are refused naming the field, and nothing is saved."""
    event = finished(2)
    client.force_login(make_user("lead", event))
    data = {"rank": 1, "action": "hand", "match": 1, "first_table": 1, "second_table": 2}
    response = client.post(url(event), {**data, "first_tricks": "14", "seen": 0}, follow=True)
    assert "Tricks must be from 0 to 13, not 14" in response.content.decode()
    assert not snapshot.playoffs(event).groups[0].hands


def test_a_decided_place_shows_its_mark_and_note_on_the_standings_page(client):
    """After the playoff the standings page marks the ranks P and names the playoff hand."""
    event = finished(2)
    client.force_login(make_user("lead", event))
    data = {"rank": 1, "action": "hand", "match": 1, "first_table": 2, "second_table": 1}
    cuts = {"cut_1A": "2C", "cut_1B": "3C", "cut_2A": "4C", "cut_2B": "KD"}
    client.post(url(event), {**data, "first_tricks": "9", "seen": 0, "trump_cut": "QH", **cuts})
    body = client.get(reverse("tournaments:standings", args=[event.slug])).content.decode()
    assert 'class="playoff">P</abbr>' in body and "playoff hand 1" in body
