"""The playoffs page: read-only for visitors, the leader's forms post through the services."""

from __future__ import annotations

import itertools

import pytest
from django.urls import reverse

from tests.leader_helpers import make_user
from tests.tournaments.services.test_playoffs import finished
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


def test_by_default_the_page_proposes_the_advancing_ties_and_counts_the_others(client):
    """Eight teams, two advancing, ties in the first two places and below: only the first are
    proposed; the page counts the others as not played off and shows the leader the setting."""
    from tests.tournaments.services.test_playoffs import build_event
    from tournaments.services import ResultEntry, results_record

    event = build_event("eight", tables=8, hands_per_day=(1,))
    moves = snapshot.rotation(event).hand(1).moves  # home table -> the host its pair visits

    def totals(lost: set[int]) -> list[int]:  # hosts in ``lost`` give their visitors a flag
        return [12 + (moves[t] in lost) - (t in lost) for t in range(1, 9)]

    def tied_ranks(lost: set[int]) -> list[int]:
        values = sorted(totals(lost), reverse=True)
        return [values.index(v) + 1 for v in set(values) if values.count(v) > 1]

    lost = next(  # a hall where a tie decides a top place and others sit below
        s
        for n in range(1, 9)
        for s in map(set, itertools.combinations(range(1, 9), n))
        if min(tied_ranks(s), default=9) <= 2 and max(tied_ranks(s), default=0) > 2
    )
    entries = [ResultEntry(1, h, 8 if h in lost else 0) for h in range(1, 9)]
    results_record(event=event, entries=entries, actor=None)
    groups = snapshot.playoffs(event).groups
    assert groups and all(g.tied.rank <= 2 for g in groups)
    others = sorted({s.rank for s in snapshot.standings(event) if s.tied and s.rank > 2})
    assert others
    body = " ".join(client.get(url(event)).content.decode().split())
    assert "ties that decide the first 2 places are played off" in body
    assert f"{len(others)} other tie" in body and "#id_playoff_places" not in body
    client.force_login(make_user("lead8", event))
    body = client.get(url(event)).content.decode()
    assert "setup/#id_playoff_places" in body


def test_the_count_of_ties_needing_a_playoff_goes_down_once_one_is_decided(client):
    """Two teams tied for first: '1 tied group needs a playoff' until its hand is played,
    then 'Every playoff is decided'."""
    event = finished(2)
    client.force_login(make_user("lead2", event))
    assert "1 tied group needs a playoff" in client.get(url(event)).content.decode()
    data = {"rank": 1, "action": "hand", "match": 1, "first_table": 2, "second_table": 1}
    cuts = {"cut_1A": "2C", "cut_1B": "3C", "cut_2A": "4C", "cut_2B": "KD"}
    client.post(url(event), {**data, "first_tricks": "9", "seen": 0, "trump_cut": "QH", **cuts})
    body = client.get(url(event)).content.decode()
    assert "needs a playoff" not in body and "Every playoff is decided" in body
