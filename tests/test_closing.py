"""Closing a session or day: physical counts, mismatches with their hands, overrides, roles."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import selectors
from tournaments.models import DayClose, Role

from .leader_helpers import make_event, make_user, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = make_event("close", tables=4, hands_per_day=(4, 2))
    play(event, range(1, 5), tricks=10)
    return event


def url(event, day=1):
    return reverse("tournaments:close_day", args=[event.slug, day])


def expected(event) -> dict[int, int]:
    summary, _ = selectors.day_ledger(event, 1)
    return {t: s.on_table for t, s in summary.items()}


def counts_body(counts: dict[int, int], action="check", note="") -> dict:
    return {"action": action, "override_note": note, **{f"count_{t}": c for t, c in counts.items()}}


def test_checking_counts_lists_each_mismatch_with_the_hands_that_touched_it(client, event):
    """A count one short at table 2 is listed with the hands that moved flags there."""
    client.force_login(make_user("lead", event))
    counts = expected(event)
    counts[2] -= 1
    page = client.post(url(event), counts_body(counts)).content.decode()
    assert f"table 2 counted {counts[2]}, expected {counts[2] + 1}" in page
    assert "check the slips of hands 1, 2, 3, 4" in page
    assert not DayClose.objects.exists()


def test_matching_counts_close_the_day_and_record_every_table(client, event):
    """When every count matches, closing records each table's flags and counts."""
    client.force_login(make_user("lead", event))
    response = client.post(url(event), counts_body(expected(event), action="close"))
    assert response.status_code == 302
    close = DayClose.objects.get(day=1, session=0)
    assert [r.physical_count for r in close.records.all()] == list(expected(event).values())


def test_a_mismatch_without_a_note_does_not_close(client, event):
    """Closing with a wrong count and no explanation is refused and nothing is recorded."""
    client.force_login(make_user("lead", event))
    counts = {**expected(event), 3: 0}
    page = client.post(url(event), counts_body(counts, action="close")).content.decode()
    assert "The physical count differs at table(s) 3" in page
    assert not DayClose.objects.exists()


def test_the_leader_may_close_with_an_explained_override(client, event):
    """With a note the day closes despite the mismatch and the note is kept."""
    client.force_login(make_user("lead", event))
    counts = {**expected(event), 3: 0}
    body = counts_body(counts, action="close", note="Flags fell on the floor at table 3")
    client.post(url(event), body)
    assert DayClose.objects.get().override_note == "Flags fell on the floor at table 3"


def test_an_assistant_checks_counts_but_does_not_close(client, event):
    """An assistant may check the counts; closing the day is the leader's."""
    client.force_login(make_user("helper", event, Role.ASSISTANT))
    assert client.post(url(event), counts_body(expected(event))).status_code == 200
    response = client.post(url(event), counts_body(expected(event), action="close"))
    assert response.status_code == 403
    assert not DayClose.objects.exists()


def test_counts_include_the_leaders_loans(client):
    """A table that ran dry is expected to hold its loaned flags; the loans column shows them."""
    event = make_event("dry", tables=4, hands_per_day=(3,), flags_per_table=1)
    play(event, range(1, 4), tricks=12)
    summary, _ = selectors.day_ledger(event, 1)
    assert any(s.loans for s in summary.values())
    client.force_login(make_user("lead", event))
    counts = {t: s.on_table for t, s in summary.items()}
    response = client.post(url(event), counts_body(counts, action="close"))
    assert response.status_code == 302


def test_after_day_one_closes_every_table_starts_day_two_with_twelve_flags(client, event):
    """Day 2 begins with 12 flags on every table whatever day 1 left there."""
    client.force_login(make_user("lead", event))
    client.post(url(event), counts_body(expected(event), action="close"))
    summary, _ = selectors.day_ledger(event, 2)
    assert {s.on_table for s in summary.values()} == {12}


def test_the_close_list_shows_each_day_and_whether_it_is_closed(client, event):
    """The close page lists day 1 and day 2 and marks day 1 closed after closing."""
    client.force_login(make_user("lead", event))
    client.post(url(event), counts_body(expected(event), action="close"))
    page = client.get(reverse("tournaments:close_list", args=[event.slug])).content.decode()
    assert "Closed by lead" in page and "Day 2" in page
