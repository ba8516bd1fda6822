"""Whole answers for the hall's phones, served in front of Django.

A full hall asks for the same public pages hundreds of times a second. Django's middleware,
session and language machinery cost more than handing back a page already rendered, so this
WSGI layer keeps the final answer (status, headers and body, exactly as Django sent them) of
every public page Django marked as shared (``mark``), and hands it back while the event's
revision is unchanged. It is the reverse-proxy cache a hall laptop does not have. Answers are
kept by ``store`` like every derived value, so every process of an installation shares them.

An answer is reused only for a request that Django would answer the same way: a GET with the
same address, host, scheme, language preferences and encoding, and no cookie other than the
language choice and the CSRF token (anything else, a leader's session above all, goes to
Django).
"""

from __future__ import annotations

from collections.abc import Callable
from http.cookies import SimpleCookie

from django.conf import settings

from ..cache import store

_ALLOWED_COOKIES = {"csrftoken"}
# What a page depends on beyond its event's revision, by name (``public_page``'s ``also``): a
# kept answer naming one is handed back only while it still reads the same.
_CHECKS: dict[str, Callable[[str], str | None]] = {}


def check(name: str, read: Callable[[str], str | None]) -> None:
    """``read(slug)`` is what pages marked with ``name`` also depend on."""
    _CHECKS[name] = read


def mark(response, now: store.Current, scope: str, also: tuple[str, str] | None = None) -> None:
    """Let the hall front keep ``response`` for the event at ``now`` (read before the page
    was built, so a kept answer is never older than its key); ``scope`` as ``store.value``;
    ``also``: (a ``check``'s name, what it read before the page was built)."""
    response.hall_answer = (now, scope, also)


class HallCache:
    """WSGI middleware around Django's application."""

    def __init__(self, application) -> None:
        self.application = application

    def __call__(self, environ, start_response):
        key = _request_key(environ)
        if key is not None:
            answer = _kept(key)
            if answer is not None:
                status, headers, body = answer
                start_response(status, headers)
                return [body]
        sent = {}

        def remember(status, headers, exc_info=None):
            sent["status"], sent["headers"] = status, headers
            return start_response(status, headers, exc_info)

        result = self.application(environ, remember)
        marked = getattr(result, "hall_answer", None)
        if key is None or marked is None or "status" not in sent:
            return result
        try:
            body = b"".join(result)
        finally:
            result.close()  # Django's request_finished: connections and the like
        if not any(name.lower() == "set-cookie" for name, _ in sent["headers"]):
            now, scope, also = marked
            if _slug(key) == now.slug:
                answer = (sent["status"], list(sent["headers"]), body, also)
                store.keep(now, scope, _name(key), answer)
        return [body]


def _request_key(environ) -> tuple | None:
    """What Django's answer to a public GET depends on, or None for requests never shared."""
    if environ.get("REQUEST_METHOD") != "GET":
        return None
    language = ""
    raw = environ.get("HTTP_COOKIE", "")
    if raw:
        try:
            cookies = SimpleCookie(raw)
        except Exception:  # noqa: BLE001 - an unreadable cookie goes to Django
            return None
        names = set(cookies)
        if names - _ALLOWED_COOKIES - {settings.LANGUAGE_COOKIE_NAME}:
            return None
        if settings.LANGUAGE_COOKIE_NAME in cookies:
            language = cookies[settings.LANGUAGE_COOKIE_NAME].value
    return (
        environ.get("PATH_INFO", ""),
        environ.get("QUERY_STRING", ""),
        environ.get("HTTP_HOST", ""),
        environ.get("wsgi.url_scheme", ""),
        environ.get("HTTP_ACCEPT_LANGUAGE", ""),
        language,
        "gzip" in environ.get("HTTP_ACCEPT_ENCODING", ""),
    )


def _slug(key: tuple) -> str | None:
    """The event's short name in a public address: /events/<slug>/..."""
    parts = key[0].split("/")
    return parts[2] if len(parts) > 3 and parts[1] == "events" else None


def _name(key: tuple) -> str:
    return "answer:" + repr(key)


def _kept(key: tuple) -> tuple | None:
    slug = _slug(key)
    if slug is None:
        return None
    try:
        now = store.current(slug)
    except Exception:  # noqa: BLE001 - the database's trouble is Django's to report
        return None
    if now is None:
        return None
    name = _name(key)
    for shared in (False, True):  # this process's memory first, for either scope
        for scope in ("revision", "setup"):
            found = store.kept(now, scope, name, shared=shared)
            if found is not None:
                return found[:3] if _still(slug, found[3:]) else None
    return None


def _still(slug: str, also: tuple) -> bool:
    """True when what the answer also depends on (if anything) still reads as it did."""
    if not also or also[0] is None:
        return True
    name, value = also[0]
    read = _CHECKS.get(name)  # none yet: Django has not loaded the page's view in this process
    try:
        return read is not None and read(slug) == value
    except Exception:  # noqa: BLE001 - the database's trouble is Django's to report
        return False
