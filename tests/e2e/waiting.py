"""Waiting for the page to reach a state, under the Content-Security-Policy.

Playwright's ``page.wait_for_function`` runs its predicate through the page's own ``eval()``,
which the policy refuses (no 'unsafe-eval'); ``page.evaluate`` is the browser's debugging
channel, which no page policy governs. So the predicate is evaluated that way, again and again.
"""

from __future__ import annotations

import time

POLL_MS = 50


def wait_until(page, expression: str, timeout: float = 30.0):
    """The value of ``expression`` in ``page`` once it is truthy; TimeoutError after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout} s: {expression}")
        page.wait_for_timeout(POLL_MS)
