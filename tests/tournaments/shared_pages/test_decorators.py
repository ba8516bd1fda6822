"""Public pages are rendered once per event revision and never share a leader's menu.

The tests that read a page twice commit as a server does (``transaction=True``): a page
built inside an uncommitted transaction is never kept."""

from __future__ import annotations

import gzip
import threading
import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.leader_helpers import make_event, make_user, play
from tournaments import snapshot
from tournaments.cache import revisions, store
from tournaments.models import Event
from tournaments.services import ResultEntry, results_record
from tournaments.services.setup import event_settings_update

pytestmark = pytest.mark.django_db
committing = pytest.mark.django_db(transaction=True)

PAGES = {
    "event home": ("event", []),
    "standings": ("standings", []),
    "projector": ("projector", []),
    "rotation": ("rotation", []),
    "table page": ("table", [3]),
}


@pytest.fixture
def event():
    event = make_event("cached", tables=8)
    play(event, [1, 2])
    return event


@committing
@pytest.mark.parametrize("page", PAGES)
def test_a_phone_rereading_a_public_page_costs_at_most_one_query(
    client, event, page, django_assert_max_num_queries
):
    """A second phone reading the same public page gets it without it being built again."""
    name, args = PAGES[page]
    url = reverse(f"tournaments:{name}", args=[event.slug, *args])
    first = client.get(url)
    with django_assert_max_num_queries(1):  # the event's revision, at most once a second
        again = Client().get(url)
    assert again.status_code == 200 and again.content == first.content
    assert again["Content-Type"] == first["Content-Type"]


def test_a_saved_result_shows_on_the_next_read(client, event):
    """Right after a leader saves a hand, phones see the new standings."""
    url = reverse("tournaments:table", args=[event.slug, 1])
    before = client.get(url).content.decode()
    results_record(event=event, entries=[ResultEntry(3, 1, 13)], actor=None)
    after = client.get(url).content.decode()
    cell = '<td class="num">13</td>'  # hand 13's number, and now hand 3's visitors' tricks
    assert after.count(cell) == before.count(cell) + 1


@committing
def test_phones_are_not_held_behind_the_build_of_a_page_after_a_save(event):
    """After a save, while one request builds a table's page again (here: another process holds
    the build), a phone is given the whole page as it was before the save at once, not a wait;
    that page is not kept as the new one, and once built the new page shows the saved hand."""
    url = reverse("tournaments:table", args=[event.slug, 1])
    cell = '<td class="num">13</td>'  # hand 13's number, then also hand 3's visitors' tricks
    before = Client(HTTP_ACCEPT_LANGUAGE="en-ca").get(url).content.decode()
    results_record(event=event, entries=[ResultEntry(3, 1, 13)], actor=None)
    now = store.current(event.slug)
    lease = f"{store._key(now.event_id, 'revision', now.revision, f'page:en-ca:{url}')}:building"
    cache.add(lease, 1, 30)  # as another process's build of the page holds it
    try:
        meanwhile = Client(HTTP_ACCEPT_LANGUAGE="en-ca").get(url).content.decode()
    finally:
        cache.delete(lease)
    after = Client(HTTP_ACCEPT_LANGUAGE="en-ca").get(url).content.decode()
    assert meanwhile == before
    assert after.count(cell) == before.count(cell) + 1


@committing
def test_a_worker_that_never_served_a_page_serves_the_one_another_kept_while_it_is_built(event):
    """With several workers, a worker asked after a save for a page it never served itself
    (here: this process forgets its memory) is given at once the page another worker kept at
    the previous revision, while the new one is being built, not a wait."""
    url = reverse("tournaments:table", args=[event.slug, 1])
    before = Client(HTTP_ACCEPT_LANGUAGE="en-ca").get(url).content.decode()
    results_record(event=event, entries=[ResultEntry(3, 1, 13)], actor=None)
    store.clear_memory()  # as a worker that never served the page
    now = store.current(event.slug)
    lease = f"{store._key(now.event_id, 'revision', now.revision, f'page:en-ca:{url}')}:building"
    cache.add(lease, 1, 30)  # as another worker's build of the page holds it
    try:
        started = time.monotonic()
        meanwhile = Client(HTTP_ACCEPT_LANGUAGE="en-ca").get(url).content.decode()
        waited = time.monotonic() - started
    finally:
        cache.delete(lease)
    assert meanwhile == before
    assert waited < store.WAIT_SECONDS / 2  # not held until the lease ran out


def test_a_leaders_menu_is_never_shown_to_a_phone(client, event):
    """A leader sees their own menu, and a phone reading afterwards sees none of it."""
    url = reverse("tournaments:standings", args=[event.slug])
    client.force_login(make_user("lead", event))
    assert "Enter hands" in client.get(url).content.decode()
    phone = Client().get(url).content.decode()
    assert "Enter hands" not in phone and "Log out" not in phone
    assert "Enter hands" in client.get(url).content.decode()


def test_an_unknown_event_is_still_not_found(client):
    """An address with no event behind it answers 404, cached pages or not."""
    assert client.get(reverse("tournaments:standings", args=["nowhere"])).status_code == 404


@pytest.mark.parametrize("page", [*PAGES, "standings.json"])
def test_a_phone_that_accepts_gzip_gets_the_same_page_in_fewer_bytes(client, event, page):
    """A phone's browser asks for gzip and gets the page it would get plain, compressed; a
    reader that does not ask gets it plain; both are told the answer varies by encoding."""
    name, args = PAGES.get(page, ("standings_json", []))
    url = reverse(f"tournaments:{name}", args=[event.slug, *args])
    plain = Client().get(url)
    packed = Client().get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert packed["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content) / 3
    assert "Accept-Encoding" in plain["Vary"] and "Accept-Encoding" in packed["Vary"]


def test_a_leaders_page_is_never_compressed(client, event):
    """Pages with a leader's menu (and their form tokens) are written afresh, never gzipped."""
    client.force_login(make_user("lead", event))
    url = reverse("tournaments:standings", args=[event.slug])
    page = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in page and "Enter hands" in page.content.decode()


@committing
def test_a_change_made_by_another_process_shows_at_once(client, event):
    """A hand saved by another server process or a command (here: the revision changed in the
    database directly, nobody told) is on the very next page a phone reads."""
    url = reverse("tournaments:table", args=[event.slug, 1])
    cell = '<td class="num">13</td>'  # hand 13's number, and then the tricks of hands 1 and 2
    before = client.get(url).content.decode().count(cell)
    with connection.cursor() as cursor:  # as another process's write does, telling nobody here
        cursor.execute("UPDATE tournaments_handresult SET visitor_tricks = 13")
        cursor.execute("UPDATE tournaments_event SET revision = revision + 1")
        cursor.execute("UPDATE tournaments_hand SET revision = revision + 1")
    assert client.get(url).content.decode().count(cell) == before + 4


def saved_elsewhere(event) -> None:
    """A hand saved on another connection (another thread's: another process's, as SQLite and
    PostgreSQL see it), committed before this returns."""

    def save() -> None:
        try:
            results_record(event=event, entries=[ResultEntry(3, 1, 13)], actor=None)
        finally:
            connection.close()

    saving = threading.Thread(target=save)
    saving.start()
    saving.join()


@committing
def test_a_save_on_another_connection_is_on_the_next_read(event):
    """The event's revision read just after another process's save committed is the saved
    one, on a connection that had read the revision before the save."""
    store.current(event.slug)
    saved_elsewhere(event)
    assert store.current(event.slug) == store.read_current(event.slug)
    assert store.current(event.slug).revision == Event.objects.get(pk=event.pk).revision


@committing
@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's data version")
def test_while_nobody_writes_a_phone_reads_no_revision_row(event, django_assert_num_queries):
    """On the hall's SQLite, the event's revision is read from its row once, then not again
    while no connection commits anything (asking SQLite whether anything changed is enough)."""
    store.current(event.slug)
    with django_assert_num_queries(0):
        now = store.current(event.slug)
    assert now == store.read_current(event.slug)


def test_after_a_save_the_pages_show_the_event_as_saved(event, django_capture_on_commit_callbacks):
    """Once this server's save commits, the pages show the event as committed: its new
    revision, name and tables."""
    with django_capture_on_commit_callbacks(execute=True):
        results_record(event=event, entries=[ResultEntry(3, 1, 9)], actor=None)
    assert store.current(event.slug).revision == Event.objects.get(pk=event.pk).revision
    shown = snapshot.page_event(event.slug)
    stored = Event.objects.get(pk=event.pk)
    assert (shown.revision, shown.name, shown.tables) == (
        stored.revision,
        stored.name,
        stored.tables,
    )


def test_an_event_changed_while_the_leader_typed_is_read_afresh_after_the_save(
    event, django_capture_on_commit_callbacks
):
    """A leader's page loaded the event; another leader renamed it; the first leader saves:
    the pages show the new name, not the one the saving page had loaded."""
    typed_on = Event.objects.get(pk=event.pk)
    with django_capture_on_commit_callbacks(execute=True):
        event_settings_update(event=event, changes={"name": "Été à Łódź"}, actor=None)
    with django_capture_on_commit_callbacks(execute=True):
        results_record(event=typed_on, entries=[ResultEntry(3, 1, 9)], actor=None)
    assert snapshot.page_event(event.slug).name == "Été à Łódź"


@committing
def test_standings_json_and_the_standings_it_encodes_are_kept_apart(client, event):
    """The encoded standings.json a phone gets and the standings it encodes are two kept
    values: after phones read it, the pages still get the standings, and phones the JSON."""
    url = reverse("tournaments:standings_json", args=[event.slug])
    first = client.get(url).json()
    event.refresh_from_db()
    assert snapshot.standings_payload(event)["standings"] == first["standings"]
    assert client.get(url).json() == first


@committing
def test_a_process_waiting_on_a_build_finds_the_value_when_the_build_lets_go(event, monkeypatch):
    """A process waiting for another's build of a value polls the build's lease: the lease is
    let go only once the value is kept, so the waiter finds it rather than building it again."""
    now = store.current(event.slug)
    key = store._key(now.event_id, "revision", now.revision, "answer")
    kept_when_let_go = []

    class Watching:  # Django's cache, noting what is kept when a lease is let go
        def __getattr__(self, name):
            return getattr(cache, name)

        def delete(self, name, *args, **kwargs):
            if name == f"{key}:building":
                kept_when_let_go.append(cache.get(key, "nothing"))
            return cache.delete(name, *args, **kwargs)

    monkeypatch.setattr(store, "cache", Watching())
    assert store.value(now, "revision", "answer", lambda: 42) == 42
    assert kept_when_let_go == [42]


@pytest.mark.parametrize("page", [*PAGES, "standings.json"])
def test_a_head_request_gets_a_public_pages_status_and_type(client, event, page):
    """A link checker's HEAD of a public page is answered as its GET is, not refused."""
    name, args = PAGES.get(page, ("standings_json", []))
    url = reverse(f"tournaments:{name}", args=[event.slug, *args])
    head, get = client.head(url), client.get(url)
    assert head.status_code == get.status_code == 200
    assert head["Content-Type"] == get["Content-Type"]


@pytest.mark.parametrize("page", PAGES)
def test_an_events_public_page_refuses_a_form_sent_to_it(client, event, page):
    """An event's public page answers GET and HEAD only (``public_event_page``)."""
    name, args = PAGES[page]
    assert client.post(reverse(f"tournaments:{name}", args=[event.slug, *args])).status_code == 405


@committing
def test_a_phones_first_standings_after_a_save_reads_only_what_the_save_changed(event):
    """After a save, the first standings.json reads the event's revisions (before its builds,
    and after each of its two builds on PostgreSQL: SQLite tells without a query that nothing
    was written meanwhile), the hands' revisions, the saved hand and the hall's facts: four
    queries on SQLite, six on PostgreSQL, whatever the number of tables and hands."""
    url = reverse("tournaments:standings_json", args=[event.slug])
    Client().get(url)
    results_record(event=event, entries=[ResultEntry(3, 1, 13)], actor=None)
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(url).status_code == 200
    expected = 4 if connection.vendor == "sqlite" else 6
    assert len(queries) == expected, "\n".join(query["sql"][:150] for query in queries)


@committing
def test_a_phone_reading_the_revision_as_a_save_commits_never_hides_the_save(event, monkeypatch):
    """A phone that read the event's row just before another process's save committed does
    not keep that older revision as current: the next phone sees the saved hand at once."""
    read = revisions.read_current

    def read_then_a_save_commits(slug):
        before = read(slug)
        saved_elsewhere(event)
        return before

    monkeypatch.setattr(revisions, "read_current", read_then_a_save_commits)
    store.current(event.slug)  # the phone that read before the save
    monkeypatch.setattr(revisions, "read_current", read)
    assert store.current(event.slug) == read(event.slug)
