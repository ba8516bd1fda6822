"""Publishing to the province, for the leader's pages (``publishing.status``)."""

from __future__ import annotations

from django import template

from ..publishing.status import publish_status as status_of

register = template.Library()


@register.inclusion_tag("tournaments/_publish_status.html")
def publish_status(event, role: str = ""):
    """The event's publishing line, for its leader; nothing when it is not published."""
    found = status_of(event) if role == "leader" else None
    return {"status": found, "warning": found is not None and (found.stopped or found.minutes)}
