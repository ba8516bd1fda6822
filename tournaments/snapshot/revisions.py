"""An event's revisions as every process reads them: its row's, and what a write that commits
tells every process sharing Django's cache (``store.committed``). A season's pages are keyed the same
way, under "season:<slug>", and what spans every season (a club's page) under "seasons": the
sum of the seasons' revisions (``snapshot.seasons``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from django.core.cache import cache
from django.db import connection

from ..models import Event

NOW_SECONDS = 1.0  # how long an event's current revision is trusted without reading its row
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
        return ()  # kept too: a phone asking for a wrong address costs one query a second
    name = identity(row[0], row[1])
    return Current(slug, f"season.{name}" if season else name, row[2], row[3])


def current_of(event: Event) -> Current:
    """``event``'s revisions as this object holds them (a write's own, or a page's)."""
    return Current(
        event.slug, identity(event.pk, event.created_at), event.revision, event.setup_revision
    )


def forget(slug: str) -> None:
    """The event is gone or renamed: read its row again on the next request."""
    cache.delete(f"whist:now:{slug}")
