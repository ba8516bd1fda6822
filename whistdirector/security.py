"""What every answer is kept from: debug pages reaching another device, and powerful browser
features.

The Permissions-Policy header: no page of the app uses a camera, a microphone, the phone's
location or any other powerful browser feature, so every answer says none may, and a script
that slipped into a page could not reach them either. (Django's SecurityMiddleware sends the
other security headers; it has no setting for this one.)"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseForbidden
from django.utils.translation import gettext as _

from tournaments.permissions import from_this_computer


class DebugForThisComputerMiddleware:
    """With debug on (the demo, ``make run``), only this computer is answered: a debug page
    shows the code and settings, and the demo's login is published. (``demo`` listens on
    loopback only too; this holds when something else serves the app.)"""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        if settings.DEBUG and not from_this_computer(request):
            return HttpResponseForbidden(
                _("The demo answers this computer only: start the hall to serve other devices."),
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)


class PermissionsPolicyMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response
