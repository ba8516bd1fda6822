"""The newest automatic backup of an event, for the leader's pages and the hall page."""

from __future__ import annotations

from datetime import UTC, datetime

from django import template

from ..publishing import backups

register = template.Library()


@register.inclusion_tag("tournaments/_backup_status.html")
def backup_status(event, role: str = ""):
    """When the event was last backed up, and a warning when that is old or failed. The room
    reads "Backed up 2 min ago"; only the event's leader (``role``) reads where it went."""
    if backups.folder() is None:
        return {"enabled": False}
    found = backups.status(event.slug)
    now = datetime.now(UTC)
    due_in = backups.pending(event.pk)
    return {
        "enabled": True,
        "event": event,
        "status": found,
        "leader": role == "leader",
        "folder": backups.event_folder(event.slug),
        "minutes": None if found.at is None else int((now - found.at).total_seconds() // 60),
        "due": due_in is not None,
        "stale": found.stale(event.revision, now, due_in),
    }
