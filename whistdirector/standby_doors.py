"""The hall's two laptops at the door of every request (issue 39).

A laptop that is not the hall (a standby following it, or a hall a standby replaced) refuses
every write with the reason: there is one writer, always. On the hall, a write's answer goes
once the standby holds it, while a standby answers (``standby_sync.settle``), so no save the
leader was told is saved lives on the hall laptop alone; a phone's entry is answered at once,
its phone's journal holding it meanwhile (``standby_sync.journaled``).
"""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.utils.html import escape
from django.utils.translation import gettext as _

from tournaments.models import LaptopRole
from tournaments.services import standby, standby_sync

SAFE = ("GET", "HEAD", "OPTIONS", "TRACE")
# Writes a standby or a replaced hall still takes: logging in and out, the language, the
# takeover, the pairing and feed (which refuse for themselves), the practice room.
OPEN = ("/accounts/", "/i18n/", "/hall/standby/", "/standby/", "/practice/", "/admin/login/")


class StandbyDoorsMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        if request.method in SAFE:
            return self.get_response(request)
        if not request.path_info.startswith(OPEN):
            now = standby.role()
            if now.role != LaptopRole.HALL:
                return refused(request, now)
        standby_sync.begin()
        response = self.get_response(request)
        standby_sync.settle()
        return response


def refused(request, now: LaptopRole):
    if now.role == LaptopRole.REPLACED:
        message = standby.replaced_words(now)
    else:
        message = _(
            "This laptop is the hall's standby: it follows the hall at %(hall)s and takes no "
            "writes until a leader takes over on its Two laptops page."
        ) % {"hall": now.hall}
    wants_json = "json" in request.headers.get("Accept", "") or request.content_type == (
        "application/json"
    )
    if wants_json or request.path_info.startswith("/enter/"):
        return JsonResponse({"error": message, "replaced_by": now.hall or None}, status=409)
    return HttpResponse(f"<!doctype html><title>409</title><p>{escape(message)}</p>", status=409)
