"""The audit log and the event's revisions: every write leaves an entry and bumps the revision,
saying exactly what it changed, so what is derived from it is derived again (snapshot/), and
asks for the event's backup once it commits (``backup_due``)."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Literal

from django.db import transaction
from django.db.models import F
from django.dispatch import Signal
from django.utils import timezone

from .. import permissions
from ..cache import store
from ..models import AuditEntry, Event, Hand, Season
from . import standby_sync

# Sent once a write commits, with the event's ``event_id`` and the backup's ``kind`` ("close":
# written now and kept for good). ``backups.py`` listens (connected in ``apps.py``): the writes
# stand below the archive a backup writes.
backup_due = Signal()


def backup_soon(event_id: int, *, kind: str = "") -> None:
    """Once the surrounding write commits, the event is backed up (``backups.request``)."""
    transaction.on_commit(lambda: backup_due.send(None, event_id=event_id, kind=kind))


def audit(
    event: Event | None, actor, action: str, target: str = "", before=None, after=None, *, at=None
) -> AuditEntry:
    return AuditEntry(
        event=event,
        actor=permissions.actor_name(actor),
        at=at or timezone.now(),
        action=action,
        target=target[:120],  # the column's length on every database (user names run to 150)
        before=before,
        after=after,
    )


def revision_brought(revision: int) -> int:
    """The revision a write brings, from the event's revision as its lock read it: the one
    ``bump_revision`` moves the event to, and the one each result or phone's entry the write
    changes carries (a standby is sent the rows above the revision it holds)."""
    return revision + 1


def bump_revision(
    event: Event,
    *,
    hands: Iterable[int] | Literal["all"] = (),
    setup: bool = False,
    locked: tuple[int, int] | None = None,
) -> None:
    """The one place a write says what it changed (inside its transaction, under the event's
    lock): the event's revision moves on; ``hands`` whose results changed (or "all") take it as
    their own; with ``setup`` (teams, rotation, settings) so does the setup revision. Once the
    write commits, every process is told, and the event is backed up. ``locked``: the
    revision and setup revision ``lock_event`` read, so they need not be read back while the
    lock is held."""
    moved = {"revision": F("revision") + 1}
    if setup:
        moved["setup_revision"] = F("revision") + 1  # the row's old revision, plus one
    loaded = event.revision
    Event.objects.filter(pk=event.pk).update(**moved)
    if locked is None:
        event.refresh_from_db(fields=["revision", "setup_revision"])
    else:
        event.revision = revision_brought(locked[0])
        event.setup_revision = event.revision if setup else locked[1]
    # Nothing wrote the event between its loading and this write: this object is the event
    # as committed, and the new revision's pages need not load it again.
    current = copy.copy(event) if event.revision == loaded + 1 else None
    if hands == "all":
        Hand.objects.filter(event=event).update(revision=event.revision)
    elif numbers := set(hands):
        Hand.objects.filter(event=event, number__in=numbers).update(revision=event.revision)
    now = store.current_of(event)  # every process reads it from the row once committed
    transaction.on_commit(lambda: store.committed(now, current))
    backup_soon(event.pk)
    slug, revision = event.slug, event.revision  # the standby has it before the answer goes
    transaction.on_commit(lambda: standby_sync.committed(slug, revision))
    bump_season(event.season_id)


def bump_season(season_id: int | None) -> None:
    """A write to one of the season's events (or to the season's links and clubs): the
    season's revision moves on, so its pages, and every club's, are derived again."""
    if season_id is None:
        return
    Season.objects.filter(pk=season_id).update(revision=F("revision") + 1)
    transaction.on_commit(store.read_afresh)
