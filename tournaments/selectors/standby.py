"""What every event's hall.json says of the hall's two laptops: the paired standby's address,
and on a hall a standby replaced, the standby's (the phones move there)."""

from __future__ import annotations

from ..models import LaptopRole, PairedStandby


def hall_peers() -> dict:
    role = LaptopRole.objects.filter(pk=1).first()
    if role is not None and role.role == LaptopRole.REPLACED:
        return {"standby": role.hall or None, "replaced_by": role.hall or None}
    if role is not None and role.role == LaptopRole.STANDBY:
        return {"standby": None, "replaced_by": None}
    peer = PairedStandby.objects.order_by("-paired_at").first()
    return {"standby": peer.origin if peer else None, "replaced_by": None}
