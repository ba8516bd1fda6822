"""The passwords printed in the app's instructions (the demo leader's), which no account in a
hall may keep: the accounts' checks (``services/accounts.py``) refuse them, and a restored
account that has one comes back unable to log in (``archive/secrets.py``)."""

from __future__ import annotations

from django.contrib.auth.hashers import check_password

DEMO_PASSWORD = "whist-demo"  # noqa: S105 - published on purpose: the demo's, in the README
# Every password the README prints (the demo's); its other examples are refused by Django's own
# checks already (``password``, ``PASSWORD``: common).
PUBLISHED_PASSWORDS = (DEMO_PASSWORD,)


def has_published_password(encoded: str) -> bool:
    """A password as Django stores it (a restored account's) is one printed in the README."""
    return any(check_password(p, encoded) for p in PUBLISHED_PASSWORDS)
