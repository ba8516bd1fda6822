"""The hall's standby laptop (issue 39): pairing, the standby's key, the laptop's role, the
takeover and the fencing of a hall that was replaced.

The leader asks the hall for a pairing code (shown once, good for ten minutes, audited); the
standby exchanges it once for a long random key, which the hall keeps as its SHA-256 only, so
no password or key is ever shown twice or stored in clear on the hall. A takeover is a
person's step on the standby (the launcher's ``takeover`` or the button on its leader page):
the standby never takes over by itself, so there is never a second writer unless a person
makes one, and the old hall, which asks its standby's ``/standby.json`` at start and every
few seconds, learns of it and refuses every write from then on.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext

from .. import permissions
from ..models import LaptopRole, PairedStandby, PublishedCopy, StandbyPairing
from ..rules.errors import RulesError, gettext_noop
from . import standby_publishing
from .audit import audit, bump_revision
from .locks import lock_event, write_transaction

CODE_LIFE = timedelta(minutes=10)
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed
KEY_PREFIX = "wds_"
NAME_LONGEST = 100
SOURCE = "the hall, followed by its standby"  # the followed events' copies (PublishedCopy)


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def role() -> LaptopRole:
    """This laptop's role (a hall until paired as a standby)."""
    found = LaptopRole.objects.filter(pk=1).first()
    return found or LaptopRole(pk=1, role=LaptopRole.HALL)


def paired() -> PairedStandby | None:
    return PairedStandby.objects.order_by("-paired_at").first()


@transaction.atomic
def issue_code(*, actor) -> str:
    """A new pairing code for a standby (the leader's, staff only; None: the command line),
    shown this once."""
    if actor is not None and not getattr(actor, "is_staff", False):
        raise RulesError(gettext_noop("Only the leader pairs a standby laptop."))
    if role().role != LaptopRole.HALL:
        raise RulesError(gettext_noop("Only the hall pairs a standby laptop."))
    raw = "".join(secrets.choice(CODE_LETTERS) for _ in range(8))
    code = f"{raw[:4]}-{raw[4:]}"
    now = timezone.now()
    StandbyPairing.objects.create(
        digest=_digest(code), issued_by=permissions.actor_name(actor), issued_at=now
    )
    audit(None, actor, "standby pairing code issued", now.strftime("%H:%M")).save()
    return code


@transaction.atomic
def exchange_code(*, code: str, name: str, origin: str) -> str:
    """The standby's key for a pairing ``code`` used once within its ten minutes; the
    standby at ``origin``, named ``name``, replaces any standby paired before."""
    code = code.strip().upper()
    now = timezone.now()
    found = (
        StandbyPairing.objects.select_for_update()
        .filter(digest=_digest(code), used_at__isnull=True, issued_at__gte=now - CODE_LIFE)
        .first()
    )
    if found is None or role().role != LaptopRole.HALL:
        raise RulesError(
            gettext_noop("This pairing code is not valid: ask the hall's leader for a new one."),
            field="code",
        )
    if not origin.startswith(("http://", "https://")) or len(origin) > 300:
        raise RulesError(gettext_noop("The standby's address is not valid."), field="origin")
    found.used_at = now
    found.save(update_fields=["used_at"])
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    PairedStandby.objects.all().delete()
    PairedStandby.objects.create(
        name=(name.strip() or origin)[:NAME_LONGEST],
        origin=origin,
        digest=_digest(key),
        paired_at=now,
    )
    audit(None, None, "standby paired", f"{name[:40]} {origin}"[:120]).save()
    return key


def standby_for(key: str) -> PairedStandby | None:
    """The paired standby this ``key`` is, or None (a wrong key changes nothing)."""
    if not key.startswith(KEY_PREFIX) or len(key) > 100:
        return None
    return PairedStandby.objects.filter(digest=_digest(key)).first()


@transaction.atomic
def become_standby(*, hall: str, key: str) -> None:
    """This laptop follows ``hall`` with ``key`` (the launcher's ``standby``)."""
    LaptopRole.objects.update_or_create(
        pk=1,
        defaults={"role": LaptopRole.STANDBY, "hall": hall, "key": key, "since": timezone.now()},
    )


@transaction.atomic
def take_over(*, actor=None) -> LaptopRole:
    """The standby becomes the hall: it stops following and takes writes for every event it
    followed. A person's step: nothing calls this by itself."""
    current = role()
    if current.role != LaptopRole.STANDBY:
        raise RulesError(gettext_noop("Only a standby laptop takes over the hall."))
    old_hall = current.hall
    followed = PublishedCopy.objects.filter(source=SOURCE)
    held = dict(followed.values_list("event_id", "revision"))
    followed.delete()  # its own events from now on
    standby_publishing.taken_over(held)  # and it publishes those the hall published
    current.role, current.key, current.since = LaptopRole.HALL, "", timezone.now()
    current.save()
    audit(None, actor, "took over the hall", old_hall[:120]).save()
    return current


@transaction.atomic
def replaced_by(*, standby: str, since) -> None:
    """A standby took over from this hall: from now on it refuses every write."""
    LaptopRole.objects.update_or_create(
        pk=1,
        defaults={"role": LaptopRole.REPLACED, "hall": standby, "key": "", "since": since},
    )
    audit(None, None, "replaced by the standby", standby[:120]).save()


def announce(event) -> None:
    """``event``'s pages learn the change of standby or role (its hall.json names them): a
    change like any other, so its revision moves on."""
    with write_transaction():
        lock_event(event)
        bump_revision(event)


def replaced_words(now: LaptopRole) -> str:
    """What a replaced hall answers every write with."""
    at = time_format(timezone.localtime(now.since), "H:i") if now.since else "?"
    return gettext(
        "This laptop was replaced by the standby at %(address)s at %(time)s: enter results there."
    ) % {"address": now.hall, "time": at}
