"""Set-up → Publishing, for the event's leaders: on the hall's laptop, where the event is
published (address and key) and how far it got; on the province's server, the keys that let
a hall publish the event (a new key is shown once, as text and as a QR code), the hall it
follows and its last publications."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from .. import permissions
from ..models import Event
from ..publishing import target as publish_target
from ..publishing.status import publish_status
from ..rules.errors import RulesError
from ..selectors.publishing import publishing_view
from ..services.publishing_keys import copy_release, key_issue, key_revoke
from .access import event_page


@event_page(permissions.LEAD)
def publishing_page(request, event: Event):
    issued = None
    if request.method == "POST":
        try:
            issued = _act(request, event)
        except RulesError as error:
            messages.error(request, error.message)
        if issued is None:
            return redirect("tournaments:publishing", event.slug)
    found = publishing_view(event)
    context = {
        "event": event,
        "view": found,
        "status": publish_status(event, found.target) if found.target else None,
        "issued": issued,
        # The SVG holds only the code's squares, never the key as text: safe to mark so.
        "issued_qr": mark_safe(  # noqa: S308
            segno.make(issued, error="m").svg_inline(scale=6, border=4, omitsize=True)
        )
        if issued
        else "",
    }
    return render(request, "tournaments/publishing.html", context)


def _act(request, event: Event) -> str | None:
    """Do what the form asked; the new key when one was issued (shown on this answer only)."""
    post = request.POST
    if "issue" in post:
        return key_issue(event=event, actor=request.user)[1]
    if "revoke" in post:
        key_revoke(event=event, key_id=_number(post["revoke"]), actor=request.user)
        messages.success(request, _("The key is revoked: its hall can no longer publish here."))
    elif "release" in post:
        copy_release(event=event, actor=request.user)
        messages.success(request, _("This event follows no hall now."))
    elif "publish" in post:
        publish_target.target_set(event, post.get("url", ""), post.get("key", ""))
        messages.success(request, _("Publishing: every change goes to the province from now on."))
    elif "stop" in post:
        publish_target.target_remove(event)
        messages.success(request, _("Not published any more."))
    return None


def _number(text: str) -> int:
    return int(text) if text.isdigit() and len(text) < 10 else 0
