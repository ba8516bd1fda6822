"""Public pages rendered once per event revision for every process.

Phones in the hall refresh the same few pages; each is rendered once per revision, language and
address, and kept by ``store`` (so a host's workers, or a province's hosts, share one
rendering). Only requests with no session (nobody signed in, no table entry, no pending message)
share a rendering: a leader's page has their own menu, so it is always rendered afresh.

A kept page is also kept gzipped, compressed once, for the phones that ask for it (every
browser does): a hall's Wi-Fi carries a sixth of the bytes, and the server spends less time
sending them. These pages hold no secret and no token, so compression reveals nothing.

Files and encoded answers that do not depend on who asks (a season's CSV, the open-data JSON)
are kept the same way, per revision (``cached_answer``).
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from django.conf import settings
from django.http import Http404, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_safe

from ..cache import store
from ..snapshot import derived
from . import front

T = TypeVar("T")


def public_page(view=None, *, scope: str = "revision", current=store.current, also=None):
    """Serve ``view`` (whose first argument is the event's slug) once per revision; with
    ``scope="setup"`` once per setup revision, for a page saved hands do not change.
    ``current(slug)`` gives the revision it is kept under (a season's: ``snapshot.seasons``).
    ``also(slug)``, when given and not None, is what else the page depends on: read for every
    request, it is part of the kept page's name, and the front reads it again before handing
    the page back."""
    if view is None:
        return lambda view: public_page(view, scope=scope, current=current, also=also)
    check = f"{also.__module__}.{also.__qualname__}" if also is not None else ""
    if also is not None:
        front.check(check, also)

    @wraps(view)
    def page(request, slug, *args, **kwargs):
        if request.method != "GET" or not shared(request):
            return view(request, slug, *args, **kwargs)
        now = current(slug)  # before the page: never older than its key
        if now is None:
            raise Http404  # the view would say so; nothing to keep
        extra = also(slug) if also is not None else None
        fresh = []

        def render():
            response = view(request, slug, *args, **kwargs)
            fresh.append(response)
            return response

        # One rendering per language: LocaleMiddleware has chosen the reader's.
        name = f"page:{translation.get_language()}:{request.get_full_path()}"
        if extra is not None:
            name += f":also:{extra}"
        kept, current_now = store.value_or_previous(
            now, scope, name, lambda: _kept(request, render()), keepable=bool
        )
        if kept is None:  # a page for this reader only (a form, a cookie), or an error
            return fresh[0] if fresh else view(request, slug, *args, **kwargs)
        body, packed, headers = kept
        response = compressed_response(request, body, packed, headers=headers)
        if current_now:  # a page of the previous revision is not kept as this one's
            front.mark(response, now, scope, (check, extra) if extra is not None else None)
        return response

    return page


def public_event_page(view=None, *, scope: str = "revision", also=None):
    """An event's page anyone may read: ``view(request, event, ...)`` is given the event its
    slug names (``snapshot.page_event``), answers GET and HEAD only, and is served as
    ``public_page`` serves a page (``scope`` and ``also`` as there)."""
    if view is None:
        return lambda view: public_event_page(view, scope=scope, also=also)

    @wraps(view)
    def page(request, slug, *args, **kwargs):
        return view(request, derived.page_event(slug), *args, **kwargs)

    return public_page(require_safe(page), scope=scope, also=also)


def _kept(request, response) -> tuple[bytes, bytes, dict] | None:
    """What is kept of a page anyone may be given, or None for one that is not (an error, a
    cookie, a form whose CSRF token is this reader's)."""
    if (
        response.status_code != 200
        or response.streaming
        or response.cookies
        or request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
    ):
        return None
    return response.content, gzipped(response.content), dict(response.headers)


def public_json(request, slug: str, name: str, build, *, scope: str = "revision"):
    """The JSON ``build(event)`` gives, encoded and gzipped once per revision (``scope``)."""
    now = store.current(slug)  # before the value: never older than its key
    if now is None:
        raise Http404

    def encoded() -> tuple[bytes, bytes]:
        body = json.dumps(build(derived.page_event(slug))).encode()
        return body, gzipped(body)

    (body, packed), current_now = store.value_or_previous(now, scope, f"encoded:{name}", encoded)
    response = compressed_response(request, body, packed, content_type="application/json")
    if current_now:  # the previous revision's, served while this one's is built: not kept
        front.mark(response, now, scope)
    return response


def cached_answer(now: store.Current, name: str, build: Callable[[], T]) -> T:
    """What ``build()`` gives, built once per revision ``now`` (an event's, a season's or every
    season's, as the read model gives it) for every process: a file or an encoded answer that
    does not depend on who asks."""
    return store.value(now, "revision", name, build)


_ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def gzipped(body: bytes) -> bytes:
    """``body`` gzipped (the same bytes for the same body: no time stamp in the header)."""
    return gzip.compress(body, compresslevel=5, mtime=0)


def compressed_response(request, body: bytes, packed: bytes, **kwargs) -> HttpResponse:
    """``packed`` (``body`` gzipped) for a reader whose browser accepts gzip, else ``body``."""
    if _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
        response = HttpResponse(packed, **kwargs)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(body, **kwargs)
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def shared(request) -> bool:
    """True for a reader who may share a rendering: nobody signed in, no message waiting."""
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies
