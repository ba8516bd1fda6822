"""The browser policies every answer carries, read by settings.py: the features no page uses
(Permissions-Policy, sent by ``security.PermissionsPolicyMiddleware``) and where a page's
scripts, styles and images may come from (Content-Security-Policy, sent by django-csp)."""

from __future__ import annotations

from csp.constants import NONE, SELF

# Features no page uses, refused to every page (fullscreen stays for the projector's browser).
PERMISSIONS_POLICY = (
    ", ".join(
        f"{feature}=()"
        for feature in (
            "accelerometer",
            "autoplay",
            "camera",
            "display-capture",
            "encrypted-media",
            "geolocation",
            "gyroscope",
            "hid",
            "idle-detection",
            "magnetometer",
            "microphone",
            "midi",
            "payment",
            "picture-in-picture",
            "publickey-credentials-get",
            "screen-wake-lock",
            "serial",
            "usb",
            "xr-spatial-tracking",
        )
    )
    + ", fullscreen=(self)"
)

# Every script and stylesheet is one of the app's own files, so a page runs and styles nothing
# else: no inline script, style or event handler, no other site, no plugin, no framing. The
# policy is the same on every answer (no nonce), so the hall's whole answers, rendered once for
# every reader (tournaments/shared_pages/front.py), keep it as they keep every header. The QR codes
# are inline SVG (markup, not an image): images come from the app's own files only. Django's
# admin on 5.2 has no inline script or style either, so it is not excluded.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "connect-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}


def content_security_policy(mode: str) -> dict:
    """The policy for a run mode. Off the hosted server (the hall, a laptop's demo), an open
    phone page may also read plain-HTTP addresses: the hall's standby laptop, found at whatever
    address it has on the hall's Wi-Fi (static/js/follow_hall.js). The province's HTTPS server
    has no standby: its pages read nothing but its own addresses."""
    if mode == "serve":
        return CONTENT_SECURITY_POLICY
    directives = {**CONTENT_SECURITY_POLICY["DIRECTIVES"], "connect-src": [SELF, "http:"]}
    return {**CONTENT_SECURITY_POLICY, "DIRECTIVES": directives}
