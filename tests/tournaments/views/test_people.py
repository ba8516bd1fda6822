"""The people page: a leader adds and removes the event's assistants and co-leaders."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.leader_helpers import make_event, make_user
from tournaments.models import AuditEntry, EventRole, Role

pytestmark = pytest.mark.django_db


def people_url(event):
    return f"/events/{event.slug}/setup/people/"


def test_a_leader_gives_an_existing_account_the_assistant_role(client):
    """Naming an existing account makes it an assistant of this event, and it is audited."""
    event = make_event()
    client.force_login(make_user("lee", event))
    make_user("amy")
    client.post(people_url(event), {"username": "amy", "role": Role.ASSISTANT})
    assert EventRole.objects.get(event=event, user__username="amy").role == Role.ASSISTANT
    assert AuditEntry.objects.get(action="role given").target == "amy"


def test_a_leader_creates_an_account_for_a_new_scorer(client):
    """A new user name with a password creates the account and gives it the role."""
    event = make_event()
    client.force_login(make_user("lee", event))
    client.post(
        people_url(event),
        {"username": "bob", "role": Role.ASSISTANT, "password": "scorer-at-table-9"},
    )
    bob = get_user_model().objects.get(username="bob")
    assert bob.check_password("scorer-at-table-9") and not bob.is_staff


def test_an_unknown_name_without_a_password_is_refused_on_its_field(client):
    """Nothing is created when the account does not exist and no password is given."""
    event = make_event()
    client.force_login(make_user("lee", event))
    page = client.post(people_url(event), {"username": "ghost", "role": Role.ASSISTANT})
    assert "give a password to create it" in page.content.decode()
    assert not get_user_model().objects.filter(username="ghost").exists()


def test_the_last_leader_cannot_be_removed(client):
    """An event always keeps one leader."""
    event = make_event()
    client.force_login(make_user("lee", event))
    client.post(people_url(event), {"remove": "lee"}, follow=True)
    assert EventRole.objects.filter(event=event, user__username="lee").exists()


def test_a_leader_removes_an_assistant(client):
    """Removing an assistant takes their role away."""
    event = make_event()
    client.force_login(make_user("lee", event))
    make_user("amy", event, Role.ASSISTANT)
    client.post(people_url(event), {"remove": "amy"})
    assert not EventRole.objects.filter(event=event, user__username="amy").exists()


@pytest.mark.parametrize("who", ["assistant", "other leader"])
def test_only_the_events_leader_manages_its_people(client, who):
    """An assistant, or a leader of another event, is refused."""
    event = make_event()
    other = make_event("other")
    user = make_user("x", event, Role.ASSISTANT) if who == "assistant" else make_user("x", other)
    client.force_login(user)
    assert client.get(people_url(event)).status_code == 403
    assert client.post(people_url(event), {"username": "x", "role": Role.LEADER}).status_code == 403
