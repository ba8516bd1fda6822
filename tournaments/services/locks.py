"""One write lock per event, taken first by every write that reads results and then changes them.

Saves of different tables, loan rebuilds and day closes of one event then run one after another
in a fixed order (event row first), so no two writers interleave and none dead-lock. On
PostgreSQL it is a row lock on the event alone (``of``, no ordering joins); on SQLite every
write transaction already holds the database's write lock from its start (IMMEDIATE mode).
"""

from __future__ import annotations

from django.db import transaction

from ..models import Event


def lock_event(event: Event, *fields: str) -> tuple:
    """Hold ``event``'s write lock until the surrounding transaction ends; returns the
    values of ``fields`` as the lock found them."""
    assert transaction.get_connection().in_atomic_block, "lock_event needs a transaction"
    locked = (
        Event.objects.select_for_update(of=("self",))
        .filter(pk=event.pk)
        .order_by()
        .values_list("pk", *fields)
    )
    return tuple(locked[0][1:])
