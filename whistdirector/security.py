"""The Permissions-Policy header: no page of the app uses a camera, a microphone, the phone's
location or any other powerful browser feature, so every answer says none may, and a script
that slipped into a page could not reach them either. (Django's SecurityMiddleware sends the
other security headers; it has no setting for this one.)"""

from __future__ import annotations

from django.conf import settings


class PermissionsPolicyMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response
