"""Who may open the leader's pages: anonymous visitors are sent to log in, others need a role."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from .. import permissions, selectors


def event_page(action: str):
    """Decorate ``view(request, event, ...)``: look the event up and check ``action``."""

    def decorate(view):
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            event = selectors.event_by_slug(slug)
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not permissions.allowed(request.user, event, action):
                refusal = (
                    _("Only a leader of %(event)s may open this page.")
                    if action == permissions.LEAD
                    else _("Only the leaders and assistants of %(event)s may open this page.")
                )
                raise PermissionDenied(refusal % {"event": event.name})
            return view(request, event, *args, **kwargs)

        return wrapper

    return decorate
