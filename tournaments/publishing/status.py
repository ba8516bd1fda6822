"""What the leader's pages say about publishing an event: "Published to whist.example.org
14:05 (revision 1234)", or why not and how many changes wait."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext

from ..models import Event, PublishTarget
from . import sender as sending
from .target import host_of


@dataclass(frozen=True)
class PublishStatus:
    host: str
    revision: int  # the revision the province holds
    sent_at: datetime | None
    waiting: int  # changes of the event the province does not have yet
    error: str  # in the reader's language
    minutes: int  # since the sending began to fail (0 when it does not)
    stopped: bool


def _reason(error: str) -> str:
    """The stored reason in the reader's language: a marked phrase, then the province's own
    words after ": " (already in the language it answers in)."""
    phrase, colon, detail = error.partition(": ")
    return gettext(phrase) + colon + detail if phrase else ""


def publish_status(event: Event, target: PublishTarget | None = None) -> PublishStatus | None:
    """None when the event is not published from this laptop. ``target``: as read now; by
    default as this process's sender last left it (no query: the hall server runs the
    sender, and a page reads it for free)."""
    target = target or sending.sender.known.get(event.pk)
    if target is None:
        return None
    since = target.failing_since
    minutes = int((timezone.now() - since).total_seconds() // 60) if since else 0
    return PublishStatus(
        host=host_of(target),
        revision=target.sent_revision,
        sent_at=target.sent_at,
        waiting=max(event.revision - target.sent_revision, 0),
        error=_reason(target.error),
        minutes=minutes,
        stopped=target.stopped,
    )
