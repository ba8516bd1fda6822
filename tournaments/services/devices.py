"""The hall's admitted devices: which phones besides the laptop may open the leader's pages.

The hall's Wi-Fi is plain HTTP, so the leader's pages answer on the laptop itself; a leader lets
a helper's phone in with a one-time code shown on the laptop (``code_issue``), which the phone
types (``admit``). Each step is audited; the leader sees the admitted devices and removes them.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from ..models import EventRole, HallDevice, Role, SeasonRole
from ..rules.errors import RulesError
from .audit import audit

# No 0/O, 1/I/L: read off a laptop's screen and typed on a phone.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CODE_MINUTES = 10
ADMITTED_HOURS = 24  # a day in the hall; the leader lets the phone in again the next day


def may_admit(user) -> bool:
    """The installation's leader, a leader of any event or a season's coordinator."""
    if not getattr(user, "is_authenticated", False):
        return False
    return (
        user.is_staff
        or EventRole.objects.filter(user=user, role=Role.LEADER).exists()
        or SeasonRole.objects.filter(user=user).exists()
    )


def _require(actor) -> None:
    if not may_admit(actor):
        raise PermissionDenied(gettext("Only a leader may let devices in."))


def _admitted_since():
    return timezone.now() - timedelta(hours=ADMITTED_HOURS)


@transaction.atomic
def code_issue(*, actor) -> HallDevice:
    """A new one-time code, valid ``CODE_MINUTES`` minutes (the audit names it, never says it)."""
    _require(actor)
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    device = HallDevice.objects.create(code=code, issued_by=actor, issued_at=timezone.now())
    audit(None, actor, "device code issued", f"device {device.pk}").save()
    return device


def _clean_code(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())


@transaction.atomic
def admit(*, code: str, label: str) -> HallDevice:
    """The device that typed a live code: it gets its secret token; the code is spent."""
    since = timezone.now() - timedelta(minutes=CODE_MINUTES)
    cleaned = _clean_code(code)
    device = (
        HallDevice.objects.select_for_update()
        .filter(code=cleaned, admitted_at__isnull=True, issued_at__gte=since)
        .first()
        if len(cleaned) == CODE_LENGTH
        else None
    )
    if device is None:
        raise RulesError(
            "This code lets no device in: a code works once, within %(minutes)s minutes. "
            "Ask the leader for a new one.",
            field="code",
            minutes=CODE_MINUTES,
        )
    device.code = ""
    device.token = secrets.token_urlsafe(32)
    device.label = label[:120]
    device.admitted_at = timezone.now()
    device.save()
    audit(
        None,
        device.issued_by,
        "device admitted",
        f"device {device.pk}",
        after={"label": device.label},
    ).save()
    return device


def admitted(token: str | None) -> HallDevice | None:
    """The admitted device holding ``token``, while its day lasts."""
    if not token:
        return None
    return HallDevice.objects.filter(token=token, admitted_at__gte=_admitted_since()).first()


def listing() -> tuple[list[HallDevice], list[HallDevice]]:
    """The devices let in today, and the codes still waiting to be typed."""
    since = timezone.now() - timedelta(minutes=CODE_MINUTES)
    rows = HallDevice.objects.select_related("issued_by")
    return (
        list(rows.filter(admitted_at__gte=_admitted_since()).order_by("-admitted_at")),
        list(rows.filter(admitted_at__isnull=True, issued_at__gte=since)),
    )


@transaction.atomic
def remove(*, actor, device_id: int) -> bool:
    """Shut a device out (or cancel a code); True when there was one."""
    _require(actor)
    deleted, _ = HallDevice.objects.filter(pk=device_id).delete()
    if deleted:
        audit(None, actor, "device removed", f"device {device_id}").save()
    return bool(deleted)
