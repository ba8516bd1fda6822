"""The hall's standby laptop (issue 39): ``/standby.json`` (what this laptop is, for the other
laptop and the phones), the pairing and the feed the standby follows, and the leader's
"Two laptops" page (the status, a pairing code, and on the standby "Take over the hall")."""

from __future__ import annotations

import json
import time
from urllib.parse import urlsplit

from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from ..links import public_base
from ..models import LaptopRole
from ..rules.errors import RulesError
from ..selectors import standby as standby_reads
from ..services import standby, standby_received, standby_sent, standby_sync

LONGEST_WAIT = 25.0  # seconds the feed holds a standby's ask open when nothing changes
LOOK = 0.5  # seconds between looks at the revisions (a write of another process)


@never_cache
def standby_json(request):
    now = standby.role()
    peer = standby.paired()
    here = public_base(request)
    answer = {
        "role": now.role,
        "hall": here if now.role == LaptopRole.HALL else (now.hall or None),
        "standby": peer.origin if peer and now.role == LaptopRole.HALL else None,
        "since": now.since.isoformat() if now.since else None,
        # Where a standby asks for the changes (a door of its own), when this laptop has one.
        "feed": _feed(here),
    }
    response = JsonResponse(answer)
    response["Access-Control-Allow-Origin"] = "*"
    return response


def _feed(here: str) -> str | None:
    port = standby_sync.FEED["port"]
    if port is None:
        return None
    parts = urlsplit(here)
    return f"{parts.scheme}://{parts.hostname}:{port}"


def _body(request) -> dict:
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        body = None
    return body if isinstance(body, dict) else {}


@csrf_exempt
@require_POST
def pair(request):
    """A standby exchanges the leader's pairing code for its key (once)."""
    body = _body(request)
    try:
        key = standby.exchange_code(
            code=str(body.get("code", ""))[:20],
            name=str(body.get("name", ""))[:100],
            origin=str(body.get("origin", ""))[:300],
        )
    except RulesError as error:
        return JsonResponse({"error": error.message, "field": error.field}, status=403)
    _announce_everywhere()
    return JsonResponse({"key": key, "hall": public_base(request)})


def _announce_everywhere() -> None:
    """Every event's hall.json names the standby from now on (a change like any other)."""
    for event in standby_reads.events():
        standby.announce(event)


def _held(body: dict) -> dict[str, int] | None:
    held = body.get("held", {})
    if not isinstance(held, dict) or not all(
        isinstance(k, str) and type(v) is int and v >= 0 for k, v in held.items()
    ):
        return None
    return held


@csrf_exempt
@require_POST
def changes(request):
    """The standby's long poll: what it holds in, every change since then out, as soon as
    there is one (at most ``LONGEST_WAIT`` later); a wrong key changes nothing."""
    key = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if standby.standby_for(key) is None or standby.role().role != LaptopRole.HALL:
        return JsonResponse({"error": _("This standby key is not valid here.")}, status=403)
    body = _body(request)
    held = _held(body)
    if held is None:
        return JsonResponse({"error": _("The standby's revisions are damaged.")}, status=400)
    try:
        wait = min(max(float(body.get("wait", LONGEST_WAIT) or 0), 0), LONGEST_WAIT)
    except (TypeError, ValueError):
        wait = LONGEST_WAIT
    standby_sync.asked(held)
    standby_sync.polling(True)
    try:
        deadline = time.monotonic() + wait
        seen = standby_sync.commits()
        while True:
            moved = standby_reads.events_moved(held)
            accounts = standby_reads.staff_accounts()  # a password changed goes at once too
            changed = standby_sent.accounts_moved(accounts)
            if moved or changed or (left := deadline - time.monotonic()) <= 0:
                break
            standby_sync.wait_for_change(min(LOOK, left), seen)
            seen = standby_sync.commits()
        if moved:  # phones' saves come in bursts: one round carries a burst
            standby_sync.gather()
    finally:
        standby_sync.polling(False)
    rows = body.get("rows") is True  # a standby that lays changed results over its own
    found = [standby_sent.answer(event, base, rows=rows) for event, base in moved]
    standby_sent.accounts_sent(accounts)
    return JsonResponse({"changes": found, "accounts": accounts, "accounts_changed": changed})


def status_words() -> str:
    """The leader's line: "Standby: <name>, <address>, 0.3 s behind" and the like."""
    now = standby.role()
    if now.role == LaptopRole.STANDBY:
        return _("This laptop is the standby of the hall at %(hall)s.") % {"hall": now.hall}
    if now.role == LaptopRole.REPLACED:
        return standby.replaced_words(now)
    peer = standby.paired()
    if peer is None:
        return _("No standby")
    state = standby_sync.status()
    if not state["answering"]:
        if state["seen"] is None:
            return _("Standby %(name)s (%(address)s) has not asked yet") % {
                "name": peer.name,
                "address": peer.origin,
            }
        lost = timezone.localtime(timezone.now() - timezone.timedelta(seconds=state["seen"]))
        return _("Standby not answering since %(time)s") % {"time": time_format(lost, "H:i")}
    behind = state["behind"] or 0.0
    return _("Standby: %(name)s, %(address)s, %(behind)s s behind") % {
        "name": peer.name,
        "address": peer.origin,
        "behind": f"{behind:.1f}",
    }


@login_required
def standby_page(request):
    """The leader's "Two laptops" page: the status, a pairing code, the takeover."""
    code = None
    error = None
    if request.method == "POST":
        try:
            if request.POST.get("action") == "code":
                code = standby.issue_code(actor=request.user)
            elif request.POST.get("action") == "takeover":
                if request.POST.get("confirm") != "yes":
                    raise RulesError(_("Tick the box to confirm the takeover."))
                if not request.user.is_staff:
                    raise RulesError(_("Only the leader takes over the hall."))
                standby_received.take_over(actor=request.user)
                return redirect("tournaments:standby")
        except RulesError as problem:
            error = problem.message
    context = {
        "role": standby.role(),
        "status": status_words(),
        "code": code,
        "error": error,
        "life": int(standby.CODE_LIFE.total_seconds() // 60),
    }
    return render(request, "tournaments/standby.html", context)
