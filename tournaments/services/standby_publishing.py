"""Publishing carried on by the standby (issues 39 and 40). The hall's publishing of an event
(the province's address, the key, the id of the hall's copy and the revision the province
holds) travels to the paired standby with the event's other secrets, never in an archive, and
the standby keeps it without sending. At a takeover it becomes the standby's own: a new copy
id that names the hall's as the one it ``succeeds`` (the province takes the standby's copy
whole in the hall's place, then refuses the old hall's as another hall's), and the event's
revision moved past every revision of the hall's the standby knows, so the standby's numbers
go on above the province's.
"""

from __future__ import annotations

import uuid

from ..models import Event, PublishTarget
from .audit import bump_revision
from .locks import lock_event

FIELDS = ("url", "key", "source", "sent_revision")


def hall_publishing(event: Event) -> dict:
    """The part of ``event``'s secrets its standby needs to publish it after a takeover."""
    target = PublishTarget.objects.filter(event=event).exclude(key="").first()
    return {"publishing": {f: getattr(target, f) for f in FIELDS} if target else None}


def followed(event: Event, secrets: dict) -> None:
    """Keep the hall's publishing of ``event`` as its last change brought it (inside the
    change's transaction); a hall that says nothing of it leaves it as it was."""
    if "publishing" not in secrets:
        return
    found = secrets["publishing"]
    if found is None:
        PublishTarget.objects.filter(event=event).delete()
        return
    sent = found["sent_revision"]
    if type(sent) is not int or not 0 <= sent < 2**31:
        raise ValueError(f"the province's revision {sent!r} is not a revision")
    values = {f: str(found[f])[:300] for f in ("url", "key", "source")}
    if not 0 < len(values["key"]) <= 100 or not 0 < len(values["source"]) <= 64:
        raise ValueError("the hall's publishing key or copy is not one the hall sends")
    PublishTarget.objects.update_or_create(
        event=event,
        defaults={**values, "sent_revision": sent, "error": "", "stopped": False},
    )


def taken_over(held: dict[int, int]) -> None:
    """The standby took over (inside its transaction, the followed copies gone): ``held``, the
    hall's revision of each event it followed, by event."""
    targets = PublishTarget.objects.filter(event_id__in=held).exclude(key="")
    for target in targets.select_related("event"):
        event = target.event
        lock_event(event)
        past = max(event.revision, held[event.pk], target.sent_revision)
        Event.objects.filter(pk=event.pk).update(revision=past)
        event.revision = past
        # A setup change: the first publication carries the event whole, as a succession must.
        bump_revision(event, setup=True)
        target.succeeds, target.source = target.source, uuid.uuid4().hex
        target.error, target.failing_since, target.stopped = "", None, False
        target.save()
