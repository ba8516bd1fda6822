"""Where derived values are kept: per event and revision, once for every process.

A value is named by its event, the revision it was derived at and what it is. It is kept twice:
in this process's memory, since phones ask for the same pages hundreds of times a second, and in
Django's cache, which every process of an installation shares (the hall's one process, a host's
workers, a province's hosts through Redis). Memory (``memory.py``) keeps each event's newest
revision and the one before only, so old values never pile up there; in Django's cache they
expire.

Each event has two revisions (``models.Event``): ``revision`` moves with every write,
``setup_revision`` only with the teams, the rotation and the settings, so what depends on those
alone (the rotation's pages) is not derived again after a saved hand.

A value is built by one thread of one process at a time, the others waiting for it (a full hall
after a save asks for the same page at once). It is kept only if the event did not change while
it was built, so no kept value mixes two revisions; and a value built inside a transaction is
kept only once that transaction commits (tests, which run inside one, see every value built
afresh unless they commit as a server does).
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import connection, transaction
from django.dispatch import receiver

from ..models import Event
from . import facts, memory
from .revisions import (  # noqa: F401 - the revisions' names, as store's callers read them
    Current,
    current_of,
    identity,
    latest,
    read_current,
)

T = TypeVar("T")

KEEP_SECONDS = facts.KEEP_SECONDS  # how long Django's cache keeps a value (a newer replaces it)
WAIT_SECONDS = 5.0  # how long a process waits for another one's build before building itself
_MISSING = memory.MISSING


def current(slug: str) -> Current | None:
    """The event's current revisions, or None when there is no such event: as committed when
    this request first asked (``revisions.latest``), whoever wrote, so a write is on every
    process's very next page; the rest of the request keeps that one revision."""
    request = getattr(_building_now, "request", None)
    found = None
    if request is not None and not connection.in_atomic_block:
        found = request.get(("seen", slug))
    if found is None:
        found = latest(slug)
    if request is not None and found:
        # The "before" of this request's first build: never ahead of the database (it was
        # read from it), so a build it does not match is only built again, never kept
        # mixing two revisions.
        request["seen", slug] = found
    return found or None


def committed(now: Current, event: Event | None = None) -> None:
    """The write that moved the event to ``now`` committed: ``event``, if given, is the event
    as committed, kept for the pages (every process reads the new revision from the row)."""
    read_afresh()
    if event is not None:
        keep(now, "revision", "event", event)


def read_afresh() -> None:
    """A write of this request committed: the rest of it reads the revisions afresh."""
    request = getattr(_building_now, "request", None)
    for seen in [key for key in request or () if isinstance(key, tuple)]:
        del request[seen]


def value(
    now: Current,
    scope: str,
    name: str,
    build: Callable[[], T],
    *,
    keepable=None,
    alone=False,
    newest=False,
) -> T:
    """The value ``name`` of the event at ``now`` (``scope``: "revision" or "setup"),
    from memory, else from Django's cache, else ``build()``. ``keepable(value)`` may refuse
    to keep a value (a page that set a cookie).

    Asked for while another value is built, a value is part of that build and kept with it;
    ``alone`` builds and keeps it on its own instead, once for every thread: what many builds
    share (after a save, a full hall asks for every table's page at once, and each page reads
    the event's results) is then read once, not once by each of them. With ``newest``, Django's
    cache also notes the revision it was kept at (``value_or_previous`` serves it meanwhile)."""
    revision = now.at(scope)
    values = memory.values_at(now.event_id, scope, revision)
    found = values.get(name, _MISSING)
    if found is not _MISSING:
        return found
    key = _key(now.event_id, scope, revision, name)
    frame = getattr(_building_now, "frame", None)
    if frame is not None and alone:
        _building_now.frame = None
        try:
            return value(now, scope, name, build, keepable=keepable)
        finally:
            _building_now.frame = frame
    if frame is not None:  # asked for while another value is built: part of that build
        return frame.part(key, values, name, build, keepable)
    request = getattr(_building_now, "request", None)
    if request is not None and key in request:  # built earlier in this request
        return request[key]
    with memory.building(key):
        found = values.get(name, _MISSING)
        if found is not _MISSING:
            return found
        found = _built_elsewhere(key)
        if found is not _MISSING:
            memory.remember(values, name, found)
            return found
        try:
            found, parts = _consistent(now.slug, build)
            if parts is not None:
                pointer = (_newest_key(now.event_id, scope, name), revision) if newest else None
                parts.append((values, name, key, found, keepable, pointer))
                for part in parts:
                    _keep_when_committed(*part)
        finally:  # once kept (outside a write): a process waiting finds it, never builds it
            cache.delete(f"{key}:building")
        if request is not None:  # kept for the rest of the request, committed or not
            request[key] = found
    return found


def value_or_previous(now: Current, scope: str, name: str, build, *, keepable=None) -> tuple:
    """``(value(...), True)``; or, while another thread or process builds the value, the one
    kept at an earlier revision and False: after a save a full hall asks for every page at once,
    and its phones are not all held behind the builds (they see the hand one build later). Any
    process serves the newest kept in Django's cache, even one it never served itself. Only for
    what a reader may see a moment late: a public page."""
    revision = now.at(scope)
    key = _key(now.event_id, scope, revision, name)
    unbuilt = memory.values_at(now.event_id, scope, revision).get(name, _MISSING) is _MISSING
    if unbuilt and (memory.building_here(key) or cache.get(f"{key}:building") is not None):
        previous = memory.previous(now.event_id, scope, name)
        if previous is _MISSING:
            kept_at = cache.get(_newest_key(now.event_id, scope, name))
            if kept_at is not None and kept_at < revision:
                previous = cache.get(_key(now.event_id, scope, kept_at, name), _MISSING)
        if previous is not _MISSING:
            return previous, False
    return value(now, scope, name, build, keepable=keepable, newest=True), True


def _newest_key(event_id: str, scope: str, name: str) -> str:
    """Where Django's cache notes the newest revision the value ``name`` was kept at."""
    return _key(event_id, scope, "newest", name)


class _Frame:
    """The values one build asked for: each built once, and kept only with the whole build
    (so one check that no write overtook it stands for all of them)."""

    def __init__(self) -> None:
        self.built: dict[str, object] = {}
        self.parts: list[tuple] = []

    def part(self, key: str, values: dict, name: str, build: Callable[[], T], keepable) -> T:
        found = self.built.get(key, _MISSING)
        request = getattr(_building_now, "request", None)
        if found is _MISSING and request is not None:
            found = request.get(key, _MISSING)
        if found is _MISSING:
            found = cache.get(key, _MISSING)
            if found is not _MISSING:
                memory.remember(values, name, found)
            else:
                found = build()
                self.parts.append((values, name, key, found, keepable))
                if request is not None:
                    request[key] = found
            self.built[key] = found
        return found


# The value being built on this thread (its frame), and the values this request has built:
# inside a transaction nothing is kept until it commits, yet a page asks for standings more
# than once.
_building_now = threading.local()


@receiver(request_started)
def _request_started(**kwargs) -> None:
    _building_now.request = {}


@receiver(request_finished)
def _request_finished(**kwargs) -> None:
    _building_now.request = None


def _consistent(slug: str, build: Callable[[], T]) -> tuple[T, list[tuple] | None]:
    """``build()``'s value, and the values it built to keep, or None when a write committed
    while it was built (its reads may mix two revisions): then it is built again, at most
    twice more, and served but not kept if writes still overtake it."""
    request = getattr(_building_now, "request", None)
    seen = ("seen", slug)
    for _ in range(3):
        # The revision last read in this request serves as this one's "before" (a build
        # made while another is built, on its own, takes that build's "before").
        before = request.get(seen) if request else None
        before = before or latest(slug)
        _building_now.frame = frame = _Frame()
        try:
            built = build()
        finally:
            _building_now.frame = None
        after = latest(slug)
        if request is not None:
            request[seen] = after
        if after == before:
            return built, frame.parts
    return built, None


def _key(event_id: str, scope: str, revision: int | str, name: str) -> str:
    """The value's key in Django's cache (a digest of its name: addresses and languages
    hold characters some backends refuse)."""
    digest = hashlib.blake2b(name.encode(), digest_size=16).hexdigest()
    return f"whist:{event_id}:{scope}:{revision}:{digest}"


def _built_elsewhere(key: str):
    """The value from Django's cache, waiting while another process builds it; ``_MISSING``
    when this process is to build it (it then holds the lease)."""
    lease = f"{key}:building"
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        found = cache.get(key, _MISSING)
        if found is not _MISSING or cache.add(lease, 1, WAIT_SECONDS):
            return found
        if time.monotonic() > deadline:
            return _MISSING
        time.sleep(0.02)


def _keep_when_committed(
    values: dict, name: str, key: str, found, keepable=None, pointer=None
) -> None:
    """Keep a value built here once what it was read in commits (at once outside a write):
    a write that is rolled back leaves nothing behind."""
    if keepable is not None and not keepable(found):
        return

    def keep_it() -> None:
        memory.remember(values, name, found)
        cache.set(key, found, KEEP_SECONDS)
        if pointer is not None:  # (where the newest revision kept is noted, this revision)
            cache.set(*pointer, KEEP_SECONDS)

    transaction.on_commit(keep_it)


def kept(now: Current, scope: str, name: str, *, shared: bool = True):
    """The value ``name`` kept for the event at ``now``, or None: from memory, else (with
    ``shared``) from Django's cache."""
    revision = now.at(scope)
    values = memory.values_at(now.event_id, scope, revision)
    found = values.get(name)
    if found is None and shared:
        found = cache.get(_key(now.event_id, scope, revision, name))
        if found is not None:
            memory.remember(values, name, found)
    return found


def keep(now: Current, scope: str, name: str, found) -> None:
    """Keep ``found``, made elsewhere from kept values, as the value ``name`` at ``now``."""
    revision = now.at(scope)
    values = memory.values_at(now.event_id, scope, revision)
    _keep_when_committed(values, name, _key(now.event_id, scope, revision, name), found)


def clear_memory() -> None:
    """Forget what this process keeps in memory (a test starts with nothing kept)."""
    memory.clear()
    facts.forget_all()
