"""The rotation: which table each travelling pair visits, hand by hand, and the one line that
says it when every pair moves alike (the movement screen, the movement slips)."""

from __future__ import annotations

from django.utils.translation import ngettext

from ..models import Event, Hand
from ..rules.hand_now import same_shift
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


def load_rotation(event: Event) -> Rotation:
    """The event's rotation as rules values (one query)."""
    hands = Hand.objects.filter(event=event).order_by("number")
    return Rotation(event.tables, tuple(hand_from_row(event, h) for h in hands))


def build_rotation_payload(event: Event, rotation: Rotation) -> dict:
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


def shift_words(moves, tables: int, *, short: bool = False) -> str:
    """'Travelling pairs: move 11 tables up — Table 240 goes to Table 1' when every pair
    moves the same number of tables round the circle, else ''; ``short`` leaves out
    'Travelling pairs:' (a movement slip's line, under a heading that says it)."""
    shift = same_shift(moves, tables)
    if shift is None:
        return ""
    up = shift <= tables // 2
    n = shift if up else tables - shift
    values = {"n": n, "from": tables - shift + 1 if up else 1, "to": 1 if up else shift + 1}
    if short:
        if up:
            text = ngettext(
                "Move %(n)s table up — Table %(from)s goes to Table %(to)s",
                "Move %(n)s tables up — Table %(from)s goes to Table %(to)s",
                n,
            )
        else:
            text = ngettext(
                "Move %(n)s table down — Table %(from)s goes to Table %(to)s",
                "Move %(n)s tables down — Table %(from)s goes to Table %(to)s",
                n,
            )
    elif up:
        text = ngettext(
            "Travelling pairs: move %(n)s table up — Table %(from)s goes to Table %(to)s",
            "Travelling pairs: move %(n)s tables up — Table %(from)s goes to Table %(to)s",
            n,
        )
    else:
        text = ngettext(
            "Travelling pairs: move %(n)s table down — Table %(from)s goes to Table %(to)s",
            "Travelling pairs: move %(n)s tables down — Table %(from)s goes to Table %(to)s",
            n,
        )
    return text % values
