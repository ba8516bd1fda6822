"""A standby, and a hall a standby replaced, refuse every write with the reason."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests.leader_helpers import grid_post, make_event, make_user
from tournaments.models import HandResult
from tournaments.services import standby

pytestmark = pytest.mark.django_db


def test_a_standby_refuses_the_leaders_grid(client):
    event = make_event("games", tables=8)
    client.force_login(make_user("lead", event))
    standby.become_standby(hall="http://192.168.1.12:8000", key="wds_k")
    answer = client.post(
        f"/events/{event.slug}/hands/1/", grid_post(event, 1, {t: 8 for t in range(1, 9)})
    )
    assert answer.status_code == 409
    assert "standby" in answer.content.decode()
    assert not HandResult.objects.exists()


def test_a_replaced_hall_tells_a_phone_where_to_enter(client):
    standby.replaced_by(standby="http://192.168.1.13:8000", since=timezone.now())
    answer = client.post("/enter/some-token/", "{}", content_type="application/json")
    assert answer.status_code == 409
    assert answer.json()["replaced_by"] == "http://192.168.1.13:8000"
    assert "replaced by the standby at http://192.168.1.13:8000" in answer.json()["error"]
