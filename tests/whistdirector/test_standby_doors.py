"""A standby, and a hall a standby replaced, refuse every write with the reason; on the hall, the
leader's save waits for its standby to hold it, and a phone's (its journal holds it) does not."""

from __future__ import annotations

import time

import pytest
from django.utils import timezone

from tests.leader_helpers import grid_post, make_event, make_user
from tournaments.models import Event, HandResult
from tournaments.services import standby, standby_sync
from tournaments.services.table_entry import table_tokens_issue

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


@pytest.fixture
def lagging_standby():
    """A standby that asks (it answers) but confirms nothing new."""
    standby_sync.forget()
    standby_sync.asked({})
    yield
    standby_sync.forget()


@pytest.mark.django_db(transaction=True)  # the wait begins once the save commits
def test_a_phones_save_is_answered_at_once_while_its_journal_holds_it_for_the_standby(
    client, lagging_standby
):
    event = make_event("games", tables=8)
    Event.objects.filter(pk=event.pk).update(table_entry=True)
    token = table_tokens_issue(event=event, actor=None)[1]
    entry = {"id": "phone-1-hand-1", "hand": 1, "tricks": 8}
    began = time.monotonic()
    answer = client.post(f"/enter/{token}/", entry, content_type="application/json")
    assert answer.json()["saved"] is True
    assert time.monotonic() - began < standby_sync.ACK_WAIT / 2
    assert standby_sync.status()["behind"] is not None  # the standby is still sent it


@pytest.mark.django_db(transaction=True)
def test_the_leaders_save_is_answered_only_once_the_standby_holds_it_or_a_second_on(
    client, lagging_standby
):
    event = make_event("games", tables=8)
    client.force_login(make_user("lead", event))
    began = time.monotonic()
    client.post(f"/events/{event.slug}/hands/1/", grid_post(event, 1, {1: 8}))
    assert time.monotonic() - began >= standby_sync.ACK_WAIT
