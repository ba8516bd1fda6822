"""The hall page for the projector: the address phones open, as text and as a QR code."""

from __future__ import annotations

import segno
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from ..links import is_loopback, public_base


@require_GET
def hall_page(request):
    address = public_base(request)
    # segno writes the SVG itself from the address alone: nothing a visitor typed reaches it.
    qr_svg = segno.make(address, error="m").svg_inline(scale=10, border=2, dark="#000")
    context = {"address": address, "qr_svg": mark_safe(qr_svg), "loopback": is_loopback(address)}  # noqa: S308
    return render(request, "tournaments/hall.html", context)
