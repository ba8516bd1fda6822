"""What only the hall's own copies carry: the tables' entry addresses and the event's accounts.

A backup restored on a spare laptop must keep every printed entry slip working and let the
event's leaders and assistants log in as before, so the backups (and an archive asked for with
``export_event --secrets``) hold each table's entry address, live or revoked, and each account
with a role in the event: its user name, its password as Django stores it (a salted hash, never
the password), whether it is staff, and its role. The archive a leader downloads or shares
leaves them out. Reading them back is for the command line only (``restore``, ``import_event``):
an account whose user name this installation already has keeps its own password, and one whose
password is a published one (``passwords.py``) comes back unable to log in until given a
new password.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import identify_hasher

from ..models import Event, EventRole, TableToken
from ..passwords import has_published_password


def export_secrets(event: Event) -> dict:
    tokens = TableToken.objects.filter(event=event).order_by("table", "issued_at", "token")
    roles = EventRole.objects.filter(event=event).select_related("user")
    return {
        "entry_addresses": [
            {
                "table": t.table,
                "token": t.token,
                "issued_at": t.issued_at.isoformat(),
                "revoked_at": t.revoked_at.isoformat() if t.revoked_at else None,
            }
            for t in tokens
        ],
        "accounts": [
            {
                "username": r.user.get_username(),
                "password": r.user.password,
                "is_staff": r.user.is_staff,
                "role": r.role,
            }
            for r in sorted(roles, key=lambda r: r.user.get_username())
        ],
    }


def import_secrets(event: Event, secrets: dict) -> list[str]:
    """Bring ``secrets`` back for ``event`` (inside the import's transaction); what the leader
    should know (accounts kept or left without their password) comes back as sentences."""
    TableToken.objects.bulk_create(
        TableToken(
            event=event,
            table=t["table"],
            token=t["token"],
            issued_at=datetime.fromisoformat(t["issued_at"]),
            revoked_at=datetime.fromisoformat(t["revoked_at"]) if t["revoked_at"] else None,
        )
        for t in secrets.get("entry_addresses", [])
    )
    said = []
    users = get_user_model()
    for account in secrets.get("accounts", []):
        name, password = account["username"], account["password"]
        user = users.objects.filter(username=name).first()
        if user is None:
            user = users(username=name, is_staff=account["is_staff"], is_active=True)
            if not _usable(password) or has_published_password(password):
                user.set_unusable_password()
                said.append(name)
            else:
                user.password = password
            user.save()
        EventRole.objects.get_or_create(event=event, user=user, defaults={"role": account["role"]})
    return said


def _usable(password: str) -> bool:
    """A password as Django stores it, by a hasher this installation knows."""
    try:
        identify_hasher(password)
    except ValueError:
        return False
    return True
