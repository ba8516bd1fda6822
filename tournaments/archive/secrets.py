"""What only the hall's own copies carry: the tables' entry addresses and the event's accounts.

A backup restored on a spare laptop must keep every printed entry slip working and let the
event's leaders and assistants log in as before, so the backups (and an archive asked for with
``export_event --secrets``) hold each table's entry address, live or revoked, and each account
with a role in the event: its user name, its password as Django stores it (a salted hash, never
the password), whether it is staff, and its role. The archive a leader downloads or shares
leaves them out. Reading them back (``services/archive_import.py``) is for the command line
only (``restore``, ``import_event``): an account whose user name this installation already has
keeps its own password, and one whose password is a published one (``services.accounts``) comes
back unable to log in until given a new password.
"""

from __future__ import annotations

from django.db.models import Count, Max

from ..models import Event, EventRole, TableToken


def export_secrets(event: Event, *, addresses: bool = True) -> dict:
    """The event's secrets; without its entry addresses when not ``addresses`` (a standby
    that holds them as they are, ``addresses_mark``)."""
    roles = EventRole.objects.filter(event=event).select_related("user")
    found = {"entry_addresses": _addresses(event)} if addresses else {}
    found["accounts"] = [
        {
            "username": r.user.get_username(),
            "password": r.user.password,
            "is_staff": r.user.is_staff,
            "role": r.role,
        }
        for r in sorted(roles, key=lambda r: r.user.get_username())
    ]
    return found


def _addresses(event: Event) -> list[dict]:
    tokens = TableToken.objects.filter(event=event).order_by("table", "issued_at", "token")
    # Rows, not models: a standby is sent them with a change while a save waits.
    return [
        {
            "table": table,
            "token": token,
            "issued_at": issued_at.isoformat(),
            "revoked_at": revoked_at.isoformat() if revoked_at else None,
        }
        for table, token, issued_at, revoked_at in tokens.values_list(
            "table", "token", "issued_at", "revoked_at"
        )
    ]


def addresses_mark(event: Event) -> tuple:
    """What changes whenever the event's entry addresses do: a hall only issues addresses
    and revokes them (``services.table_entry.table_tokens_issue``), never deletes one."""
    marks = TableToken.objects.filter(event=event).aggregate(
        issued=Count("pk"),
        revoked=Count("revoked_at"),
        newest=Max("issued_at"),
        last_revoked=Max("revoked_at"),
    )
    return tuple(str(marks[k]) for k in ("issued", "revoked", "newest", "last_revoked"))
