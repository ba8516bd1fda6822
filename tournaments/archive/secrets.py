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

from ..models import Event, EventRole, TableToken


def export_secrets(event: Event) -> dict:
    tokens = TableToken.objects.filter(event=event).order_by("table", "issued_at", "token")
    roles = EventRole.objects.filter(event=event).select_related("user")
    return {
        # Rows, not models: a standby is sent them with every change while a save waits.
        "entry_addresses": [
            {
                "table": table,
                "token": token,
                "issued_at": issued_at.isoformat(),
                "revoked_at": revoked_at.isoformat() if revoked_at else None,
            }
            for table, token, issued_at, revoked_at in tokens.values_list(
                "table", "token", "issued_at", "revoked_at"
            )
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
