"""The leader's cut: events that cut for trump record it hand by hand on the grid."""

from __future__ import annotations

import pytest

from tests.leader_helpers import make_event, make_user
from tournaments.models import AuditEntry, Hand, Role

pytestmark = pytest.mark.django_db


def test_grid_of_a_cut_event_asks_for_the_trump(client):
    """Before the cut, the grid offers the trump choice for the hand."""
    event = make_event("cut", trumps="CUT")
    client.force_login(make_user("lee", event))
    page = client.get(f"/events/{event.slug}/hands/3/").content.decode()
    assert "Leader&#x27;s cut: trump for hand 3" in page or "Leader's cut: trump for hand 3" in page


def test_recording_the_cut_sets_the_hands_trump_and_is_audited(client):
    """The trump the leader cut is kept on the hand, shown in rotation.json, and audited."""
    event = make_event("cut", trumps="CUT")
    client.force_login(make_user("amy", event, Role.ASSISTANT))
    response = client.post(f"/events/{event.slug}/hands/3/trump/", {"trump": "NT"})
    assert response.status_code == 302
    assert Hand.objects.get(event=event, number=3).trump == "NT"
    assert client.get(f"/events/{event.slug}/rotation.json").json()["hands"][2]["trump"] == "NT"
    entry = AuditEntry.objects.get(action="trump cut")
    assert (entry.actor, entry.before, entry.after) == ("amy", {"trump": None}, {"trump": "NT"})


def test_an_event_with_a_trump_sequence_refuses_a_cut(client):
    """A hand whose trump comes from the event's sequence cannot be overwritten by a cut."""
    event = make_event("seq")
    client.force_login(make_user("lee", event))
    client.post(f"/events/{event.slug}/hands/1/trump/", {"trump": "C"}, follow=True)
    assert Hand.objects.get(event=event, number=1).trump == "H"


def test_anonymous_visitors_cannot_record_a_cut(client):
    """A visitor who is not logged in is sent to log in and nothing changes."""
    event = make_event("cut", trumps="CUT")
    response = client.post(f"/events/{event.slug}/hands/1/trump/", {"trump": "S"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert Hand.objects.get(event=event, number=1).trump is None
