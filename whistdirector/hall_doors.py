"""The leader's pages in the hall answer on the laptop itself, and on the phones a leader let in.

The hall's Wi-Fi is plain HTTP: a password typed on a phone and the session cookie it earns
cross the air in clear. So in the hall (``settings.HALL``), a request from another device that
the leader has not admitted (``services.devices``) reaches no login form, no admin page and no
leader page: those answer with a page saying where they open and how to let this device in.
A login made on an admitted phone is bound to that device, so its session cookie alone opens
nothing elsewhere. The laptop (a loopback address) and hosted servers are as before.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AnonymousUser

from tournaments.permissions import from_this_computer
from tournaments.services import devices
from tournaments.views.devices import SESSION_KEY, closed_page, device_token

CLOSED_PREFIXES = ("/accounts/", "/admin/")  # the login form, password change, the admin


class HallDoorsMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        request.hall_device = None
        if not settings.HALL or from_this_computer(request):
            return self.get_response(request)
        device = devices.admitted(device_token(request))
        request.hall_device = device
        if device is None or request.session.get(SESSION_KEY) != device.token:
            # A session cookie copied to another device, or one from before the device was
            # removed: that request is nobody's.
            request.user = AnonymousUser()
        if device is None and request.path_info.startswith(CLOSED_PREFIXES):
            return closed_page(request)
        response = self.get_response(request)
        bound = request.session.get(SESSION_KEY) if device is not None else None
        if device is not None and bound != device.token and request.user.is_authenticated:
            request.session[SESSION_KEY] = device.token  # the login just made on this device
        return response
