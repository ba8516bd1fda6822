"""The rotation: which table each travelling pair visits, hand by hand."""

from __future__ import annotations

from ..models import Event, Hand
from ..rules.types import Hand as RulesHand
from ..rules.types import Pair, Rotation, Trump


def hand_from_row(event: Event, row: Hand) -> RulesHand:
    return RulesHand(
        number=row.number,
        day=row.day,
        session=row.session,
        moves={i: host for i, host in enumerate(row.moves, 1)},
        travelling=Pair(row.travelling),
        trump=Trump(row.trump) if row.trump else None,
    )


def rotation(event: Event) -> Rotation:
    """The event's rotation as rules values (one query)."""
    hands = Hand.objects.filter(event=event).order_by("number")
    return Rotation(event.tables, tuple(hand_from_row(event, h) for h in hands))


def rotation_payload(event: Event, rotation: Rotation) -> dict:
    """The body of ``rotation.json`` (DESIGN.md section 4) for ``event``'s ``rotation``."""
    return {
        "event": event.slug,
        "tables": event.tables,
        "hands": [
            {
                "hand": h.number,
                "day": h.day,
                "session": h.session,
                "trump": h.trump.value if h.trump else None,
                "travelling": h.travelling.value,
                "moves": {str(home): host for home, host in h.moves.items()},
            }
            for h in rotation.hands
        ],
    }
