"""The hall page for the projector: the address phones open, as text and as a QR code."""

from __future__ import annotations

import segno
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from .. import selectors
from ..links import is_loopback, public_base
from . import standby
from .hand_now_words import hand_waits_for


@require_safe
def hall_page(request):
    address = public_base(request)
    code = segno.make(address, error="m")
    # The SVG holds only the code's squares, never the address as text: safe to mark so.
    svg = code.svg_inline(scale=10, border=4, dark="#000", light="#fff", omitsize=True)
    events = selectors.recent_events(10)
    now_by_event = selectors.hands_now(events)
    context = {
        "address": address,
        "qr_svg": mark_safe(svg),  # noqa: S308
        "loopback": is_loopback(address),
        # Each event, with what its hall waits for while its hands are being played, and its
        # hall (the end of a day; the announcement form for its leaders).
        "events": [(e, _waiting(e, now_by_event[e.pk]), now_by_event[e.pk]) for e in events],
        # The leader's line on the two laptops: "Standby: <name>, <address>, 0.3 s behind".
        "standby_status": standby.status_words() if request.user.is_staff else "",
    }
    return render(request, "tournaments/hall.html", context)


def _waiting(event, hand_now) -> str:
    """'Hand 8: waiting for tables 7, 12, 19.' while the event is under way, else ''."""
    if not (hand_now.complete or len(hand_now.waiting) < event.tables):
        return ""
    return hand_waits_for(hand_now, event.tables)
