"""A standby carries on its hall's publishing after a takeover: same province, same key, the
next saves published in order, and the province takes the standby's copy in the hall's place.
One database plays the hall, then the standby, and holds the province's event under another
short name (each publication is sent to it renamed)."""

from __future__ import annotations

import json

import pytest

from tests.leader_helpers import make_event, make_user, play
from tests.publishing_helpers import send
from tournaments.archive.export import export_event, result_records
from tournaments.archive.feed import changes_since
from tournaments.models import Event, HandResult, PairedStandby, PublishedCopy, PublishTarget
from tournaments.publishing import sender
from tournaments.publishing.target import target_remove, target_set
from tournaments.services import standby, standby_sync
from tournaments.services.publishing_keys import key_issue
from tournaments.services.standby_follow import follow
from tournaments.services.standby_publishing import hall_publishing
from tournaments.snapshot.archive import archive_text

pytestmark = pytest.mark.django_db

URL = "https://whist.example.org"


@pytest.fixture
def province(client, monkeypatch):
    """The province's event and its key; the sender's publications go to its real door."""
    event = make_event("province-games", tables=4, hands_per_day=(6, 4))
    key = key_issue(event=event, actor=None)[1]

    def post(url, key, body):
        change = json.loads(body)
        change["event"] = change["archive"]["event"]["slug"] = event.slug
        answer = send(client, event.slug, key, change)
        return answer.status_code, answer.json()

    monkeypatch.setattr(sender, "_post", post)
    return event, key


def results(event: Event) -> list[dict]:
    return result_records(HandResult.objects.filter(event=event))


def hall_feed(client) -> tuple[dict, dict]:
    """What the hall's feed sends its standby, paired now: the event whole, with its secrets."""
    code = standby.issue_code(actor=None)
    key = standby.exchange_code(code=code, name="Spare", origin="http://192.168.1.13:8000")
    answer = client.post(
        "/standby/changes",
        {"held": {}, "wait": 0},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
    )
    (item,) = [i for i in answer.json()["changes"] if i["change"]["event"] == "games"]
    PairedStandby.objects.all().delete()  # the standby laptop has no standby of its own
    standby_sync.forget()
    return item["change"], item["secrets"]


def published_hall(client, province) -> tuple[PublishTarget, tuple[dict, dict]]:
    """The hall plays hand 1 and publishes it, its standby's feed is taken; then it dies."""
    hall = make_event("games", tables=4, hands_per_day=(6, 4))
    make_user("lead", hall)
    target = target_set(hall, URL, province[1])
    play(hall, [1])
    assert sender.send_once(target) == "sent"
    feed = hall_feed(client)
    hall.delete()  # the hall laptop dies; the standby is another laptop
    return target, feed


def test_the_publishing_key_reaches_the_standby_and_no_archive():
    hall = make_event("games", tables=4)
    target = target_set(hall, URL, "wdp_secret")
    assert "wdp_secret" not in json.dumps(changes_since(hall, 0, source="s"))
    assert "wdp_secret" not in json.dumps(export_event(hall, secrets=True), default=str)
    assert "wdp_secret" not in archive_text(hall, secrets=True)  # a backup
    assert hall_publishing(hall)["publishing"] == {
        "url": URL, "key": "wdp_secret", "source": target.source, "sent_revision": 0
    }  # fmt: skip
    before = Event.objects.get(pk=hall.pk).revision
    target_remove(hall)
    assert Event.objects.get(pk=hall.pk).revision == before + 1  # the standby learns it now
    assert hall_publishing(hall) == {"publishing": None}


def test_a_standby_keeps_the_halls_publishing_and_sends_nothing(client, province):
    hall_target, feed = published_hall(client, province)
    standby.become_standby(hall="http://192.168.1.12:8000", key="wds_k")
    follow(*feed)
    kept = PublishTarget.objects.get(event__slug="games")
    assert (kept.url, kept.key, kept.source) == (URL, province[1], hall_target.source)
    assert sender.send_once(kept) == "idle"
    copy = PublishedCopy.objects.get(event=province[0])
    assert (copy.source, copy.revision) == (hall_target.source, hall_target.sent_revision)


def test_after_a_takeover_the_standby_publishes_the_next_saves_to_the_province(client, province):
    hall_target, feed = published_hall(client, province)
    standby.become_standby(hall="http://192.168.1.12:8000", key="wds_k")
    follow(*feed)
    standby.take_over()
    event = Event.objects.get(slug="games")
    target = PublishTarget.objects.get(event=event)
    assert target.succeeds == hall_target.source != target.source
    for numbers in ([2], [3, 4]):
        play(event, numbers, tricks=9)
        assert sender.send_once(target) == "sent"
        assert results(province[0]) == results(event)
    copy = PublishedCopy.objects.get(event=province[0])
    event.refresh_from_db()
    assert (copy.source, copy.revision) == (target.source, event.revision)
    assert sender.send_once(target) == "idle"  # each change once
