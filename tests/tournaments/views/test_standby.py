"""The hall's standby endpoints: /standby.json, the pairing, the feed a standby long-polls,
and the leader's Two laptops page (a pairing code; on the standby, Take over the hall)."""

from __future__ import annotations

import json
import time

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.leader_helpers import make_event, make_user, play
from tournaments.models import Event, LaptopRole, PairedStandby, TableSubmission, TableToken
from tournaments.services import standby, standby_sync
from tournaments.services.table_entry import table_tokens_issue

pytestmark = pytest.mark.django_db
ORIGIN = "http://192.168.1.13:8000"


@pytest.fixture(autouse=True)
def no_standby_yet():
    standby_sync.forget()
    yield
    standby_sync.forget()


def paired(client) -> str:
    code = standby.issue_code(actor=None)
    body = {"code": code, "name": "Spare", "origin": ORIGIN}
    answer = client.post("/standby/pair", json.dumps(body), content_type="application/json")
    assert answer.status_code == 200, answer.content
    return answer.json()["key"]


def ask(client, key: str, held: dict, wait: float = 0):
    return client.post(
        "/standby/changes",
        json.dumps({"held": held, "wait": wait}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
    )


def test_standby_json_says_what_this_laptop_is_to_any_page(client):
    answer = client.get("/standby.json")
    assert answer["Access-Control-Allow-Origin"] == "*"
    assert "no-cache" in answer["Cache-Control"]
    assert answer.json()["role"] == "hall" and answer.json()["standby"] is None


def test_a_paired_standby_is_named_by_standby_json_and_every_hall_json(client):
    event = make_event("games", tables=8)
    paired(client)
    assert client.get("/standby.json").json()["standby"] == ORIGIN
    assert client.get(f"/events/{event.slug}/hall.json").json()["standby"] == ORIGIN


def test_a_wrong_pairing_code_is_refused_and_pairs_nothing(client):
    body = {"code": "AAAA-BBBB", "name": "Spare", "origin": ORIGIN}
    answer = client.post("/standby/pair", json.dumps(body), content_type="application/json")
    assert answer.status_code == 403
    assert not PairedStandby.objects.exists()


def test_a_wrong_key_is_refused_and_changes_nothing(client):
    make_event("games", tables=8)
    key = paired(client)
    answer = ask(client, key[:-2] + "xx", {})
    assert answer.status_code == 403
    assert "changes" not in answer.json()
    assert standby_sync.status()["seen"] is None  # nobody confirmed anything


def test_the_feed_sends_every_event_whole_with_its_secrets_then_only_what_moved(client):
    event = make_event("games", tables=8, hands_per_day=(6, 4))
    table_tokens_issue(event=event, actor=None)
    make_user("boss", is_staff=True)
    key = paired(client)
    first = ask(client, key, {}).json()
    (item,) = first["changes"]
    assert item["change"]["whole"] and item["change"]["event"] == "games"
    tokens = {t["token"] for t in item["secrets"]["entry_addresses"]}
    assert tokens == set(TableToken.objects.values_list("token", flat=True))
    assert [a["username"] for a in first["accounts"]] == ["boss"]
    assert first["accounts"][0]["password"].startswith(("pbkdf2", "argon2", "md5", "!"))
    held = {"games": item["change"]["revision"]}
    assert ask(client, key, held).json()["changes"] == []
    play(event, [1])
    TableSubmission.objects.create(
        event=event, table=2, hand=1, phone_id="phone-a", tricks_played=13, visitor_tricks=8,
        status="counted", received_at=timezone.now(),
        revision=Event.objects.get(pk=event.pk).revision,  # as the save of hand 1 wrote it
    )  # fmt: skip
    (moved,) = ask(client, key, held).json()["changes"]
    assert moved["change"]["base"] == held["games"] and moved["change"]["hands"] == [1]
    assert [e["phone_id"] for e in moved["secrets"]["entries"]] == ["phone-a"]


def test_a_password_changed_goes_to_the_standby_at_once_though_no_event_moved(client):
    make_event("games", tables=8)
    boss = make_user("boss", is_staff=True)
    key = paired(client)
    (item,) = ask(client, key, {}).json()["changes"]
    held = {"games": item["change"]["revision"]}
    assert ask(client, key, held).json()["accounts_changed"] is False
    boss.set_password("a-new-password-for-the-hall")
    boss.save()
    began = time.monotonic()
    answer = ask(client, key, held, wait=20).json()
    assert time.monotonic() - began < 2  # not the ask's 20 s
    assert answer["changes"] == [] and answer["accounts_changed"] is True
    hashed = get_user_model().objects.get(username="boss").password
    assert [a["password"] for a in answer["accounts"]] == [hashed]


def test_the_leader_shows_a_pairing_code_on_the_two_laptops_page(client):
    client.force_login(make_user("lead", is_staff=True))
    page = client.post("/hall/standby/", {"action": "code"}).content.decode()
    assert 'class="pairing-code"' in page and "No standby" in page


def test_the_standby_takes_over_only_once_confirmed(client, settings, tmp_path):
    settings.DATA_DIR = tmp_path  # where the standby keeps what it received
    client.force_login(make_user("lead", is_staff=True))
    standby.become_standby(hall="http://192.168.1.12:8000", key="wds_k")
    page = client.get("/hall/standby/").content.decode()
    assert "Take over the hall" in page
    client.post("/hall/standby/", {"action": "takeover"})
    assert standby.role().role == LaptopRole.STANDBY
    client.post("/hall/standby/", {"action": "takeover", "confirm": "yes"})
    assert standby.role().role == LaptopRole.HALL
