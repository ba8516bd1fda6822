"""Public pages served from memory until the event's next write.

Phones in the hall refresh the same few pages; each is rendered once per event revision and
process. Only requests with no session (nobody signed in, no table entry, no pending message)
share a rendering: a leader's page has their own menu, so it is always rendered afresh.
"""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.http import HttpResponse
from django.utils import translation

from .. import selectors


def public_page(view):
    """Serve ``view`` (whose first argument is the event's slug) from the revision cache."""

    @wraps(view)
    def page(request, slug, *args, **kwargs):
        if request.method != "GET" or not _shared(request):
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
            return (response.content, dict(response.headers)), keep

        # One rendering per language: LocaleMiddleware has chosen the reader's.
        path = f"{translation.get_language()}:{request.get_full_path()}"
        kept = selectors.cached_page(slug, path, render)
        if kept is None:  # no such event: the view says so
            return view(request, slug, *args, **kwargs)
        if fresh:
            return fresh[0]
        body, headers = kept
        return HttpResponse(body, headers=headers)

    return page


def _shared(request) -> bool:
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies
