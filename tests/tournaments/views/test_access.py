"""Who may open each page: anonymous, an assistant, a leader of another event, the leader."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.leader_helpers import make_event, make_user, play
from tournaments.models import Role

pytestmark = pytest.mark.django_db

PUBLIC = [
    ("event", []),
    ("standings", []),
    ("standings_csv", []),
    ("projector", []),
    ("rotation", []),
    ("table", [3]),
    ("playoffs", []),
]
ENTER = [("hands", []), ("hand_grid", [1]), ("close_list", []), ("close_day", [1])]
LEAD = [("setup", []), ("teams", []), ("tables_assign", []), ("people", [])]

# Expected status for: anonymous, assistant, leader of another event, leader.
EXPECTED = {
    **{name: (200, 200, 200, 200) for name, _ in PUBLIC},
    **{name: (302, 200, 403, 200) for name, _ in ENTER},
    **{name: (302, 403, 403, 200) for name, _ in LEAD},
}


@pytest.fixture
def people():
    event = make_event("hall")
    other = make_event("other-hall")
    play(event, [1])
    return event, [
        None,
        make_user("helper", event, Role.ASSISTANT),
        make_user("elsewhere", other),
        make_user("lead", event),
    ]


@pytest.mark.parametrize("name,args", PUBLIC + ENTER + LEAD)
def test_each_page_answers_each_person_as_their_role_allows(client, people, name, args):
    """Public pages open for everyone; entry pages need a role; set-up pages need the leader."""
    event, users = people
    statuses = []
    for user in users:
        client.logout()
        if user is not None:
            client.force_login(user)
        statuses.append(
            client.get(reverse(f"tournaments:{name}", args=[event.slug, *args])).status_code
        )
    assert tuple(statuses) == EXPECTED[name]


def test_anonymous_visitors_are_sent_to_log_in_from_the_grid(client, people):
    """An anonymous visitor asking for the entry grid lands on the login page."""
    event, _ = people
    response = client.get(reverse("tournaments:hand_grid", args=[event.slug, 1]))
    assert response["Location"].startswith("/accounts/login/?next=")


def test_a_leader_of_another_event_cannot_save_results_here(client, people):
    """A leader of another event posting to this grid gets 403 and nothing is saved."""
    event, users = people
    client.force_login(users[2])
    url = reverse("tournaments:hand_grid", args=[event.slug, 2])
    assert client.post(url, {"tricks_1": "9", "seen_1": "0", "was_1": ""}).status_code == 403
    assert not event.results.filter(hand__number=2).exists()


def test_only_staff_create_events(client, people):
    """The new-event page is for staff; a leader without staff rights is refused."""
    _, users = people
    client.force_login(users[3])
    assert client.get(reverse("tournaments:event_new")).status_code == 403
    client.force_login(make_user("boss", is_staff=True))
    assert client.get(reverse("tournaments:event_new")).status_code == 200


def test_staff_manage_every_event(client, people):
    """A staff member opens the set-up page of any event."""
    event, _ = people
    client.force_login(make_user("boss", is_staff=True))
    assert client.get(reverse("tournaments:setup", args=[event.slug])).status_code == 200


def test_the_login_page_opens(client):
    """The leader log-in page is at /accounts/login/."""
    assert client.get("/accounts/login/").status_code == 200
