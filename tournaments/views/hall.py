"""The hall page for the projector: the address phones open, as text and as a QR code."""

from __future__ import annotations

import segno
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from .. import selectors
from ..links import is_loopback, public_base


@require_GET
def hall_page(request):
    address = public_base(request)
    code = segno.make(address, error="m")
    # The SVG holds only the code's squares, never the address as text: safe to mark so.
    svg = code.svg_inline(scale=10, border=4, dark="#000", light="#fff", omitsize=True)
    context = {
        "address": address,
        "qr_svg": mark_safe(svg),  # noqa: S308
        "loopback": is_loopback(address),
        "events": selectors.recent_events(10),
    }
    return render(request, "tournaments/hall.html", context)
