"""Pages for requests the server refuses before any view runs."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.defaults import bad_request as django_bad_request


def bad_request(request, exception, template_name="400.html"):
    """A paste or form far larger than any registration file gets a message, not a bare 400."""
    if isinstance(exception, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 1024 / 1024  # the page formats it (2,5 Mo)
        back = request.META.get("HTTP_REFERER", "")
        if not url_has_allowed_host_and_scheme(back, {request.get_host()}):
            back = ""
        context = {"limit_mb": limit, "back": back}
        return render(request, "tournaments/too_large.html", context, status=400)
    return django_bad_request(request, exception, template_name)
