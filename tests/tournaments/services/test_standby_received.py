"""The standby keeps each change its hall sends on its own disk before confirming it, applies
what it received afterwards, in order, once, and a takeover applies all of it first."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.leader_helpers import make_event, make_user, play
from tests.publishing_helpers import standings
from tournaments.archive.feed import changes_since
from tournaments.archive.secrets import export_secrets
from tournaments.models import Event, HandResult, LaptopRole, PublishedCopy
from tournaments.selectors.standby import phone_entries
from tournaments.services import ResultEntry, results_record, standby, standby_received
from tournaments.services.standby import SOURCE
from tournaments.services.standby_follow import held as applied

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def data_folder(settings, tmp_path):
    settings.DATA_DIR = tmp_path  # the standby's disk


def answers(client) -> tuple[list[dict], dict]:
    """The hall plays three steps (hand 3 corrected in the third): each step's answer to its
    standby, and the standings at the end; then the hall's event is gone, as on the standby."""
    hall = make_event("games", tables=8, hands_per_day=(6, 4))
    make_user("lead", hall)
    steps = [
        lambda: play(hall, [1, 2]),
        lambda: play(hall, [3]),
        lambda: results_record(
            event=hall, entries=[ResultEntry(3, 1, 5), ResultEntry(4, 2, 9)], actor=None
        ),
    ]
    kept, base = [], 0
    for step in steps:
        step()
        hall.refresh_from_db()
        change = changes_since(hall, base, source=SOURCE)
        secrets = export_secrets(hall) | {"entries": phone_entries(hall, change)}
        kept.append({"changes": [{"change": change, "secrets": secrets}], "accounts": []})
        base = change["revision"]
    expected = standings(client, "games")
    hall.delete()
    return kept, expected


def revision(answer: dict) -> int:
    return answer["changes"][0]["change"]["revision"]


def test_a_change_on_the_standbys_disk_is_confirmed_before_it_is_applied(client):
    kept, _expected = answers(client)
    standby_received.keep(kept[0])
    assert not Event.objects.filter(slug="games").exists()  # not applied yet
    assert standby_received.held() == {"games": revision(kept[0])}  # what the next ask says
    assert len(standby_received.pending()) == 1


def test_changes_received_while_behind_are_applied_in_order_as_one(client):
    kept, expected = answers(client)
    for answer in kept:
        standby_received.keep(answer)
    assert standby_received.held() == {"games": revision(kept[-1])}
    assert standby_received.apply() == 1  # one event, brought up to date at once
    assert standings(client, "games") == expected
    assert applied() == {"games": revision(kept[-1])}
    assert standby_received.pending() == []
    event = Event.objects.get(slug="games")
    assert HandResult.objects.get(event=event, hand__number=3, host_table=1).visitor_tricks == 5


def test_a_change_received_twice_or_already_applied_changes_nothing(client):
    kept, expected = answers(client)
    standby_received.keep(kept[0])
    standby_received.keep(kept[1])
    standby_received.apply()
    for answer in kept:  # the first two again (a takeover reading them too), then the third
        standby_received.keep(answer)
    standby_received.apply()
    assert standings(client, "games") == expected
    assert applied() == {"games": revision(kept[-1])}


def test_a_takeover_applies_what_the_standby_received_before_it_becomes_the_hall(client):
    kept, expected = answers(client)
    standby.become_standby(hall="http://192.168.1.12:8000", key="wds_k")
    for answer in kept:
        standby_received.keep(answer)
    standby_received.take_over()
    assert standby.role().role == LaptopRole.HALL
    assert standings(client, "games") == expected
    assert not PublishedCopy.objects.exists()  # its own event now: it takes writes
    assert standby_received.pending() == []


def test_once_a_takeover_began_the_applier_leaves_the_received_changes_to_it(client):
    kept, _expected = answers(client)
    standby_received.keep(kept[0])
    (standby_received.folder() / standby_received.MARK).touch()
    assert standby_received.taking_over()
    assert standby_received.apply() == 0
    assert not Event.objects.filter(slug="games").exists()


def test_a_takeover_that_fails_lets_the_standby_go_on_confirming(client):
    with pytest.raises(Exception, match="Only a standby"):
        standby_received.take_over()  # a hall takes over from nobody
    assert not standby_received.taking_over()


def test_a_password_changed_alone_is_kept_on_disk_then_applied():
    make_user("boss", is_staff=True)
    account = {"username": "boss", "password": "pbkdf2_sha256$1$salt$new", "is_staff": True}
    standby_received.keep({"changes": [], "accounts": [account], "accounts_changed": True})
    assert len(standby_received.pending()) == 1
    assert standby_received.held() == {}  # it names no event
    standby_received.apply()
    assert get_user_model().objects.get(username="boss").password == account["password"]
    assert not standby_received.pending()
