"""The hall's device codes: the leader lets a helper's phone into the leader's pages
(``whistdirector.hall_doors`` says why), and the phone types the code it was given."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from ..permissions import from_this_computer
from ..rules.errors import RulesError
from ..services import devices

DEVICE_COOKIE = "whist_device"
DEVICE_SALT = "whist-hall-device"
SESSION_KEY = "hall_device"  # the session's own device, so a copied cookie opens nothing
WRONG_CODES = 10  # wrong codes one address may type in a quarter of an hour
WRONG_CODES_SECONDS = 15 * 60


class CodeForm(forms.Form):
    code = forms.CharField(label=gettext_lazy("Device code"), max_length=20)


def _hall_only() -> None:
    if not settings.HALL:
        raise Http404  # hosted servers and the demo have no device codes


@require_http_methods(["GET", "POST"])
def hall_admit(request):
    """A phone types the leader's code; once admitted it goes on to the login form."""
    _hall_only()
    if request.method == "GET":
        return closed_page(request, status=200)
    tries_key = f"hall-device-tries:{request.META.get('REMOTE_ADDR', '')}"
    form = CodeForm(request.POST)
    if cache.get(tries_key, 0) >= WRONG_CODES:
        form.add_error(None, _("Too many wrong codes from this device: wait 15 minutes."))
    elif form.is_valid():
        label = request.META.get("HTTP_USER_AGENT", "")
        try:
            device = devices.admit(code=form.cleaned_data["code"], label=label)
        except RulesError as error:
            cache.set(tries_key, cache.get(tries_key, 0) + 1, WRONG_CODES_SECONDS)
            form.add_error("code", error.message)
        else:
            goal = request.POST.get("next", "")
            if not url_has_allowed_host_and_scheme(goal, {request.get_host()}):
                goal = "/"
            response = redirect(f"{reverse('login')}?next={goal}")
            response.set_signed_cookie(
                DEVICE_COOKIE,
                device.token,
                salt=DEVICE_SALT,
                max_age=devices.ADMITTED_HOURS * 3600,
                httponly=True,
                samesite="Lax",
            )
            return response
    context = {"form": form, "next": request.POST.get("next", "")}
    return render(request, "tournaments/hall_closed.html", context, status=400)


@require_http_methods(["GET", "POST"])
def hall_devices(request):
    """The laptop's page of device codes and admitted devices."""
    _hall_only()
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not devices.may_admit(request.user):
        raise PermissionDenied(_("Only a leader may let devices in."))
    if not from_this_computer(request):
        raise PermissionDenied(_("Devices are let in from the hall laptop only."))
    if request.method == "POST":
        if request.POST.get("remove", "").isdigit():
            devices.remove(actor=request.user, device_id=int(request.POST["remove"]))
            messages.success(request, _("That device no longer opens the leader's pages."))
        else:
            devices.code_issue(actor=request.user)
        return redirect(reverse("tournaments:hall_devices"))
    admitted, codes = devices.listing()
    context = {"admitted": admitted, "codes": codes, "minutes": devices.CODE_MINUTES}
    return render(request, "tournaments/hall_devices.html", context)


def device_token(request) -> str | None:
    """The admitted device's token, from its signed cookie (None when it has none)."""
    return request.get_signed_cookie(
        DEVICE_COOKIE, default=None, salt=DEVICE_SALT, max_age=devices.ADMITTED_HOURS * 3600
    )


def closed_page(request, status: int = 403):
    """Where the leader's pages open, and the form for a device code (no login form)."""
    return render(request, "tournaments/hall_closed.html", {"next": request.path}, status=status)
