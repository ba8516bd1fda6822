"""The standby applies its hall's changes, in order, once, with the entry addresses and the
accounts (password hashes only)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests.leader_helpers import make_event, make_user, play
from tests.publishing_helpers import standings
from tournaments.archive.feed import changes_since
from tournaments.archive.secrets import export_secrets
from tournaments.models import (
    Event,
    EventRole,
    HandResult,
    PublishedCopy,
    TableSubmission,
    TableToken,
)
from tournaments.rules.errors import RulesError
from tournaments.selectors.standby import phone_entries
from tournaments.services import ResultEntry, results_record
from tournaments.services.audit import bump_revision
from tournaments.services.standby import SOURCE
from tournaments.services.standby_follow import follow, held
from tournaments.services.table_entry import table_tokens_issue

pytestmark = pytest.mark.django_db


def hall_steps(client):
    """The hall's event played in two steps; each step's change, secrets and standings."""
    hall = make_event("games", tables=8, hands_per_day=(6, 4))
    make_user("lead", hall)
    table_tokens_issue(event=hall, actor=None)
    kept, base = [], 0
    for numbers in ([1, 2], [3]):
        play(hall, numbers)
        hall.refresh_from_db()
        TableSubmission.objects.create(
            event=hall, table=1, hand=numbers[0], phone_id=f"phone-{numbers[0]}",
            tricks_played=13, visitor_tricks=8, status="counted", received_at=timezone.now(),
            revision=hall.revision,  # as the save of these hands wrote it
        )  # fmt: skip
        change = changes_since(hall, base, source=SOURCE)
        secrets = export_secrets(hall) | {"entries": phone_entries(hall, change)}
        kept.append((change, secrets, standings(client, "games")))
        base = change["revision"]
    return hall, kept


def test_the_standby_holds_the_halls_event_entry_addresses_and_leaders(client):
    hall, kept = hall_steps(client)
    tokens = set(TableToken.objects.filter(event=hall).values_list("token", flat=True))
    hall.delete()  # the standby is another laptop: it holds nothing yet
    for change, secrets, expected in kept:
        assert follow(change, secrets) == change["revision"]
        assert standings(client, "games") == expected
    copy = Event.objects.get(slug="games")
    assert set(TableToken.objects.filter(event=copy).values_list("token", flat=True)) == tokens
    assert EventRole.objects.filter(event=copy, user__username="lead").exists()
    phones = TableSubmission.objects.filter(event=copy).values_list("phone_id", flat=True)
    assert sorted(phones) == ["phone-1", "phone-3"]  # a phone sending again is answered here
    assert held() == {"games": kept[-1][0]["revision"]}


def test_a_change_out_of_order_or_twice_changes_nothing(client):
    hall, kept = hall_steps(client)
    hall.delete()
    first, second = kept[0], kept[1]
    follow(first[0], first[1])
    assert not second[0]["whole"]
    skipping = second[0] | {"base": second[0]["base"] - 1}  # not from what the standby holds
    assert follow(skipping, second[1]) == first[0]["revision"]
    follow(second[0], second[1])
    assert follow(second[0], second[1]) == second[0]["revision"]  # once
    assert standings(client, "games") == second[2]


def test_a_followed_event_refuses_the_standbys_own_writes(client):
    hall, kept = hall_steps(client)
    hall.delete()
    follow(kept[0][0], kept[0][1])
    copy = Event.objects.get(slug="games")
    assert PublishedCopy.objects.get(event=copy).source == SOURCE
    with pytest.raises(RulesError):
        results_record(event=copy, entries=[ResultEntry(4, 1, 8)], actor=None)


def test_a_change_of_the_settings_comes_whole_and_is_applied_on_the_held_event(client):
    hall, kept = hall_steps(client)
    base = kept[-1][0]["revision"]
    Event.objects.filter(pk=hall.pk).update(name="Games, renamed")
    bump_revision(hall, setup=True)
    hall.refresh_from_db()
    change = changes_since(hall, base, source=SOURCE)
    secrets = export_secrets(hall) | {"entries": phone_entries(hall, change)}
    expected = standings(client, "games")
    hall.delete()
    for earlier, earlier_secrets, _standings in kept:
        follow(earlier, earlier_secrets)
    assert change["whole"]
    assert follow(change, secrets) == change["revision"]
    assert Event.objects.get(slug="games").name == "Games, renamed"
    assert standings(client, "games") == expected


@pytest.mark.parametrize(
    "broken",
    [
        {"visitor_tricks": 2},  # 8 tricks as played, no revokes: 8 after penalties, not 2
        {"visitor_table": 99},  # not the visitor the held rotation sends to that table
        {"hand": 9},  # a hand the change does not name
    ],
)
def test_a_one_hand_change_breaking_the_rules_is_refused_and_nothing_applied(
    client, monkeypatch, broken
):
    hall, kept = hall_steps(client)
    hall.delete()
    (first, first_secrets, first_standings), (second, second_secrets, expected) = kept
    follow(first, first_secrets)
    assert not second["whole"] and second["hands"] == [3]
    # Checked against the rotation and settings the standby holds, not the whole event again.
    monkeypatch.setattr("tournaments.services.standby_check._checked", None)
    results = [dict(r) for r in second["archive"]["results"]]
    results[0] |= broken
    damaged = second | {"archive": second["archive"] | {"results": results}}
    with pytest.raises(RulesError):
        follow(damaged, second_secrets)
    copy = Event.objects.get(slug="games")
    assert held() == {"games": first["revision"]}
    assert not HandResult.objects.filter(event=copy, hand__number=3).exists()
    assert standings(client, "games") == first_standings
    assert follow(second, second_secrets) == second["revision"]
    assert standings(client, "games") == expected
