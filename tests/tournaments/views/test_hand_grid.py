"""The hand entry grid: saving, partial entry, refused values, corrections and conflicts."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.leader_helpers import grid_post, make_event, make_user, play
from tournaments import snapshot
from tournaments.models import AuditEntry, HandResult, Role
from tournaments.services import ResultEntry, results_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return make_event()


@pytest.fixture
def leader(client, event):
    user = make_user("lead", event)
    client.force_login(user)
    return user


def url(event, hand=1):
    return reverse("tournaments:hand_grid", args=[event.slug, hand])


def test_grid_lists_every_host_table_with_its_visitors_and_trump(client, event, leader):
    """The grid for a hand shows every host table, the visiting team and pair, and the trump."""
    page = client.get(url(event)).content.decode()
    hand = snapshot.rotation(event).hand(1)
    visitor = hand.visitor_of(5)
    assert page.count('class="tricks"') == 8
    assert "Table 5 visitors&#x27;" in page or "Table 5 visitors'" in page
    assert f"Team {visitor}" in page and f"A{visitor} &amp; B{visitor}" in page
    assert "Hearts" in page


def test_a_full_hand_is_saved_and_the_next_hand_opens(client, event, leader):
    """Saving all eight tables with 'save and next' records them and opens hand 2."""
    response = client.post(
        url(event), grid_post(event, 1, dict.fromkeys(range(1, 9), 7), go="next")
    )
    assert response.status_code == 302 and response["Location"] == url(event, 2)
    assert HandResult.objects.filter(hand__number=1).count() == 8


def test_partial_entry_is_kept_and_counted(client, event, leader):
    """Three tables typed are saved and the grid says 3 of 8 tables entered."""
    client.post(url(event), grid_post(event, 1, {1: 7, 2: 10, 3: 4}))
    page = client.get(url(event)).content.decode()
    assert "3 of 8 tables entered" in page


def test_saved_rows_say_which_table_takes_flags(client, event, leader):
    """A saved 10 reads 'Table V takes 2 flags from Table 5'."""
    client.post(url(event), grid_post(event, 1, {5: 10}))
    visitor = snapshot.rotation(event).hand(1).visitor_of(5)
    assert f"Table {visitor} takes 2 flags from Table 5" in client.get(url(event)).content.decode()


def test_a_bad_value_is_refused_on_its_row_and_the_others_are_saved(client, event, leader):
    """14 tricks is refused with a message on that row; the other rows are still saved."""
    response = client.post(url(event), grid_post(event, 1, {1: 14, 2: 8, 3: "x"}))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Table 1: tricks must be from 0 to 13, not 14. Not saved." in page
    assert "Table 3: tricks must be a whole number" in page
    assert set(HandResult.objects.values_list("host_table", flat=True)) == {2}


def test_a_correction_is_kept_in_the_hands_history(client, event, leader):
    """Changing 8 to 10 keeps old and new value, who and when, and the grid shows it."""
    client.post(url(event), grid_post(event, 1, {4: 8}))
    client.post(url(event), grid_post(event, 1, {4: 10}, seen={4: 1}, was={4: "8,0,0"}))
    entry = AuditEntry.objects.get(action="result corrected")
    assert (entry.before["visitor_tricks"], entry.after["visitor_tricks"]) == (8, 10)
    assert entry.actor == "lead"
    assert "changed 8 → <strong>10</strong>" in client.get(url(event)).content.decode()


def test_standings_follow_a_correction_at_once(client, event, leader):
    """After a correction the standings show the corrected flags without any other step."""
    client.post(url(event), grid_post(event, 1, {4: 10}))
    visitor = snapshot.rotation(event).hand(1).visitor_of(4)
    assert next(s for s in snapshot.standings(event) if s.table == visitor).total == 14
    client.post(url(event), grid_post(event, 1, {4: 6}, seen={4: 1}, was={4: "10,0,0"}))
    event.refresh_from_db()
    assert next(s for s in snapshot.standings(event) if s.table == visitor).total == 12


def test_two_leaders_saving_one_table_the_second_is_told_with_both_values(client, event, leader):
    """When another leader saved 9 first, saving 8 over the old page is refused showing both."""
    other = make_user("other-lead", event)
    results_record(event=event, entries=[ResultEntry(1, 6, 9, seen_version=0)], actor=other)
    response = client.post(url(event), grid_post(event, 1, {6: 8, 7: 3}))
    page = response.content.decode()
    assert "it is now 9, you entered 8" in page
    assert HandResult.objects.get(host_table=6).visitor_tricks == 9
    assert HandResult.objects.get(host_table=7).visitor_tricks == 3


def test_flags_never_move_twice_when_a_save_is_repeated(client, event, leader):
    """Posting the same page twice moves the flags once: the second save is a conflict."""
    body = grid_post(event, 1, {2: 11})
    client.post(url(event), body)
    client.post(url(event), body)
    event.refresh_from_db()
    assert sorted(s.total for s in snapshot.standings(event)) == [10] + [12] * 6 + [14]
    assert HandResult.objects.count() == 1


def test_a_row_someone_else_saved_is_not_a_conflict_when_left_untouched(client, event, leader):
    """Rows this leader did not type in are left alone, even if another leader saved them."""
    results_record(event=event, entries=[ResultEntry(1, 6, 9)], actor=None)
    response = client.post(url(event), grid_post(event, 1, {1: 7}))
    assert response.status_code == 302
    assert HandResult.objects.get(host_table=6).visitor_tricks == 9


def test_revokes_are_recorded_with_the_tricks_as_played(client, event, leader):
    """8 tricks with one visitors' revoke records 8 as played and 6 after the penalty."""
    body = grid_post(event, 1, {3: 8})
    body["vrev_3"] = "1"
    client.post(url(event), body)
    result = HandResult.objects.get(host_table=3)
    assert (result.tricks_played, result.visitor_revokes, result.visitor_tricks) == (8, 1, 6)


def test_a_loan_shows_where_a_table_ran_dry(client, event, leader):
    """A table that pays more flags than it holds shows the leader's loan on its row."""
    event.flags_per_table = 1
    event.save()
    client.post(url(event), grid_post(event, 1, dict.fromkeys(range(1, 9), 12)))
    assert HandResult.objects.count() == 8
    client.post(url(event, 2), grid_post(event, 2, dict.fromkeys(range(1, 9), 12)))
    assert "borrows 1 flag" in client.get(url(event, 1)).content.decode()


@pytest.mark.parametrize("role", [Role.ASSISTANT, Role.LEADER])
def test_a_closed_days_result_is_refused_on_the_grid_naming_the_day(client, event, role):
    """Once day 1 is closed a correction on the grid is refused, naming the day; nothing changes."""
    from tournaments.services.closing import day_close

    play(event, range(1, 31))
    day_close(event=event, day=1, close_incomplete=True, actor=None)
    client.force_login(make_user("helper", event, role))
    body = grid_post(event, 1, {1: 3}, seen={1: 1}, was={1: "8,0,0"})
    page = client.post(url(event), body).content.decode()
    assert "Day 1 is closed, so these results cannot change: hand 1 table 1" in page
    assert HandResult.objects.get(hand__number=1, host_table=1).visitor_tricks == 8


@pytest.mark.parametrize(
    ("role", "told"),
    [
        (Role.LEADER, 'To correct one, <a href="/events/{slug}/close/">reopen the day</a>'),
        (Role.ASSISTANT, "Only a leader can reopen it."),
    ],
)
def test_a_closed_days_grid_offers_its_reopening_to_a_leader_only(client, event, role, told):
    from tournaments.services.closing import day_close

    play(event, range(1, 31))
    day_close(event=event, day=1, close_incomplete=True, actor=None)
    client.force_login(make_user("helper", event, role))
    page = client.get(url(event)).content.decode()
    assert told.format(slug=event.slug) in page


def test_the_hand_list_offers_the_first_hand_not_fully_entered(client, event, leader):
    """With hand 1 complete the hand list says 'Continue with hand 2'."""
    play(event, [1])
    assert (
        "Continue with hand 2"
        in client.get(reverse("tournaments:hands", args=[event.slug])).content.decode()
    )


def test_a_save_that_races_another_leader_saves_nothing_and_keeps_what_was_typed(
    client, event, leader, monkeypatch
):
    """If another leader creates the same row at the same instant, nothing is saved and the
    typed values stay on the page to save again."""
    from tournaments.services import ResultConflict
    from tournaments.views import hand_grid

    def racing(**kwargs):
        raise ResultConflict(1, 4, 9, None)

    monkeypatch.setattr(hand_grid, "hand_results_save", racing)
    page = client.post(url(event), grid_post(event, 1, {3: 7, 4: 9})).content.decode()
    assert "Nothing was saved" in page
    assert 'name="tricks_3" value="7"' in page
    assert not HandResult.objects.exists()
