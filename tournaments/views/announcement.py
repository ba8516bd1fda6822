"""The leader's announcement to the room: one line, shown on every screen of the hall until
cleared, and the hand clock (services/announcement.py). The forms sit on the event home and
on ``/hall/``."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import permissions
from ..models import Event
from ..rules.errors import RulesError
from ..services.announcement import announcement_set, hand_clock_set
from .access import event_page


@require_POST
@event_page(permissions.ENTER)
def announcement(request, event: Event):
    """Show the typed line (or clear it, with the Clear button) and go back to the page the
    form was on."""
    text = "" if "clear" in request.POST else request.POST.get("announcement", "")
    try:
        shown = announcement_set(event=event, text=text, actor=request.user)
    except RulesError as error:
        messages.error(request, _("Announcement not shown: %(why)s") % {"why": error.message})
    else:
        if shown:
            messages.success(
                request, _("Shown on every screen of the hall: %(text)s") % {"text": shown}
            )
        else:
            messages.success(request, _("The announcement is cleared from every screen."))
    return _back(request, event)


@require_POST
@event_page(permissions.ENTER)
def hand_clock(request, event: Event):
    """Start the hand clock for the minutes typed, or stop it (the Stop button)."""
    minutes = "" if "stop" in request.POST else request.POST.get("minutes", "")
    try:
        ends = hand_clock_set(event=event, minutes=minutes, actor=request.user)
    except RulesError as error:
        messages.error(request, _("Hand clock not started: %(why)s") % {"why": error.message})
    else:
        if ends:
            text = _("The hand clock runs on every screen: %(minutes)s min.")
            messages.success(request, text % {"minutes": int(minutes)})
        else:
            messages.success(request, _("The hand clock is stopped."))
    return _back(request, event)


def _back(request, event: Event):
    """The page the form was on (an address of this site only), else the event home."""
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = reverse("tournaments:event", args=[event.slug])
    return redirect(back)
