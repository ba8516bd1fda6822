"""Set-up → Publishing: a leader issues a key (shown once, with its QR code), revokes it,
releases the event from its hall; on the hall, sets the province's address and key."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import time_format

from tests.leader_helpers import make_event, make_user
from tests.publishing_helpers import hall_changes, hands, province_of, send
from tournaments.models import AuditEntry, PublishedCopy, PublishingKey, PublishTarget
from tournaments.services.publishing_keys import key_for

pytestmark = pytest.mark.django_db


def page(event):
    return reverse("tournaments:publishing", args=[event.slug])


@pytest.fixture
def leading(client):
    event = make_event("games", tables=4)
    client.force_login(make_user("lead", event))
    return event


def test_a_leader_issues_a_key_shown_once(client, leading):
    answer = client.post(page(leading), {"issue": ""})
    text = answer.content.decode()
    row = PublishingKey.objects.get(event=leading)
    key = text.split('<code class="publishing-key">', 1)[1].split("<", 1)[0]
    assert key_for(key, leading.slug) == row
    assert "<svg" in text
    again = client.get(page(leading)).content.decode()
    assert key not in again and f"{row.hint}…" in again
    client.post(page(leading), {"revoke": str(row.pk)})
    assert key_for(key, leading.slug) is None
    assert (
        AuditEntry.objects.filter(
            event=leading, actor="lead", action__startswith="publishing key"
        ).count()
        == 2
    )


def test_another_events_leader_may_not_open_it(client):
    event = make_event("games", tables=4)
    other = make_event("other", tables=4)
    client.force_login(make_user("stranger", other))
    assert client.get(page(event)).status_code == 403
    assert client.post(page(event), {"issue": ""}).status_code == 403
    assert not PublishingKey.objects.exists()


def test_the_hall_sets_its_province_https_only(client, leading, monkeypatch):
    answer = client.post(
        page(leading),
        {"publish": "", "url": "http://whist.example.org", "key": "wdp_k"},
        follow=True,
    )
    assert "HTTPS" in answer.content.decode()
    assert not PublishTarget.objects.exists()
    client.post(page(leading), {"publish": "", "url": "https://whist.example.org", "key": "wdp_k"})
    assert PublishTarget.objects.get().url == "https://whist.example.org"
    text = client.get(page(leading)).content.decode()
    assert "Publishing to whist.example.org: the first publication is on its way." in text
    assert "wdp_k" not in text  # the key is never shown back
    client.post(page(leading), {"stop": ""})
    assert not PublishTarget.objects.exclude(key="").exists()  # no key kept once stopped
    assert "Publishing to whist.example.org" not in client.get(page(leading)).content.decode()


def test_release_from_the_page(client, leading):
    from django.utils import timezone

    PublishedCopy.objects.create(event=leading, source="s", revision=9, changed_at=timezone.now())
    text = client.get(page(leading)).content.decode()
    assert "revision 9" in text
    client.post(page(leading), {"release": ""})
    assert not PublishedCopy.objects.exists()


def test_the_provinces_leader_sees_a_refused_other_hall_and_the_way_out(client):
    hall = make_event("games", tables=4, hands_per_day=(6, 4))
    kept = hall_changes(client, hall, [hands([1])])
    province, key = province_of(hall)
    assert send(client, province.slug, key, kept[0][0]).status_code == 200
    client.force_login(make_user("lead", province))
    assert "was refused" not in client.get(page(province)).content.decode()
    other = {**kept[0][0], "revision": 99, "source": "another-laptop"}
    assert send(client, province.slug, key, other).status_code == 409
    text = " ".join(client.get(page(province)).content.decode().split())
    at = time_format(timezone.localtime(PublishedCopy.objects.get().refused_at), "H:i")
    assert f"A publication from another hall was refused at {at}" in text
    assert 'press "Stop following this hall", then its leader presses' in text
