"""The province applies a hall's publications: its standings equal the hall's after each."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import time_format

from tests.leader_helpers import grid_post, make_user
from tests.publishing_helpers import hall_changes, hands, make_event, province_of, send, standings
from tournaments.archive.export import export_event
from tournaments.models import (
    AuditEntry,
    HandResult,
    PublicationLog,
    PublishedCopy,
    PublishingKey,
    Team,
)
from tournaments.rules.errors import RulesError
from tournaments.services import ResultEntry, results_record
from tournaments.services.audit import bump_revision
from tournaments.services.closing import day_close
from tournaments.services.publishing_keys import key_issue, key_revoke

pytestmark = pytest.mark.django_db


def test_each_publication_applied_equals_the_hall(client):
    hall = make_event("games", tables=8, hands_per_day=(6, 4))
    kept = hall_changes(client, hall, [hands([1, 2]), hands([3], 10), hands([3], 5)])
    province, key = province_of(hall)
    for change, expected in kept:
        answer = send(client, province.slug, key, change)
        assert answer.status_code == 200, answer.content
        assert answer.json() == {"revision": change["revision"]}
        assert standings(client, province.slug) == expected
    copy = PublishedCopy.objects.get(event=province)
    assert copy.revision == kept[-1][0]["revision"]
    logged = list(PublicationLog.objects.filter(event=province).order_by("received_at"))
    assert [(p.base, p.revision) for p in logged] == [(c["base"], c["revision"]) for c, _ in kept]
    assert all(p.size > 0 for p in logged)


def test_a_closed_day_with_its_loans_arrives_as_the_hall_has_it(client):
    hall = make_event("games", tables=4, hands_per_day=(6, 4), flags_per_table=1)

    def day_one(event):  # the odd tables' hosts lose every trick: their teams run short
        for hand in range(1, 7):
            entries = [ResultEntry(hand, t, 13 if t % 2 else 0) for t in range(1, 5)]
            results_record(event=event, entries=entries, actor=None)

    def close_day_one(event):
        day_close(event=event, day=1, close_incomplete=True, actor=None)

    steps = [day_one, close_day_one, hands([7], 0)]
    kept = hall_changes(client, hall, steps)
    held = export_event(hall)
    assert held["loans"] and held["closes"]  # the case is the one it means to be
    api = client.get(f"/api/v1/events/{hall.slug}/results").json()
    province, key = province_of(hall)
    for change, expected in kept:
        assert send(client, province.slug, key, change).status_code == 200
        assert standings(client, province.slug) == expected
    copy = export_event(province)
    for part in ("hands", "teams", "results", "loans", "closes", "playoffs", "links"):
        assert copy[part] == held[part], part
    assert client.get(f"/api/v1/events/{province.slug}/results").json() == api


def _published(client):
    hall = make_event("games", tables=4, hands_per_day=(6, 4))
    kept = hall_changes(client, hall, [hands([1, 2])])
    province, key = province_of(hall)
    assert send(client, province.slug, key, kept[0][0]).status_code == 200
    province.refresh_from_db()
    return province, kept[0][0]["revision"]


def test_a_published_event_refuses_other_writes_with_the_reason(client):
    province, revision = _published(client)
    at = time_format(timezone.localtime(PublishedCopy.objects.get().changed_at), "H:i")
    reason = f"published from the hall, last change {at}, revision {revision}"
    with pytest.raises(RulesError, match=reason):
        results_record(event=province, entries=[ResultEntry(3, 1, 8)], actor=None)
    leader = make_user("lead", province)
    client.force_login(leader)
    before = HandResult.objects.filter(event=province).count()
    answer = client.post(
        reverse("tournaments:hand_grid", args=[province.slug, 3]), grid_post(province, 3, {1: 9})
    )
    assert reason in answer.content.decode().replace("\n", " ")
    assert HandResult.objects.filter(event=province).count() == before


def test_the_first_publication_carries_the_event_whole(client):
    hall = make_event("games", tables=4, hands_per_day=(6, 4))
    kept = hall_changes(client, hall, [hands([1]), hands([2])])
    province, key = province_of(hall)
    answer = send(client, province.slug, key, {**kept[1][0], "base": 0})
    assert answer.status_code == 409
    assert "whole" in answer.json()["error"]
    assert not PublishedCopy.objects.exists()


def test_a_changed_setting_sends_the_event_whole(client):
    hall = make_event("games", tables=4, hands_per_day=(6, 4))

    def rename_a_team(event):
        Team.objects.filter(event=event, home_table=2).update(name="Les As de Trèfle")
        bump(event, setup=True)

    def bump(event, **what):
        with transaction.atomic():
            bump_revision(event, **what)

    kept = hall_changes(client, hall, [hands([1]), rename_a_team, hands([2])])
    assert [c["whole"] for c, _ in kept] == [True, True, False]
    province, key = province_of(hall)
    for change, expected in kept:
        assert send(client, province.slug, key, change).status_code == 200
        assert standings(client, province.slug) == expected
    assert Team.objects.get(event=province, home_table=2).name == "Les As de Trèfle"


def test_keys_are_issued_by_the_events_leaders_and_kept_hashed(client):
    event = make_event("games", tables=4)
    other = make_event("other", tables=4)
    leader, stranger = make_user("lead", event), make_user("stranger", other)
    row, key = key_issue(event=event, actor=leader)
    assert key.startswith("wdp_") and key not in (row.digest, row.hint)
    assert not PublishingKey.objects.filter(digest=key).exists()
    with pytest.raises(PermissionDenied):
        key_issue(event=event, actor=stranger)
    staff = make_user("staff", is_staff=True)
    key_issue(event=event, actor=staff)
    key_revoke(event=event, key_id=row.pk, actor=leader)
    actions = list(AuditEntry.objects.filter(event=event).values_list("action", flat=True))
    assert actions.count("publishing key issued") == 2
    assert "publishing key revoked" in actions


def test_a_key_records_when_it_was_last_used(client):
    province, _revision = _published(client)
    assert PublishingKey.objects.get(event=province).last_used_at is not None


def test_released_the_copy_takes_another_hall_sent_whole(client):
    province, _revision = _published(client)
    key = key_issue(event=province, actor=None)[1]
    other = make_event("other-hall", tables=4, hands_per_day=(6, 4))
    change = hall_changes(client, other, [hands([1], 11)], source="another-laptop")[0]
    change[0]["event"] = change[0]["archive"]["event"]["slug"] = province.slug
    assert send(client, province.slug, key, change[0]).status_code == 409
    call_command("publishing_key", province.slug, "--release")
    assert not PublishedCopy.objects.exists()
    answer = send(client, province.slug, key, change[0])
    assert answer.status_code == 200, answer.content
    assert PublishedCopy.objects.get().source == "another-laptop"
    assert standings(client, province.slug)["standings"] == change[1]["standings"]


def _taking_over(client):
    """The hall's changes: hand 1, then (a takeover's first publication) the event whole with
    hand 2, then hand 3; and the province with a key."""

    def whole(event):
        with transaction.atomic():
            bump_revision(event, setup=True)
        hands([2])(event)

    hall = make_event("games", tables=4, hands_per_day=(6, 4))
    kept = hall_changes(client, hall, [hands([1]), whole, hands([3])])
    province, key = province_of(hall)
    assert send(client, province.slug, key, kept[0][0]).status_code == 200
    return province, key, kept


def test_the_standby_that_took_over_carries_on_the_halls_copy_and_the_old_hall_is_refused(
    client,
):
    province, key, kept = _taking_over(client)
    hall_source = kept[0][0]["source"]
    standby = {**kept[1][0], "source": "the-standby", "succeeds": hall_source}
    answer = send(client, province.slug, key, standby)
    assert answer.status_code == 200, answer.content
    assert standings(client, province.slug) == kept[1][1]
    assert PublishedCopy.objects.get(event=province).source == "the-standby"
    next_one = {**kept[2][0], "source": "the-standby"}
    assert send(client, province.slug, key, next_one).status_code == 200
    old_hall = send(client, province.slug, key, kept[2][0])
    assert old_hall.status_code == 409
    assert "Another hall publishes this event" in old_hall.json()["error"]
    assert standings(client, province.slug) == kept[2][1]


@pytest.mark.parametrize(
    "claim",
    [
        {"succeeds": "a-copy-the-province-never-followed"},
        {},  # another hall that claims nothing
    ],
)
def test_another_hall_is_refused_unless_it_carries_on_the_copy_followed(client, claim):
    province, key, kept = _taking_over(client)
    other = {**kept[1][0], "source": "another-laptop", **claim}
    answer = send(client, province.slug, key, other)
    assert answer.status_code == 409
    assert "Another hall publishes this event" in answer.json()["error"]
    copy = PublishedCopy.objects.get(event=province)
    assert copy.source == kept[0][0]["source"] and copy.revision == kept[0][0]["revision"]
    assert copy.refused_at is not None  # its leaders see it (Set-up → Publishing)


def test_a_takeover_carries_the_event_whole(client):
    province, key, kept = _taking_over(client)
    one_hand = {**kept[2][0], "base": kept[0][0]["revision"], "whole": False}
    claim = {**one_hand, "source": "the-standby", "succeeds": kept[0][0]["source"]}
    assert send(client, province.slug, key, claim).status_code == 409
    assert PublishedCopy.objects.get(event=province).source == kept[0][0]["source"]
