"""Publishing keys, on the province's installation: a leader of the event (or the season's
coordinator, or staff) issues one for the event's hall; it allows one thing only, publishing
that event. The key is shown once and kept as its SHA-256; it can be revoked, and the list
says when each was last used. Issuing, revoking and releasing the copy are audited."""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from .. import permissions
from ..models import Event, PublishedCopy, PublishingKey
from ..rules.errors import RulesError
from .audit import audit

PREFIX = "wdp_"  # tells a publishing key from any other secret at a glance
KEY_LONGEST = 100


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@transaction.atomic
def key_issue(*, event: Event, actor) -> tuple[PublishingKey, str]:
    """A new key for ``event``: the stored row, and the key itself (shown this once)."""
    permissions.require(actor, event, permissions.LEAD)
    key = PREFIX + secrets.token_urlsafe(32)
    row = PublishingKey.objects.create(
        event=event,
        digest=_digest(key),
        hint=key[len(PREFIX) : len(PREFIX) + 6],
        issued_by=permissions.actor_name(actor),
        issued_at=timezone.now(),
    )
    audit(event, actor, "publishing key issued", row.hint).save()
    return row, key


@transaction.atomic
def key_revoke(*, event: Event, key_id: int, actor) -> PublishingKey:
    """Revoke one of ``event``'s keys; its hall's next publication is refused."""
    permissions.require(actor, event, permissions.LEAD)
    row = PublishingKey.objects.filter(event=event, pk=key_id).first()
    if row is None:
        raise RulesError("There is no publishing key %(key)s for this event", key=key_id)
    if row.revoked_at is None:
        row.revoked_at = timezone.now()
        row.save(update_fields=["revoked_at"])
        audit(event, actor, "publishing key revoked", row.hint).save()
    return row


@transaction.atomic
def copy_release(*, event: Event, actor) -> bool:
    """The way out when two copies disagree (another hall, an older archive restored): the
    event stops following the hall it followed, and may be written here again; the next hall
    to publish it with a valid key sends it whole. False when it followed none."""
    permissions.require(actor, event, permissions.LEAD)
    removed, _ = PublishedCopy.objects.filter(event=event).delete()
    if removed:
        audit(event, actor, "publishing released").save()
    return bool(removed)


def keys_of(event: Event) -> list[PublishingKey]:
    return list(PublishingKey.objects.filter(event=event))


def key_for(key: object, slug: str) -> PublishingKey | None:
    """The key's row when ``key`` may publish the event ``slug`` now (not revoked, that
    event's), else None."""
    if not isinstance(key, str) or not 0 < len(key) <= KEY_LONGEST:
        return None
    row = (
        PublishingKey.objects.filter(digest=_digest(key), revoked_at__isnull=True)
        .select_related("event")
        .first()
    )
    return row if row is not None and row.event.slug == slug else None
