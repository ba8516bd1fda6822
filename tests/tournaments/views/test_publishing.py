"""The province refuses every publication it must, with a message, and changes nothing:
malformed, tampered, replayed, out-of-order and oversized ones, and wrong, revoked or other
events' keys. Never a server error."""

from __future__ import annotations

import copy
import gzip
import json

import pytest
from django.core.cache import cache

from tests.leader_helpers import make_event
from tests.publishing_helpers import hall_changes, hands, province_of, send, standings
from tournaments.models import AuditEntry, Event, HandResult, PublicationLog, PublishedCopy
from tournaments.services.publishing_keys import key_issue, key_revoke
from tournaments.views import publishing

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(client):
    """A province holding the hall's first change (hands 1-2), and the hall's next two
    changes (hand 3, hand 4) not yet sent."""
    hall = make_event("games", tables=4, hands_per_day=(6, 4))
    kept = hall_changes(client, hall, [hands([1, 2]), hands([3], 10), hands([4], 5)])
    province, key = province_of(hall)
    first = kept[0][0]
    assert send(client, province.slug, key, first).status_code == 200
    return province, key, [change for change, _ in kept]


def state(client, event: Event) -> tuple:
    event.refresh_from_db()
    rows = HandResult.objects.filter(event=event).order_by("hand__number", "host_table")
    return (
        event.revision,
        list(PublishedCopy.objects.filter(event=event).values_list("revision", "source")),
        list(rows.values_list("hand__number", "host_table", "visitor_tricks", "version")),
        PublicationLog.objects.filter(event=event).count(),
        AuditEntry.objects.filter(event=event).count(),
        standings(client, event.slug),
    )


def _set(path: str, value):
    """A change with ``value`` at ``path`` (dotted; numbers index lists) in the second one."""

    def tamper(change: dict) -> dict:
        *parents, last = path.split(".")
        node = change
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        if value is _DELETE:
            del node[int(last) if last.isdigit() else last]
        else:
            node[int(last) if last.isdigit() else last] = value
        return change

    return tamper


_DELETE = object()


def _swap_results(change: dict) -> dict:
    results = change["archive"]["results"]
    results[0], results[1] = results[1], results[0]
    return change


def _twice(change: dict) -> dict:
    change["archive"]["results"].append(dict(change["archive"]["results"][0]))
    return change


_CLOSE = {"day": 9, "session": 0, "closed_by": "x", "override_note": "", "records": []}


TAMPERED = {
    "format": _set("format", "military-whist-director/event"),
    "version 2": _set("version", 2),
    "version as text": _set("version", "1"),
    "other event": _set("event", "another"),
    "no source": _set("source", _DELETE),
    "source too long": _set("source", "f" * 65),
    "source a number": _set("source", 7),
    "empty source": _set("source", ""),
    "base negative": _set("base", -1),
    "base as text": _set("base", "3"),
    "base a fraction": _set("base", 2.5),
    "revision equals base": lambda c: _set("revision", c["base"])(c),
    "revision before base": lambda c: _set("revision", c["base"] - 1)(c),
    "revision true": _set("revision", True),
    "whole as text": _set("whole", "no"),
    "no archive": _set("archive", _DELETE),
    "archive a list": _set("archive", []),
    "hands a number": _set("hands", 3),
    "hands as text": _set("hands", ["3"]),
    "secrets carried": _set("archive.secrets", {"entry_addresses": [], "accounts": []}),
    "audit carried": _set("archive.audit", []),
    "teams in a partial change": _set("archive.teams", []),
    "results of a hand not named": _set("hands", [4]),
    "tricks over 13": _set("archive.results.0.tricks_played", 14),
    "tricks after penalties wrong": _set("archive.results.0.visitor_tricks", 3),
    "no such table": _set("archive.results.0.host_table", 99),
    "visitor not the rotation's": _set("archive.results.0.visitor_table", 1),
    "results out of order": _swap_results,
    "a result twice": _twice,
    "entered_at not a time": _set("archive.results.0.entered_at", "yesterday"),
    "result without its tricks": _set("archive.results.0.tricks_played", _DELETE),
    "result with a field too many": _set("archive.results.0.secret", 1),
    "NUL in a name": _set("archive.results.0.entered_by", "a\x00b"),
    "results a dict": _set("archive.results", {}),
    "a loan the results do not make": _set(
        "archive.loans", [{"day": 1, "hand": 3, "table": 1, "flags": 1}]
    ),
    "a close of day 9": _set(
        "archive.closes", [{**_CLOSE, "closed_at": "2026-05-01T10:00:00+00:00"}]
    ),
    "flags per table 1000": _set("archive.event.flags_per_table", 1000),
    "no name": _set("archive.event.name", ""),
    "hands per day not numbers": _set("archive.event.hands_per_day", "abc"),
    "playoffs a number": _set("archive.playoffs", 5),
    "counts of table 99": _set(
        "archive.counts",
        [{"day": 1, "session": 0, "table": 99, "count": 3, "closed_on_table": None}],
    ),
    "event settings a list": _set("archive.event", []),
}


@pytest.mark.parametrize("name", list(TAMPERED))
def test_a_tampered_change_is_refused_and_changes_nothing(client, published, name):
    province, key, changes = published
    before = state(client, province)
    answer = send(client, province.slug, key, TAMPERED[name](copy.deepcopy(changes[1])))
    assert answer.status_code in (400, 409), answer.content
    assert answer.json()["error"]
    assert state(client, province) == before


BODIES = {
    "not JSON": (b"garbage", False, 400),
    "empty": (b"", False, 400),
    "a JSON list": (b"[1, 2]", False, 400),
    "a JSON string": (b'"publication"', False, 400),
    "nested too deep": (b"[" * 5000 + b"]" * 5000, False, 400),
    "a number too long": (b'{"base": ' + b"9" * 40 + b"}", False, 400),
    "NaN": (b'{"base": NaN}', False, 400),
    "gzip in name only": (b"{}", "claimed", 400),
    "a gzip bomb": (gzip.compress(b" " * (30 * 1024 * 1024)), "sent", 413),
    "over the bound on the wire": (b" " * (publishing.SENT_MAX + 10), False, 413),
    "not UTF-8": (b'{"format": "\xff\xfe"}', False, 400),
}


@pytest.mark.parametrize("name", list(BODIES))
def test_a_malformed_body_is_refused_and_changes_nothing(client, published, name):
    province, key, _changes = published
    body, packed, status = BODIES[name]
    before = state(client, province)
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}"}
    if packed:
        headers["HTTP_CONTENT_ENCODING"] = "gzip"
    answer = client.generic(
        "POST", f"/events/{province.slug}/publish/", body, "application/json", **headers
    )
    assert answer.status_code == status, answer.content[:300]
    assert answer.json()["error"]
    assert state(client, province) == before


@pytest.mark.parametrize(
    ("name", "step", "needs"),
    [
        ("the first change again", 0, True),
        ("the third before the second", 2, True),
        ("the second with the third's base", "base-ahead", True),
    ],
)
def test_a_replayed_or_out_of_order_change_is_refused_with_the_revision_needed(
    client, published, name, step, needs
):
    province, key, changes = published
    held = changes[0]["revision"]
    if step == "base-ahead":
        change = copy.deepcopy(changes[1])
        change["base"] += 1
        change["revision"] += 1
    else:
        change = changes[step]
    before = state(client, province)
    answer = send(client, province.slug, key, change)
    assert answer.status_code == 409
    assert answer.json()["needs"] == held
    assert str(held) in answer.json()["error"]
    assert state(client, province) == before


def test_a_change_applied_once_is_refused_the_second_time(client, published):
    province, key, changes = published
    assert send(client, province.slug, key, changes[1]).status_code == 200
    before = state(client, province)
    answer = send(client, province.slug, key, changes[1])
    assert answer.status_code == 409
    assert answer.json()["needs"] == changes[1]["revision"]
    assert state(client, province) == before


@pytest.mark.parametrize("whole", [False, True])
def test_another_hall_is_refused(client, published, whole):
    province, key, changes = published
    change = copy.deepcopy(changes[0] if whole else changes[1])
    change["source"] = "another-laptop"
    if whole:
        change["base"] = changes[0]["revision"]
        change["revision"] = changes[2]["revision"]
    before = state(client, province)
    answer = send(client, province.slug, key, change)
    assert answer.status_code == 409
    assert "Another hall publishes this event" in answer.json()["error"]
    assert "needs" not in answer.json()
    assert state(client, province) == before


def _revoked(province, key):
    key_revoke(event=province, key_id=province.publishing_keys.get().pk, actor=None)
    return key


def _other_events(province, key):
    other = make_event("another", tables=4)
    return key_issue(event=other, actor=None)[1]


KEYS = {
    "wrong": lambda province, key: key[:-3] + "abc",
    "revoked": _revoked,
    "another event's": _other_events,
    "empty": lambda province, key: "",
    "too long": lambda province, key: key + "x" * 200,
    "another kind of secret": lambda province, key: "wdp_" + "A" * 43,
}


@pytest.mark.parametrize("name", list(KEYS))
def test_a_wrong_key_gets_403_and_changes_nothing(client, published, name):
    province, key, changes = published
    used = KEYS[name](province, key)
    before = state(client, province)
    answer = send(client, province.slug, used, changes[1])
    assert answer.status_code == 403
    assert answer.json()["error"] == "This publishing key is not valid for this event."
    assert state(client, province) == before


@pytest.mark.parametrize("header", [None, "Basic abc", "Bearer", "bearer  "])
def test_no_key_gets_403(client, published, header):
    province, _key, changes = published
    before = state(client, province)
    extra = {} if header is None else {"HTTP_AUTHORIZATION": header}
    answer = client.generic(
        "POST", f"/events/{province.slug}/publish/", json.dumps(changes[1]), **extra
    )
    assert answer.status_code == 403
    assert state(client, province) == before


def test_this_events_key_on_another_events_address_gets_403(client, published):
    province, key, changes = published
    other = make_event("another", tables=4)
    answer = send(client, other.slug, key, changes[1])
    assert answer.status_code == 403
    assert not PublishedCopy.objects.filter(event=other).exists()


def test_a_key_is_throttled(client, published, monkeypatch):
    province, key, changes = published
    monkeypatch.setattr(publishing, "PER_MINUTE", 3)
    cache.clear()  # the first change's publication counted too
    answers = [send(client, province.slug, key, changes[0]).status_code for _ in range(4)]
    assert answers == [409, 409, 409, 429]


def test_only_post(client, published):
    province, key, _changes = published
    answer = client.get(f"/events/{province.slug}/publish/", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert answer.status_code == 405
