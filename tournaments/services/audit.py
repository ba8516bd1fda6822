"""The audit log and the event's revision: every write leaves an entry and bumps the revision,
so cached standings and pages are rebuilt."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .. import backups, permissions, selectors
from ..models import AuditEntry, Event


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


def bump_revision(event: Event, *, locked_revision: int | None = None) -> None:
    """Mark the event changed so cached standings and rotation are rebuilt, and back it up
    once the change is committed. ``locked_revision``: the revision ``lock_event`` read, so
    the new one need not be read back while the lock is held."""
    Event.objects.filter(pk=event.pk).update(revision=F("revision") + 1)
    if locked_revision is None:
        event.refresh_from_db(fields=["revision"])
    else:
        event.revision = locked_revision + 1
    selectors.forget_stamps()  # now for this transaction's own reads, again once others see it
    transaction.on_commit(selectors.forget_stamps)
    transaction.on_commit(lambda: backups.request(event.pk))
