"""A server restarted mid-event derives the event in play before its first phone arrives.

The tests commit as a server does (``transaction=True``): nothing built inside an uncommitted
transaction is kept."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.leader_helpers import make_event, play
from tournaments.cache import store
from tournaments.snapshot.warm import warm

pytestmark = pytest.mark.django_db(transaction=True)


def _first_page_queries(event, language: str) -> int:
    url = reverse("tournaments:table", args=[event.slug, 7])
    with CaptureQueriesContext(connection) as queries:
        page = Client(HTTP_ACCEPT_LANGUAGE=language).get(url)
    assert page.status_code == 200
    return len(queries)


@pytest.mark.parametrize("language", ["en-ca", "fr-ca"])
def test_the_first_phone_after_a_restart_finds_the_event_in_play_derived(language):
    """After a restart, a phone's first table page (in either language) costs two queries,
    not a dozen: the tallies, the standings and every hand's rows were derived before the
    server served, and another worker of the host finds them in Django's cache."""
    event = make_event("restart", tables=8)
    play(event, [1, 2, 3])
    cache.clear(), store.clear_memory()
    cold = _first_page_queries(event, language)
    cache.clear(), store.clear_memory()
    assert warm() == [event.slug]
    store.clear_memory()  # another worker of the host: only Django's cache is shared
    assert _first_page_queries(event, language) <= 2 < cold


def test_an_event_just_made_with_no_teams_yet_is_derived_too():
    """An event set up a moment ago (no teams entered, no hand played) is derived as well,
    and its first table page is then served."""
    from tournaments.services import event_create

    event = event_create(name="Fresh", slug="fresh", tables=6, hands_per_day=[30])
    assert warm() == [event.slug]
    page = Client().get(reverse("tournaments:table", args=[event.slug, 1]))
    assert page.status_code == 200


def test_a_server_with_no_event_yet_starts_all_the_same():
    """A new installation (no event, nothing to derive) starts as before."""
    assert warm() == []


def test_the_hall_server_derives_the_event_in_play_before_it_serves(monkeypatch):
    """``make hall``'s server derives the events in play once bound, before its first phone."""
    from whistdirector import listening, server

    done = []
    monkeypatch.setattr("tournaments.snapshot.warm.warm", lambda: done.append("derived"))
    monkeypatch.setattr(server, "prepare_process", lambda: done.append("prepared"))
    created = listening.listen_on("127.0.0.1:0")
    created.close()
    assert done == ["derived", "prepared"]


def test_a_fault_while_deriving_never_keeps_the_server_from_starting(monkeypatch, caplog):
    """A fault in the events' derived state is logged, and the server starts all the same
    (its pages will say what is wrong)."""
    from whistdirector import server

    def fault():
        raise ValueError("a broken event")

    monkeypatch.setattr("tournaments.snapshot.warm.warm", fault)
    server.derive_first()
    assert "Nothing derived before serving" in caplog.text
