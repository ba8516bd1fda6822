"""The event by its short name, and the cache keyed by the event's revision.

Every write bumps the revision, so a cached value can never outlive the results it came from.
"""

from __future__ import annotations

from datetime import UTC, datetime

from django.core.cache import cache
from django.db import connection
from django.http import Http404
from django.shortcuts import get_object_or_404

from ..models import Event


def recent_events(limit: int = 50) -> list[Event]:
    """The newest events first (one query)."""
    return list(Event.objects.order_by("-created_at")[:limit])


def event_by_slug(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


def _key(pk: int, created_at: datetime | str, revision: int, name: str) -> str:
    # created_at too: SQLite may reuse a deleted event's id, and a new event starts at 0.
    if isinstance(created_at, str):  # SQLite's raw text is naive UTC
        created_at = datetime.fromisoformat(created_at)
    if created_at.tzinfo is None:
        created_at = created_at.replace(tzinfo=UTC)
    return f"whist:{pk}:{created_at.timestamp():.6f}:{revision}:{name}"


def cached(event: Event, name: str, build):
    """``build()``'s value, kept until the event's next write."""
    key = _key(event.pk, event.created_at, event.revision, name)
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, timeout=3600)
    return value


def cached_by_slug(slug: str, name: str, build):
    """Like ``cached`` for public JSON: one cheap query for the event's revision; the full
    event is loaded only when the value must be rebuilt. Spectators refresh standings far
    more often than results change."""
    with connection.cursor() as cursor:
        cursor.execute(_STAMP_SQL, [slug])
        row = cursor.fetchone()
    if row is None:
        raise Http404("No such event")
    value = cache.get(_key(*row, name))
    if value is None:
        value = cached(event_by_slug(slug), name, lambda: build(event_by_slug(slug)))
    return value


_EVENTS = Event._meta.db_table


_STAMP_SQL = f"SELECT id, created_at, revision FROM {_EVENTS} WHERE slug = %s"  # noqa: S608
