"""What the hall reads of its two laptops: what every event's hall.json says of them (the
paired standby's address, and on a hall a standby replaced, the standby's: the phones move
there); and for a standby's ask, the events it is behind on, the staff accounts it follows and
the phones' entries a change needs."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from ..models import Event, LaptopRole, PairedStandby, TableSubmission


def hall_peers() -> dict:
    role = LaptopRole.objects.filter(pk=1).first()
    if role is not None and role.role == LaptopRole.REPLACED:
        return {"standby": role.hall or None, "replaced_by": role.hall or None}
    if role is not None and role.role == LaptopRole.STANDBY:
        return {"standby": None, "replaced_by": None}
    peer = PairedStandby.objects.order_by("-paired_at").first()
    return {"standby": peer.origin if peer else None, "replaced_by": None}


def events() -> list[Event]:
    return list(Event.objects.all())


def events_moved(held: dict[str, int]) -> list[tuple[Event, int]]:
    """Each event whose revision is not the one the standby holds, with the revision to send
    from (0: the whole event, when the standby holds none or a later one)."""
    moved = []
    for event in Event.objects.only("pk", "slug", "revision", "setup_revision"):
        has = held.get(event.slug, 0)
        if has != event.revision:
            moved.append((event, has if has < event.revision else 0))
    return moved


def staff_accounts() -> list[dict]:
    """The installation's staff accounts as a standby keeps them (password hashes only)."""
    return [
        {
            "username": u.get_username(),
            "password": u.password,
            "is_staff": True,
            "is_superuser": u.is_superuser,
            "is_active": u.is_active,
        }
        for u in get_user_model().objects.filter(is_staff=True)
    ]


def phone_entries(event: Event, change: dict) -> list[dict]:
    """The phones' entries the standby needs (each under its phone's id, so a phone that
    sends again is answered there as here): all of them with a whole change, else those
    written since the revision the standby holds (``TableSubmission.revision``)."""
    rows = TableSubmission.objects.filter(event=event)
    if not change["whole"]:
        rows = rows.filter(revision__gt=change["base"])
    fields = ("table", "hand", "phone_id", "tricks_played", "visitor_revokes", "host_revokes")
    fields += ("visitor_tricks", "status")
    # Rows, not models: a whole change carries every entry (12,500 by the last hand).
    return [
        {**row, "received_at": row["received_at"].isoformat()}
        for row in rows.values(*fields, "received_at")
    ]
