"""Public pages served from memory until the event's next write.

Phones in the hall refresh the same few pages; each is rendered once per event revision and
process. Only requests with no session (nobody signed in, no table entry, no pending message)
share a rendering: a leader's page has their own menu, so it is always rendered afresh.

A kept page is also kept gzipped, compressed once, for the phones that ask for it (every
browser does): a hall's Wi-Fi carries a sixth of the bytes, and the server spends less time
sending them. These pages hold no secret and no token, so compression reveals nothing.
"""

from __future__ import annotations

import gzip
import re
from functools import wraps

from django.conf import settings
from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers

from .. import hall_cache, selectors


def public_page(view):
    """Serve ``view`` (whose first argument is the event's slug) from the revision cache."""

    @wraps(view)
    def page(request, slug, *args, **kwargs):
        if request.method != "GET" or not shared(request):
            return view(request, slug, *args, **kwargs)
        fresh = []

        def render():
            response = view(request, slug, *args, **kwargs)
            fresh.append(response)
            keep = (
                response.status_code == 200
                and not response.streaming
                and not response.cookies
                and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")  # a form: per person
            )
            if not keep:
                return None, False
            return (response.content, gzipped(response.content), dict(response.headers)), True

        # One rendering per language: LocaleMiddleware has chosen the reader's.
        path = f"{translation.get_language()}:{request.get_full_path()}"
        revision = selectors.revision_key(slug)  # before the page: never older than its key
        kept = selectors.cached_page(slug, path, render)
        if kept is None:
            # No such event (the view says so), or a page for this reader only.
            return fresh[0] if fresh else view(request, slug, *args, **kwargs)
        body, packed, headers = kept
        response = compressed_response(request, body, packed, headers=headers)
        hall_cache.mark(response, slug, revision)
        return response

    return page


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
