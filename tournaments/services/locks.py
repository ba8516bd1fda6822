"""One write lock per event, taken first by every write that reads results and then changes them.

Saves of different tables, loan rebuilds and day closes of one event then run one after another
in a fixed order (event row first), so no two writers interleave and none dead-lock. On
PostgreSQL it is a row lock on the event alone (``of``, no ordering joins); on SQLite every
write transaction already holds the database's write lock from its start (IMMEDIATE mode).

On SQLite the saves of one server process also queue for that lock here (``write_transaction``)
rather than in SQLite's busy handler, which sleeps between tries (up to 100 ms at a time once a
writer has waited a while): with eight leaders saving, a waiting save slept while the lock sat
free and a newcomer took it, and the slowest save waited seconds. Here the next save starts the
moment the last one commits.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction
from django.db.models import OuterRef, Subquery

from ..models import Event, PublishedCopy
from .published import refuse_published


def lock_event(event: Event, *fields: str) -> tuple:
    """Hold ``event``'s write lock until the surrounding transaction ends; returns the
    values of ``fields`` as the lock found them."""
    assert transaction.get_connection().in_atomic_block, "lock_event needs a transaction"
    copy = PublishedCopy.objects.filter(event=OuterRef("pk"))
    locked = (
        Event.objects.select_for_update(of=("self",))
        .filter(pk=event.pk)
        .order_by()
        .annotate(  # in the same statement: a published event is written by its hall alone
            published=Subquery(copy.values("revision")[:1]),
            published_at=Subquery(copy.values("changed_at")[:1]),
        )
        .values_list("pk", *fields, "published", "published_at")
    )
    *found, published, published_at = locked[0][1:]
    if published is not None:
        refuse_published(published, published_at)
    return tuple(found)


_sqlite_writers = threading.Lock()


@contextmanager
def write_transaction() -> Iterator[None]:
    """A write's transaction (``transaction.atomic``); on SQLite, entered once this process's
    earlier writers are done. Inside another transaction it is that one (which already holds
    SQLite's write lock), so a nested write never waits for itself."""
    queue = connection.vendor == "sqlite" and not connection.in_atomic_block
    if queue:
        _sqlite_writers.acquire()
    try:
        with transaction.atomic():
            yield
    finally:
        if queue:
            _sqlite_writers.release()
