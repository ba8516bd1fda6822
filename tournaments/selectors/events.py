"""The event by its short name, and the cache keyed by the event's revision.

Every write bumps the revision, so a cached value can never outlive the results it came from.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from django.core.cache import cache
from django.db import connection
from django.db.models import Count, F
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from ..models import Event
from ..rules.hall import HallHand


def recent_events(limit: int = 50) -> list[Event]:
    """The newest events first (one query)."""
    return list(Event.objects.order_by("-created_at")[:limit])


def event_by_slug(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


def page_event(slug: str) -> Event:
    """The event as a public page shows it: loaded once per revision and shared by every
    page of that revision (no query while phones read), so callers must not change it."""
    key = revision_key(slug)
    if key is None:
        raise Http404(gettext("No such event"))
    values = _kept_for(*key)
    event = values.get("event")
    if event is None:
        event = event_by_slug(slug)
        if event.revision == key[1]:
            values["event"] = event
    return event


def keep_page_event(event: Event) -> None:
    """Keep ``event``, just committed by a write of this process, for the pages of its
    revision: the first phone after a save need not load it again."""
    _kept_for(_event_id(event.pk, event.created_at), event.revision).setdefault("event", event)


def _event_id(pk: int, created_at: datetime | str) -> str:
    # created_at too: SQLite may reuse a deleted event's id, and a new event starts at 0.
    if isinstance(created_at, str):  # SQLite's raw text is naive UTC
        created_at = datetime.fromisoformat(created_at)
    if created_at.tzinfo is None:
        created_at = created_at.replace(tzinfo=UTC)
    return f"whist:{pk}:{created_at.timestamp():.6f}"


def cached(event: Event, name: str, build):
    """``build()``'s value, kept until the event's next write (built by one thread at a
    time, so a crowd of phones after a save waits for one build instead of each doing it).

    Values stay in this process's memory as built (no copy per read): callers must not
    change them.
    """
    event_id = _event_id(event.pk, event.created_at)
    values = _kept_for(event_id, event.revision)
    return _once(values, name, f"{event_id}:{event.revision}:{name}", lambda: (build(), True))


def cached_by_slug(slug: str, name: str, build):
    """Like ``cached`` for public JSON: one cheap query for the event's revision; the full
    event is loaded only when the value must be rebuilt (and then shared with the pages of
    that revision). Spectators refresh standings far more often than results change."""
    key = revision_key(slug)
    if key is None:
        raise Http404(gettext("No such event"))
    value = _kept_for(*key).get(name, _MISSING)
    if value is _MISSING:
        event = page_event(slug)
        value = cached(event, name, lambda: build(event))
    return value


def revision_key(slug: str) -> tuple[str, int] | None:
    """The event's identity and revision as the public caches see it (no query within the
    second), or None when there is no such event."""
    row = _stamp(slug)
    return None if row is None else (_event_id(row[0], row[1]), row[2])


def cached_page(slug: str, path: str, render):
    """A public page as ``render()`` made it, once per event revision and process.

    ``render`` returns ``(value, keep)``; a value not to keep (a page that set a cookie) is
    returned to this request only. Returns None when there is no such event.
    """
    key = revision_key(slug)
    if key is None:
        return None
    name = f"page:{path}"
    return _once(_kept_for(*key), name, f"{key[0]}:{key[1]}:{name}", render)


def _stamp(slug: str) -> tuple | None:
    """The event's id, creation time and revision, or None: read at most once a second per
    process, and afresh after any write this process makes (``forget_stamps``). Phones in a
    full hall ask hundreds of times a second; a write by another process (a command, a second
    server) shows within the second."""
    now = time.monotonic()
    known = _stamps.get(slug)
    if known is not None and now - known[0] < STAMP_SECONDS:
        return known[1]
    with connection.cursor() as cursor:
        cursor.execute(_STAMP_SQL, [slug])
        row = cursor.fetchone()
    if len(_stamps) > _KEPT_EVENTS:
        _stamps.clear()
    _stamps[slug] = (now, row)
    return row


STAMP_SECONDS = 1.0
_stamps: dict[str, tuple[float, tuple | None]] = {}


def forget_stamps() -> None:
    """Read every event's revision afresh on the next request (this process changed one)."""
    _stamps.clear()


@receiver(post_save, sender=Event)
@receiver(post_delete, sender=Event)
def _event_changed(**kwargs) -> None:
    forget_stamps()


# Per event, the values and pages of its latest revision seen by this process: a write makes
# them unreachable at once and the next read starts afresh, so old revisions never pile up.
_kept: dict[str, tuple[int, dict[str, object]]] = {}
_KEPT_EVENTS = 32
_VALUES_PER_EVENT = 2000  # every table's page and the rest, with room for query strings
_GENERATION = "whist:kept-generation"  # gone after cache.clear(): then so is _kept
_MISSING = object()
_locks: dict[str, threading.RLock] = {}
_locks_guard = threading.Lock()


def _kept_for(event_id: str, revision: int) -> dict[str, object]:
    """The values kept for ``revision`` (a throwaway dict when a newer one is kept)."""
    with _locks_guard:
        if cache.get(_GENERATION) is None:
            _kept.clear()
            cache.set(_GENERATION, 1, timeout=None)
        kept = _kept.get(event_id)
        if kept is None or kept[0] < revision:
            _kept.pop(event_id, None)
            kept = _kept[event_id] = (revision, {})
            while len(_kept) > _KEPT_EVENTS:
                _kept.pop(next(iter(_kept)))
        return kept[1] if kept[0] == revision else {}


def _once(values: dict[str, object], name: str, lock_name: str, build):
    """``values[name]``, built by ``build() -> (value, keep)`` in one thread at a time."""
    value = values.get(name, _MISSING)
    if value is not _MISSING:
        return value
    with _building(lock_name):
        value = values.get(name, _MISSING)
        if value is _MISSING:
            value, keep = build()
            if keep and len(values) < _VALUES_PER_EVENT:
                values[name] = value
    return value


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


_EVENTS = Event._meta.db_table


_STAMP_SQL = f"SELECT id, created_at, revision FROM {_EVENTS} WHERE slug = %s"  # noqa: S608


@dataclass(frozen=True)
class EventRow:
    """An event as the events page lists it: its dates and how far play has got."""

    event: Event
    status: str
    finished: bool
    started: bool


def _status(event: Event, entered: int, hall: HallHand, day: int) -> EventRow:
    if not entered:
        return EventRow(event, gettext("Not started"), False, False)
    if hall.current is None:
        return EventRow(event, gettext("Finished"), True, True)
    values = {"day": day, "hand": hall.current, "hands": event.last_hand}
    if len(event.day_hand_counts) > 1:
        status = gettext("Day %(day)s · playing hand %(hand)s of %(hands)s") % values
    else:
        status = gettext("playing hand %(hand)s of %(hands)s") % values
    return EventRow(event, status, False, True)


def event_rows(limit: int = 50) -> list[EventRow]:
    """The newest events first (by first day, then by creation), with the hand each hall plays
    now; a fixed number of queries, however many events."""
    from .hall import hall_states  # the hall's hand reads the rotation, which reads this module

    events = list(
        Event.objects.annotate(entered=Count("results")).order_by(
            F("starts_on").desc(nulls_last=True), "-created_at"
        )[:limit]
    )
    halls = hall_states(events)
    return [_status(e, e.entered, halls[e.pk], _day_of(e, halls[e.pk].current)) for e in events]


def _day_of(event: Event, hand: int | None) -> int:
    """The day ``hand`` is played on, from the event's hands per day."""
    first = 1
    for day, hands in enumerate(event.day_hand_counts, 1):
        if hand is None or hand < first + hands:
            return day
        first += hands
    return len(event.day_hand_counts)
