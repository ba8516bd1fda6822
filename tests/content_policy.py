"""The Content-Security-Policy every answer carries (whistdirector/settings.py), as the tests of
both servers and the browser read it: directive by directive."""

from __future__ import annotations

POLICY = {
    "default-src": "'self'",
    "connect-src": "'self' http:",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
# The province's HTTPS server (make serve): its pages read only its own addresses, having no
# standby laptop to ask.
HOSTED_POLICY = {**POLICY, "connect-src": "'self'"}


def directives(header: str | None) -> dict[str, str]:
    """A Content-Security-Policy header's directives (empty when there is none)."""
    parts = (part.strip() for part in (header or "").split(";"))
    return dict(part.split(" ", 1) for part in parts if part)
