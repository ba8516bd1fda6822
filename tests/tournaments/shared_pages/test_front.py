"""The hall cache in front of Django hands phones the answer Django gave, while it is current.

These tests commit as a server does (``transaction=True``): answers are kept once committed."""

from __future__ import annotations

import json

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import RequestFactory

from tests.leader_helpers import make_event, play
from tests.season_helpers import season
from tournaments.cache import store
from tournaments.services import ResultEntry, results_record
from tournaments.services.archive_import import import_event
from tournaments.services.records import event_delete
from tournaments.shared_pages import front as hall_cache
from tournaments.snapshot.archive import archive_text

pytestmark = pytest.mark.django_db(transaction=True)


class Counted:
    """Django's own application, counting the requests that reach it."""

    def __init__(self) -> None:
        self.django, self.calls = WSGIHandler(), 0

    def __call__(self, environ, start_response):
        self.calls += 1
        return self.django(environ, start_response)


@pytest.fixture
def hall():
    # As Django's test client does: the test's database connection stays open between requests.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    store.clear_memory()
    django = Counted()
    yield hall_cache.HallCache(django), django
    store.clear_memory()
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def event():
    event = make_event("cache", tables=6)
    play(event, [1])
    return event


def get(app, path: str, method: str = "GET", **headers) -> tuple[str, dict, bytes]:
    environ = RequestFactory()._base_environ(PATH_INFO=path, REQUEST_METHOD=method, **headers)
    sent = {}

    def start_response(status, response_headers, exc_info=None):
        sent["status"], sent["headers"] = status, dict(response_headers)

    body = b"".join(app(environ, start_response))
    return sent["status"], sent["headers"], body


@pytest.mark.parametrize("path", ["standings/", "tables/3/", "standings.json", ""])
def test_a_second_phone_gets_djangos_answer_without_django(hall, event, path):
    """The same public page asked twice: Django answers once, and the second phone gets the
    same status, headers and bytes."""
    app, django = hall
    first = get(app, f"/events/{event.slug}/{path}", HTTP_ACCEPT_ENCODING="gzip")
    again = get(app, f"/events/{event.slug}/{path}", HTTP_ACCEPT_ENCODING="gzip")
    assert django.calls == 1 and again == first and first[0] == "200 OK"


def test_the_kept_answer_keeps_the_content_security_policy(hall, event):
    """A second phone, handed the kept standings without Django, gets the same
    Content-Security-Policy and Permissions-Policy as the first (headers are kept whole)."""
    app, django = hall
    first = get(app, f"/events/{event.slug}/standings/")
    again = get(app, f"/events/{event.slug}/standings/")
    assert django.calls == 1
    assert "script-src 'self'" in again[1]["Content-Security-Policy"]
    for name in ("Content-Security-Policy", "Permissions-Policy"):
        assert again[1][name] == first[1][name]


def test_each_language_and_encoding_gets_its_own_answer(hall, event):
    """A French phone and a phone without gzip get their own answers, not another's."""
    app, django = hall
    url = f"/events/{event.slug}/standings/"
    english = get(app, url, HTTP_ACCEPT_LANGUAGE="en")
    french = get(app, url, HTTP_ACCEPT_LANGUAGE="fr-CA")
    chosen = get(app, url, HTTP_COOKIE="django_language=fr-ca")
    packed = get(app, url, HTTP_ACCEPT_LANGUAGE="en", HTTP_ACCEPT_ENCODING="gzip")
    assert "Classement" in french[2].decode() and "Classement" in chosen[2].decode()
    assert "Standings" in english[2].decode() and packed[1]["Content-Encoding"] == "gzip"
    assert django.calls == 4


def test_a_saved_hand_reaches_the_next_phone(hall, event):
    """After a result is saved, the next phone gets the new page from Django."""
    app, django = hall
    url = f"/events/{event.slug}/tables/2/"
    before = get(app, url)
    results_record(event=event, entries=[ResultEntry(2, 2, 12)], actor=None)
    after = get(app, url)
    assert django.calls == 2 and after[2] != before[2]
    assert get(app, url) == after and django.calls == 2


@pytest.mark.parametrize(
    "headers",
    [{"HTTP_COOKIE": "sessionid=abc"}, {"HTTP_COOKIE": "messages=x"}, {"REQUEST_METHOD": "HEAD"}],
)
def test_a_leader_a_message_or_a_head_request_always_goes_to_django(hall, event, headers):
    """Requests that are not a plain phone's GET are never answered from the hall cache."""
    app, django = hall
    url = f"/events/{event.slug}/standings/"
    get(app, url)
    method = headers.pop("REQUEST_METHOD", "GET")
    get(app, url, method, **headers)
    get(app, url, method, **headers)
    assert django.calls == 3


def test_a_page_that_sets_a_cookie_is_not_kept(hall, event):
    """The log-in page (a form with its token) is never kept by the hall cache."""
    app, django = hall
    get(app, "/accounts/login/")
    get(app, "/accounts/login/")
    assert django.calls == 2


def test_a_zones_standings_are_handed_back_until_one_of_its_areas_comes(hall):
    """A zone's standings, whose links depend on which of its areas are here, are handed back
    without Django while that holds; once an area is restored, Django renders the new links."""
    app, django = hall
    made = season(areas=2, tables=4)
    area = made["area-1"]
    archive = json.loads(archive_text(area))
    event_delete(event=area, confirm=area.slug, actor=None)
    path = f"/events/{made['zone-1'].slug}/standings/"
    first = get(app, path)
    assert get(app, path) == first and django.calls == 1
    import_event(archive)
    status, _, body = get(app, path)
    assert django.calls == 2 and b'<a href="/events/area-1/">' in body
    assert get(app, path)[2] == body and django.calls == 2
