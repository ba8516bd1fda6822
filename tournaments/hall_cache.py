"""Whole answers for the hall's phones, served in front of Django.

A full hall asks for the same public pages hundreds of times a second. Django's middleware,
session and language machinery cost more than handing back a page already rendered, so this
WSGI layer keeps the final answer (status, headers and body, exactly as Django sent them) of
every public page Django marked as shared (``mark``), and hands it back while the event's
revision is unchanged. It is the reverse-proxy cache a hall laptop does not have.

An answer is reused only for a request that Django would answer the same way: a GET with the
same address, host, scheme, language preferences and encoding, and no cookie other than the
language choice and the CSRF token (anything else, a leader's session above all, goes to
Django). The revision is the one the page cache reads (at most once a second per process,
at once after this process's own writes), so no phone is served an older page than Django
would serve it.
"""

from __future__ import annotations

import threading
from http.cookies import SimpleCookie

from django.conf import settings

from . import selectors

_ALLOWED_COOKIES = {"csrftoken"}
_MOST_ANSWERS = 4000  # per event: every table page in two languages and two encodings

# slug -> (revision key, {request key: (status, headers, body)})
_answers: dict[str, tuple[tuple, dict[tuple, tuple[str, list, bytes]]]] = {}
_lock = threading.Lock()


def mark(response, slug: str, revision: tuple) -> None:
    """Let the hall cache keep ``response`` for ``slug`` at ``revision`` (read before the page
    was built, so a kept answer is never older than its key)."""
    response.hall_cache = (slug, revision)


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
        marked = getattr(result, "hall_cache", None)
        if key is None or marked is None or "status" not in sent:
            return result
        try:
            body = b"".join(result)
        finally:
            result.close()  # Django's request_finished: connections and the like
        _keep(key, marked, sent["status"], sent["headers"], body)
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


def _kept(key: tuple) -> tuple | None:
    slug = _slug(key)
    kept = _answers.get(slug) if slug else None
    if kept is None:
        return None
    try:
        revision = selectors.revision_key(slug)
    except Exception:  # noqa: BLE001 - the database's trouble is Django's to report
        return None
    if revision != kept[0]:
        return None
    return kept[1].get(key)


def _keep(key: tuple, marked: tuple, status: str, headers: list, body: bytes) -> None:
    slug, revision = marked
    if revision is None or _slug(key) != slug or any(n.lower() == "set-cookie" for n, _ in headers):
        return
    with _lock:
        if len(_answers) > 32 and slug not in _answers:
            _answers.clear()
        kept = _answers.get(slug)
        if kept is None or kept[0] != revision:
            if selectors.revision_key(slug) != revision:
                return  # the event changed while this page was built: do not keep it
            kept = _answers[slug] = (revision, {})
        if len(kept[1]) < _MOST_ANSWERS:
            kept[1][key] = (status, list(headers), body)


def forget() -> None:
    """Drop every kept answer (tests: each starts with none)."""
    with _lock:
        _answers.clear()
