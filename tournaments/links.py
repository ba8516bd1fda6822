"""The public address: the base of every printed QR code and link.

``WHIST_PUBLIC_URL`` when set (in the hall, the laptop's hall address by default), else the
address the page was asked for. A loopback base is worth a warning: no phone can open it.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings

FALLBACK = "http://127.0.0.1:8000"


def public_base(request=None) -> str:
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL
    if request is not None:
        return request.build_absolute_uri("/").rstrip("/")
    return FALLBACK


def is_loopback(base: str) -> bool:
    host = urlsplit(base).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
