"""An event's revisions as every process reads them: its row's, read for every request, so a
write is seen at once whoever made it (a leader's save on another worker, a command, another
host). A season's pages are keyed the same way, under "season:<slug>", and what spans every
season (a club's page) under "seasons": the sum of the seasons' revisions
(``snapshot.seasons``).

On SQLite (the hall) the row is not even read while nothing changed: ``PRAGMA data_version``
on the request's own connection tells, in microseconds, whether any other connection or
process committed since that connection last looked, and the connection's count of changes
whether it wrote itself; while neither moved, the revision it read last is still the row's.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import UTC, datetime

from django.db import connection

from ..models import Event

_EVENTS = Event._meta.db_table
_NOW_SQL = f"SELECT id, created_at, revision, setup_revision FROM {_EVENTS} WHERE slug = %s"  # noqa: S608
_SEASONS = "tournaments_season"
_SEASON_SQL = f"SELECT id, created_at, revision, revision FROM {_SEASONS} WHERE slug = %s"  # noqa: S608
_ALL_SEASONS_SQL = f"SELECT COUNT(*), COALESCE(SUM(revision), 0) FROM {_SEASONS}"  # noqa: S608


@dataclass(frozen=True)
class Current:
    """An event's identity and revisions as the derived values are keyed."""

    slug: str
    event_id: str  # the row's id and creation time: SQLite may reuse a deleted event's id
    revision: int
    setup_revision: int

    def at(self, scope: str) -> int:
        return self.setup_revision if scope == "setup" else self.revision


def identity(pk: int, created_at: datetime | str) -> str:
    if isinstance(created_at, str):  # SQLite's raw text is naive UTC
        created_at = datetime.fromisoformat(created_at)
    if created_at.tzinfo is None:
        created_at = created_at.replace(tzinfo=UTC)
    return f"{pk}.{created_at.timestamp():.6f}"


def latest(slug: str) -> Current | tuple:
    """The event's revisions as committed now (``()``: no such event), exact for any write
    that committed before this call began, whichever process made it."""
    if connection.vendor != "sqlite" or not connection.get_autocommit():
        return read_current(slug)  # PostgreSQL: one indexed query; a transaction: its own view
    with connection.wrap_database_errors:  # a broken connection is closed as Django does
        connection.close_if_health_check_failed()
        connection.ensure_connection()
        raw = connection.connection
        # Read before the row: a commit after this call is noticed by the next one.
        seen_as = (raw.execute("PRAGMA data_version").fetchone()[0], raw.total_changes)
    kept = getattr(_read_last, "kept", None)
    if kept is None or kept[0] is not raw:  # a new connection: nothing it read yet
        kept = _read_last.kept = (raw, {})
    found = kept[1].get(slug)
    if found is not None and found[0] == seen_as:
        return found[1]
    found = read_current(slug)
    if len(kept[1]) > _MOST_SLUGS:
        kept[1].clear()
    kept[1][slug] = (seen_as, found)
    return found


# Per thread (each has its own connection): that connection, and per slug what it read last
# with the connection's data version and count of changes then.
_read_last = threading.local()
_MOST_SLUGS = 1000  # wrong addresses asked for are kept too: never more than this


def read_current(slug: str) -> Current | tuple:
    with connection.cursor() as cursor:
        if slug == "seasons":
            cursor.execute(_ALL_SEASONS_SQL)
            count, total = cursor.fetchone()
            return Current(slug, f"seasons.{count}", int(total), int(total))
        season = slug.startswith("season:")
        cursor.execute(_SEASON_SQL if season else _NOW_SQL, [slug.removeprefix("season:")])
        row = cursor.fetchone()
    if row is None:
        return ()
    name = identity(row[0], row[1])
    return Current(slug, f"season.{name}" if season else name, row[2], row[3])


def current_of(event: Event) -> Current:
    """``event``'s revisions as this object holds them (a write's own, or a page's)."""
    return Current(
        event.slug, identity(event.pk, event.created_at), event.revision, event.setup_revision
    )
