"""The standby's side of following: one change of an event from its hall (``archive.feed``, with
the event's secrets) applied in order, once, checked as a publication is.

An event the standby does not hold yet comes whole and is imported as a restore is, secrets
included; after that a change applies only on top of the hall's revision the standby holds
(``PublishedCopy.revision``), or whole. The followed events refuse every other write
(``locks.lock_event``), so the hall stays their one writer until a person takes over.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from ..archive.export import FORMAT, VERSION
from ..models import Event, EventRole, PublishedCopy, TableToken
from .archive_import import import_event
from .audit import bump_revision
from .locks import lock_event, write_transaction
from .publication import _check_envelope, _checked
from .publication_apply import apply_archive
from .published import applying
from .standby import SOURCE


def held() -> dict[str, int]:
    """The hall's revision of every event this standby holds."""
    copies = PublishedCopy.objects.filter(source=SOURCE).select_related("event")
    return {c.event.slug: c.revision for c in copies}


def follow(change: dict, secrets: dict) -> int:
    """Apply ``change`` of its event; the hall's revision the standby then holds (unchanged
    when the change does not start from it: the next ask says so and the hall resends)."""
    _check_envelope(change, change.get("event"))
    slug = change["event"]
    with write_transaction(), applying():
        event = Event.objects.filter(slug=slug).first()
        copy = PublishedCopy.objects.filter(event=event).first() if event else None
        if event is not None and copy is None:
            return 0  # an event of this laptop's own, never overwritten
        if event is None:
            if not change["whole"]:
                return 0
            archive = {**change["archive"], "audit": [], "format": FORMAT, "version": VERSION}
            event = import_event({**archive, "secrets": secrets}, secrets=True)
            copy = PublishedCopy(event=event, source=SOURCE)
        else:
            lock_event(event)
            if change["base"] != copy.revision and not change["whole"]:
                return copy.revision
            archive = _checked(event, change)
            apply_archive(event, archive, whole=change["whole"], hands=change["hands"])
            bump_revision(
                event, hands="all" if change["whole"] else change["hands"], setup=change["whole"]
            )
            _secrets(event, secrets)
        copy.revision, copy.changed_at = change["revision"], timezone.now()
        copy.save()
        return copy.revision


def _when(value: str | None):
    return datetime.fromisoformat(value) if value else None


def _secrets(event: Event, secrets: dict) -> None:
    """The entry addresses and accounts as the hall has them (only what differs is written)."""
    tokens = {t["token"]: t for t in secrets.get("entry_addresses", [])}
    known = {t.token: t for t in TableToken.objects.filter(event=event)}
    TableToken.objects.filter(event=event).exclude(token__in=tokens).delete()
    for token, t in tokens.items():
        revoked = _when(t["revoked_at"])
        row = known.get(token)
        if row is None:
            TableToken.objects.create(
                event=event,
                table=t["table"],
                token=token,
                issued_at=_when(t["issued_at"]),
                revoked_at=revoked,
            )
        elif row.revoked_at != revoked:
            TableToken.objects.filter(pk=row.pk).update(revoked_at=revoked)
    accounts(secrets.get("accounts", []), event=event)


def accounts(found: list[dict], *, event: Event | None = None) -> None:
    """Accounts as the hall has them (password hashes only): made or brought up to date, and
    given their role in ``event``."""
    users = get_user_model()
    for account in found:
        user, _made = users.objects.get_or_create(username=account["username"])
        changed = {
            f: account[f]
            for f in ("password", "is_staff", "is_superuser", "is_active")
            if f in account and getattr(user, f) != account[f]
        }
        if changed:
            users.objects.filter(pk=user.pk).update(**changed)
        if event is not None and "role" in account:
            EventRole.objects.update_or_create(
                event=event, user=user, defaults={"role": account["role"]}
            )
