"""The newest automatic backup of an event, for the leader's pages and the hall page."""

from __future__ import annotations

from datetime import UTC, datetime

from django import template

from .. import backups

register = template.Library()


@register.inclusion_tag("tournaments/_backup_status.html")
def backup_status(event):
    """Where and when the event was last backed up, and a warning when that is old or failed."""
    if backups.folder() is None:
        return {"enabled": False}
    found = backups.status(event.slug)
    now = datetime.now(UTC)
    return {
        "enabled": True,
        "event": event,
        "status": found,
        "folder": backups.event_folder(event.slug),
        "minutes": None if found.at is None else int((now - found.at).total_seconds() // 60),
        "stale": found.stale(event.revision, now),
    }
