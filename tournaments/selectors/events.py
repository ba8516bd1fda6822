"""The event by its short name, and the cache keyed by the event's revision.

Every write bumps the revision, so a cached value can never outlive the results it came from.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from datetime import UTC, datetime

from django.core.cache import cache
from django.db import connection
from django.http import Http404
from django.shortcuts import get_object_or_404

from ..models import Event


def event_by_slug(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


def _event_id(pk: int, created_at: datetime | str) -> str:
    # created_at too: SQLite may reuse a deleted event's id, and a new event starts at 0.
    if isinstance(created_at, str):  # SQLite's raw text is naive UTC
        created_at = datetime.fromisoformat(created_at)
    if created_at.tzinfo is None:
        created_at = created_at.replace(tzinfo=UTC)
    return f"whist:{pk}:{created_at.timestamp():.6f}"


def _key(pk: int, created_at: datetime | str, revision: int, name: str) -> str:
    return f"{_event_id(pk, created_at)}:{revision}:{name}"


def cached(event: Event, name: str, build):
    """``build()``'s value, kept until the event's next write (built by one thread at a
    time, so a crowd of phones after a save waits for one build instead of each doing it)."""
    key = _key(event.pk, event.created_at, event.revision, name)
    value = cache.get(key)
    if value is None:
        with _building(key):
            value = cache.get(key)
            if value is None:
                value = build()
                cache.set(key, value, timeout=3600)
    return value


_locks: dict[str, threading.RLock] = {}
_locks_guard = threading.Lock()


@contextmanager
def _building(key: str):
    with _locks_guard:
        lock = _locks.setdefault(key, threading.RLock())
    try:
        with lock:
            yield
    finally:
        with _locks_guard:
            _locks.pop(key, None)  # waiters still hold it; later readers find the value


def cached_by_slug(slug: str, name: str, build):
    """Like ``cached`` for public JSON: one cheap query for the event's revision; the full
    event is loaded only when the value must be rebuilt. Spectators refresh standings far
    more often than results change."""
    row = _stamp(slug)
    if row is None:
        raise Http404("No such event")
    value = cache.get(_key(*row, name))
    if value is None:
        value = cached(event_by_slug(slug), name, lambda: build(event_by_slug(slug)))
    return value


def _stamp(slug: str) -> tuple | None:
    """The event's id, creation time and revision (one query), or None."""
    with connection.cursor() as cursor:
        cursor.execute(_STAMP_SQL, [slug])
        return cursor.fetchone()


def cached_page(slug: str, path: str, render):
    """A public page as ``render()`` made it, once per event revision and process.

    ``render`` returns ``(value, keep)``; a value not to keep (a page that set a cookie) is
    returned to this request only. A process keeps only the latest revision's pages of an
    event, so old pages never pile up. Returns None when there is no such event.
    """
    row = _stamp(slug)
    if row is None:
        return None
    event, revision = _event_id(row[0], row[1]), row[2]
    pages = _latest_pages(event, revision)
    if (value := pages.get(path)) is not None:
        return value
    with _building(f"{event}:{revision}:page:{path}"):
        if (value := pages.get(path)) is not None:
            return value
        value, keep = render()
        if keep and len(pages) < _PAGES_PER_EVENT:
            pages[path] = value
    return value


def _latest_pages(event: str, revision: int) -> dict[str, object]:
    """The pages kept for ``revision`` (a throwaway dict if a newer one is already kept)."""
    with _locks_guard:
        kept = _pages.get(event)
        if kept is None or kept[0] < revision:
            kept = _pages[event] = (revision, {})
            while len(_pages) > _KEPT_EVENTS:
                _pages.pop(next(iter(_pages)))
        return kept[1] if kept[0] == revision else {}


_pages: dict[str, tuple[int, dict[str, object]]] = {}
_KEPT_EVENTS = 32
_PAGES_PER_EVENT = 2000  # every table's page and the rest, with room for query strings

_EVENTS = Event._meta.db_table


_STAMP_SQL = f"SELECT id, created_at, revision FROM {_EVENTS} WHERE slug = %s"  # noqa: S608
