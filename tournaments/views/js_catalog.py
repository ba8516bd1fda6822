"""The pages' words for their scripts (Django's JavaScript catalog), written once per language.

Every page with a script asks for it, and the hand grid waits for it before its cursor is in
the first row: Django builds it again on each request (it reads the whole catalog), which took
from 5 to 300 ms on a busy hall laptop. The catalog only changes with a new installation, so
each server keeps each language's text (``snapshot.catalog``); browsers keep it a few
minutes (the language is chosen by a cookie or the browser's language, hence the ``Vary``)."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import require_safe
from django.views.i18n import JavaScriptCatalog

from ..snapshot.catalog import scripts_words

_build = JavaScriptCatalog.as_view(packages=["tournaments"])


@require_safe
def js_catalog(request):
    def write() -> tuple[bytes, str]:
        built = _build(request)
        return built.content, built["Content-Type"]

    content, kind = scripts_words(get_language(), write)
    response = HttpResponse(content, content_type=kind)
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    patch_cache_control(response, private=True, max_age=300)
    return response
