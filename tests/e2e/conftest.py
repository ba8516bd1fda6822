"""Browser tests: pytest-playwright driving Debian's Chromium against Django's live server."""

from __future__ import annotations

import os

import pytest

# Playwright's sync API runs an event loop in this thread; Django must still allow the ORM.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("WHIST_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
        "headless": True,
    }


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


def policy_violation(message) -> str | None:
    """The browser's console line for a Content-Security-Policy violation ("Refused to execute
    inline script because it violates the following Content Security Policy directive ..."),
    or None for any other line."""
    text = message.text
    if "Content Security Policy" in text or "Content-Security-Policy" in text:
        return f"{message.location.get('url', '')}: {text}"
    return None


def watch(context, violations: list[str]) -> None:
    """Collect every policy violation any page of ``context`` reports in its console."""

    def heard(message) -> None:
        found = policy_violation(message)
        if found:
            violations.append(found)

    context.on("console", heard)


@pytest.fixture(autouse=True)
def no_policy_violations(request, monkeypatch):
    """Every browser test, whatever it clicks, ends with no Content-Security-Policy violation
    in any page's console: every context a test opens (pytest-playwright's or its own) is
    watched from its first page."""
    browser = request.getfixturevalue("browser")
    violations: list[str] = []
    opened = browser.new_context

    def new_context(*args, **kwargs):
        context = opened(*args, **kwargs)
        watch(context, violations)
        return context

    monkeypatch.setattr(browser, "new_context", new_context)
    yield violations
    assert violations == [], "\n".join(violations)
