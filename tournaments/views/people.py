"""The event's people page: the leader adds and removes assistants and co-leaders."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from .. import permissions, selectors
from ..forms.people import RoleForm
from ..models import Event, Role
from ..rules.errors import RulesError
from ..services import people
from .access import event_page


@require_http_methods(["GET", "POST"])
@event_page(permissions.LEAD)
def people_page(request, event: Event):
    form = RoleForm(request.POST or None)
    if request.method == "POST":
        if request.POST.get("remove"):
            try:
                people.role_remove(event=event, username=request.POST["remove"], actor=request.user)
            except RulesError as error:
                messages.error(request, error.message)
            else:
                messages.success(
                    request,
                    _("%(name)s no longer helps run this event.")
                    % {"name": request.POST["remove"]},
                )
            return redirect(reverse("tournaments:people", args=[event.slug]))
        if form.is_valid():
            data = form.cleaned_data
            try:
                people.role_grant(event=event, actor=request.user, **data)
            except RulesError as error:
                form.add_error(error.field if error.field in form.fields else None, error.message)
            else:
                label = str(Role(data["role"]).label).lower()
                messages.success(
                    request,
                    _("%(name)s is now a %(role)s of %(event)s.")
                    % {"name": data["username"], "role": label, "event": event.name},
                )
                return redirect(reverse("tournaments:people", args=[event.slug]))
    context = {
        "event": event,
        "form": form,
        "roles": selectors.roles(event),
        "hall": settings.HALL,  # helpers' phones are let in on the hall laptop
    }
    return render(request, "tournaments/people.html", context)
