"""The event by its short name, and the cache keyed by the event's revision.

Every write bumps the revision, so a cached value can never outlive the results it came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from django.core.cache import cache
from django.db import connection
from django.db.models import Count, F, Max
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


@dataclass(frozen=True)
class EventRow:
    """An event as the events page lists it: its dates and how far play has got."""

    event: Event
    status: str
    finished: bool
    started: bool


def _status(event: Event, last_hand: int | None, entered: int) -> EventRow:
    counts = event.day_hand_counts
    total = event.last_hand  # the leader may end play early
    if not entered:
        return EventRow(event, "Not started", False, False)
    if entered >= event.tables * total:
        return EventRow(event, "Finished", True, True)
    day, first = 1, 1
    for day, hands in enumerate(counts, 1):  # noqa: B007 - the day of the last hand entered
        if (last_hand or 0) < first + hands:
            break
        first += hands
    several = f"Day {day} · " if len(counts) > 1 else ""
    return EventRow(event, f"{several}hand {last_hand} of {total}", False, True)


def event_rows(limit: int = 50) -> list[EventRow]:
    """The newest events first (by first day, then by creation), with their status; one query."""
    events = Event.objects.annotate(
        last=Max("results__hand__number"), entered=Count("results")
    ).order_by(F("starts_on").desc(nulls_last=True), "-created_at")[:limit]
    return [_status(e, e.last, e.entered) for e in events]
