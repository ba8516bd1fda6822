"""Closing a session or day: physical counts, mismatches with their hands, overrides, roles."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.leader_helpers import make_event, make_user, play
from tournaments import selectors, snapshot
from tournaments.models import DayClose, Role

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = make_event("close", tables=4, hands_per_day=(4, 2))
    play(event, range(1, 5), tricks=10)
    return event


def url(event, day=1):
    return reverse("tournaments:close_day", args=[event.slug, day])


def expected(event) -> dict[int, int]:
    summary, _ = selectors.load_day_ledger(event, 1)
    return {t: s.on_table for t, s in summary.items()}


def counts_body(counts: dict[int, int], action="check", note="") -> dict:
    return {"action": action, "override_note": note, **{f"count_{t}": c for t, c in counts.items()}}


def test_checking_counts_lists_each_mismatch_with_the_hands_that_would_explain_it(client, event):
    """A count one short at table 2 is listed with the hands where one trick fewer for its
    own pair would have made it match (10 tricks everywhere: any of hands 1-4)."""
    client.force_login(make_user("lead", event))
    counts = expected(event)
    counts[2] -= 1
    page = client.post(url(event), counts_body(counts)).content.decode()
    assert f"table 2 counted {counts[2]}, expected {counts[2] + 1}" in page
    assert "check hands 1, 2, 3, 4 first" in page
    assert "9 tricks for our pair would make the count match" in page
    assert not DayClose.objects.exists()


def test_a_table_whose_count_differs_is_marked_in_words_too(client, event):
    """The counts form marks table 3's row, and says by how much it differs."""
    client.force_login(make_user("lead", event))
    counts = {**expected(event), 3: expected(event)[3] + 2}
    page = client.post(url(event), counts_body(counts)).content.decode()
    row = page.split('id="id_count_3"')[1].split("</tr>")[0]
    assert "differs: 2 flags over" in row
    assert page.count('class="refused differs"') == 1


def test_the_ledger_shows_revokes(client):
    """A hand played 9 with one visitors' revoke shows as 7 with 'played 9, revokes 1/0'."""
    from tournaments.services import ResultEntry, results_record

    event = make_event("revokes", tables=4, hands_per_day=(2,))
    play(event, [2])
    results_record(
        event=event,
        entries=[ResultEntry(1, t, 9, 1 if t == 2 else 0) for t in range(1, 5)],
        actor=None,
    )
    client.force_login(make_user("lead", event))
    counts = {**expected(event), 2: 0}
    page = client.post(url(event), counts_body(counts)).content.decode()
    ledger = page.split("Table 2, hand by hand")[1].split("</table>")[0]
    assert "played 9, revokes 1/0" in ledger


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
    summary, _ = selectors.load_day_ledger(event, 1)
    assert any(s.loans for s in summary.values())
    client.force_login(make_user("lead", event))
    counts = {t: s.on_table for t, s in summary.items()}
    response = client.post(url(event), counts_body(counts, action="close"))
    assert response.status_code == 302


def test_after_day_one_closes_every_table_starts_day_two_with_twelve_flags(client, event):
    """Day 2 begins with 12 flags on every table whatever day 1 left there."""
    client.force_login(make_user("lead", event))
    client.post(url(event), counts_body(expected(event), action="close"))
    summary, _ = selectors.load_day_ledger(event, 2)
    assert {s.on_table for s in summary.values()} == {12}


def test_the_close_list_shows_each_day_and_whether_it_is_closed(client, event):
    """The close page lists day 1 and day 2 and marks day 1 closed after closing."""
    client.force_login(make_user("lead", event))
    client.post(url(event), counts_body(expected(event), action="close"))
    page = client.get(reverse("tournaments:close_list", args=[event.slug])).content.decode()
    assert "Closed by lead" in page and "Day 2" in page


def test_a_refused_close_keeps_the_mismatch_banner_and_highlight(client, event):
    """Closing with a wrong count and no note says which table differs, never 'Every count
    matches', and the row stays highlighted."""
    client.force_login(make_user("lead", event))
    counts = {**expected(event), 3: 0}
    page = client.post(url(event), counts_body(counts, action="close")).content.decode()
    assert "Every count matches" not in page
    assert "table 3 counted 0" in page
    assert 'class="refused differs"' in page


def test_a_day_with_hands_missing_is_not_closed_without_the_override(client):
    """A day with hands not fully entered and no counts is refused, naming what is missing."""
    event = make_event("short", tables=4, hands_per_day=(6,))
    play(event, range(1, 4))
    client.force_login(make_user("lead", event))
    page = client.post(url(event), counts_body({}, action="close")).content.decode()
    assert "hands 4–6 not fully entered" in page
    assert "no physical count at tables 1–4" in page
    assert not DayClose.objects.exists()


def test_the_override_closes_and_keeps_what_was_missing_in_the_record(client):
    """Ticking 'Close anyway' closes the day and writes what was missing into its note."""
    event = make_event("short", tables=4, hands_per_day=(6,))
    play(event, range(1, 4))
    client.force_login(make_user("lead", event))
    body = {**counts_body({}, action="close"), "close_incomplete": "on"}
    assert client.post(url(event), body).status_code == 302
    note = DayClose.objects.get().override_note
    assert "hands 4–6 not fully entered" in note and "no physical count at tables 1–4" in note
    audit = event.audit.get(action="day closed")
    assert audit.after["missing"] == [
        "hands 4–6 not fully entered",
        "no physical count at tables 1–4",
    ]


def test_the_override_names_what_is_missing_on_its_label(client):
    """The close page's override tick box says exactly what closing would leave out."""
    event = make_event("short", tables=4, hands_per_day=(6,))
    play(event, range(1, 6))
    client.force_login(make_user("lead", event))
    page = client.get(url(event)).content.decode()
    assert "Close anyway, with hand 6 not fully entered; no physical count at tables 1–4" in page


def test_a_closed_day_closes_its_sessions(client):
    """After day 1 closes, its sessions read 'Closed with day 1' and cannot be closed again."""
    event = make_event("sessions", tables=4, hands_per_day=(4,), sessions_per_day=(2,))
    play(event, range(1, 5))
    client.force_login(make_user("lead", event))
    client.post(url(event), counts_body(expected(event), action="close"))
    page = client.get(reverse("tournaments:close_list", args=[event.slug])).content.decode()
    assert page.count("Closed with day 1") == 2
    assert "Open" not in page
    session = reverse("tournaments:close_session", args=[event.slug, 1, 2])
    client.post(session, {**counts_body(expected(event), action="close"), "close_incomplete": "1"})
    assert DayClose.objects.count() == 1


def test_a_mismatched_table_shows_its_ledger_hand_by_hand(client, event):
    """A count that differs lists every hand of the table: whom it hosted, their tricks, where
    its pair went, flags in and out, and the running count."""
    client.force_login(make_user("lead", event))
    counts = {**expected(event), 2: 0}
    page = client.post(url(event), counts_body(counts)).content.decode()
    assert "Table 2, hand by hand" in page
    ledger = page.split("Table 2, hand by hand")[1].split("</table>")[0]
    assert ledger.count("<tr>") == 1 + 4  # heading and hands 1-4
    hand = snapshot.rotation(event).hand(1)
    assert f"Table {hand.visitor_of(2)}'s pair" in ledger
    assert f"<td>Table {hand.moves[2]}</td>" in ledger
    # 10 tricks everywhere: two flags out and two in each hand, so the table stays at 12.
    assert ledger.count('<td class="num total">12</td>') == 4
