"""Closing a session or a day: the verifiers' counts, the reconciliation and the close."""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Max, Min
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from .. import permissions, selectors, snapshot
from ..forms.closing import CountsForm
from ..models import DayClose, Event, Hand
from ..rules.errors import RulesError
from ..services import closed_days, closing
from ..services import counts as counts_service
from .access import event_page


def _parts(event: Event) -> list[dict]:
    """Every session and day of the event with its hands and whether it is closed."""
    closes = selectors.closed_days(event)
    rows = (
        Hand.objects.filter(event=event)
        .values("day", "session")
        .annotate(first=Min("number"), last=Max("number"))
        .order_by("day", "session")
    )
    parts, days = [], {}
    for row in rows:
        days.setdefault(row["day"], []).append(row)
    for day, sessions in days.items():
        if len(sessions) > 1:
            for s in sessions:  # a closed day closes its sessions
                own = closes.get((day, s["session"]))
                parts.append({**s, "close": own, "with_day": None if own else closes.get((day, 0))})
        parts.append(
            {
                "day": day,
                "session": 0,
                "first": sessions[0]["first"],
                "last": sessions[-1]["last"],
                "close": closes.get((day, 0)),
            }
        )
    return parts


@require_http_methods(["GET"])
@event_page(permissions.ENTER)
def close_list(request, event: Event):
    context = {"event": event, "parts": _parts(event), "played": snapshot.hands_played(event)}
    return render(request, "tournaments/close_list.html", context)


def _rows(
    event: Event, day: int, up_to: int, form: CountsForm, counts: dict | None, summary: dict
) -> list:
    """Every table's line; ``counts`` is None until the counts have been checked."""
    found = {m.table: m for m in closing.mismatches(event, day, counts, up_to)} if counts else {}
    teams = snapshot.teams_by_table(event)
    return [
        {
            "table": t,
            "team": teams.get(t),
            "field": form[f"count_{t}"],
            "summary": summary[t],
            "mismatch": found.get(t),
            "difference": _difference(found[t]) if t in found else "",
            "ledger": _ledger_rows(found[t]) if t in found else [],
        }
        for t in range(1, event.tables + 1)
    ]


def _difference(mismatch) -> str:
    """'2 flags short' or '1 flag over': the difference in words, not in colour alone."""
    gap = mismatch.counted - mismatch.computed
    if gap < 0:
        return ngettext("%(n)s flag short", "%(n)s flags short", -gap) % {"n": -gap}
    return ngettext("%(n)s flag over", "%(n)s flags over", gap) % {"n": gap}


def _ledger_rows(mismatch) -> list[dict]:
    """The table's ledger lines, each with what a likely slip would have read."""
    suspects = {s.hand: s for s in mismatch.suspects}
    rows = []
    for line in mismatch.ledger:
        suspect = suspects.get(line.hand)
        check = ""
        if suspect is not None:
            values = {"would": suspect.would}
            if suspect.home:
                check = _("%(would)s tricks for the visitors would make the count match") % values
            else:
                check = _("%(would)s tricks for our pair would make the count match") % values
        rows.append({"line": line, "check": check})
    return rows


def _reopen(request, event: Event, day: int, session: int):
    if not permissions.allowed(request.user, event, permissions.LEAD):
        raise PermissionDenied(_("Only a leader reopens a day."))
    try:
        closed_days.day_reopen(event=event, day=day, session=session, actor=request.user)
    except RulesError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            (
                _(
                    "Day %(day)s session %(session)s is open again: make the correction, "
                    "then close it again."
                )
                if session
                else _("Day %(day)s is open again: make the correction, then close it again.")
            )
            % {"day": day, "session": session},
        )
        return redirect(f"{request.path}?reopened=1")  # the 'go to hand' box waits
    return redirect(request.path)


def _shown(event: Event, day: int, session: int, summary: dict) -> tuple[dict, dict]:
    """The counts the page shows (table -> count) and the tables to count again.

    A reopened close's counts come back as drafts with what the results gave at the close:
    where the results changed since and the count no longer agrees, the table is asked
    again (the old count said beside it); every other count stands."""
    shown, again = {}, {}
    for table, draft in counts_service.drafts(event, day, session).items():
        now = summary[table].on_table if table in summary else None
        changed = draft.closed_on_table is not None and draft.closed_on_table != now
        if changed and draft.count != now:
            again[table] = draft
        else:
            shown[table] = draft.count
    return shown, again


def _keep_typed(request, event: Event, day: int, session: int, form, again: dict) -> None:
    """Check and Close save what was typed first, so a refusal (or no script) loses nothing;
    a table still to count again keeps its old count beside its empty box."""
    typed = {t: form.cleaned_data.get(f"count_{t}") for t in range(1, event.tables + 1)}
    typed = {t: c for t, c in typed.items() if c is not None or t not in again}
    try:
        counts_service.counts_save(
            event=event,
            day=day,
            session=session,
            counts=typed,
            actor=request.user,
            checked=True,
            anew=again,
        )
    except RulesError as error:
        form.add_error(None, error.message)


def _whole(count) -> int | None:
    """A count as the page's script sends it: a whole number, or null to clear it."""
    if count is None or (isinstance(count, int) and not isinstance(count, bool)):
        return count
    raise ValueError(count)


@require_http_methods(["POST"])
@event_page(permissions.ENTER)
def counts_typed(request, event: Event, day: int, session: int = 0):
    """The close page's script saves each count as it is typed: ``{"counts": {"12": 15}}``
    (null clears a table's count)."""
    try:
        body = json.loads(request.body)
        counts = {int(t): _whole(c) for t, c in body["counts"].items()}
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return JsonResponse({"error": _("Not saved: reload the page.")}, status=400)
    try:
        saved = counts_service.counts_save(
            event=event, day=day, session=session, counts=counts, actor=request.user
        )
    except RulesError as error:
        return JsonResponse({"error": error.message}, status=400)
    return JsonResponse({"saved": saved})


@require_http_methods(["GET", "POST"])
@event_page(permissions.ENTER)
def close_day(request, event: Event, day: int, session: int = 0):
    up_to = closing.last_hand(event, day, session)
    done = DayClose.objects.filter(event=event, day=day, session=session).first()
    day_closed = selectors.closed_days(event).get((day, 0)) if session else None
    if up_to is None:
        messages.error(
            request,
            _("There is no day %(day)s session %(session)s in this event.")
            % {"day": day, "session": session},
        )
        return redirect(reverse("tournaments:close_list", args=[event.slug]))
    if request.method == "POST" and request.POST.get("action") == "reopen" and done is not None:
        return _reopen(request, event, day, session)
    is_open = not (done or day_closed)
    summary, _ledger = selectors.load_day_ledger(event, day, up_to)
    shown, again = _shown(event, day, session, summary) if is_open else ({}, {})
    initial = {f"count_{t}": c for t, c in shown.items()}
    form = CountsForm(request.POST or None, initial=initial, tables=event.tables)
    posted = request.method == "POST" and is_open
    checked = posted and form.is_valid()
    if checked:
        _keep_typed(request, event, day, session, form, again)
        again = {t: d for t, d in again.items() if form.cleaned_data.get(f"count_{t}") is None}
    # Read the counts before a refused close adds its error: the banner and the highlighted
    # rows must show the same mismatches the refusal names. Kept counts are compared at once.
    counts = form.counts() if checked else (shown if not posted else None)
    refusal = refusal_head = ""
    incomplete = [] if not is_open else closing.missing(event, day, session, counts or {})
    if checked and request.POST.get("action") == "close":
        if not permissions.allowed(request.user, event, permissions.LEAD):
            raise PermissionDenied(_("Only a leader closes a day."))
        try:
            close = closing.day_close(
                event=event,
                day=day,
                session=session,
                counts=counts,
                override_note=form.cleaned_data["override_note"],
                close_incomplete=form.cleaned_data["close_incomplete"],
                actor=request.user,
            )
        except RulesError as error:
            field = error.field if error.field in ("override_note", "close_incomplete") else None
            form.add_error(field, error.message)
            refusal = error.message
            said_why = error.field == "close_incomplete"  # that message starts 'Not closed:'
            refusal_head = "" if said_why else _("Not closed.")
        else:
            messages.success(
                request, _("%(close)s — every table's flags are recorded.") % {"close": close}
            )
            return redirect(request.path)
    reopened = request.GET.get("reopened") == "1" and not posted
    if again and not (posted or reopened):  # back from the correction: the first to count
        form.fields[f"count_{min(again)}"].widget.attrs["autofocus"] = True
    rows = _rows(event, day, up_to, form, counts, summary)
    for row in rows:
        row["again"] = row["table"] in again
    context = {
        "event": event,
        "day": day,
        "session": session,
        "up_to": up_to,
        "form": form,
        "rows": rows,
        "checked": counts is not None and bool(counts),
        "posted": posted,
        "reopened": reopened,
        "refusal": refusal,
        "refusal_head": refusal_head,
        "again": [
            {"table": t, "counted": d.count, "field": form[f"count_{t}"]}
            for t, d in sorted(again.items())
        ],
        "mismatches": [r for r in rows if r["mismatch"]],
        "done": done,
        "day_closed": day_closed,
        "incomplete": incomplete,
        "records": list(done.records.all()) if done else [],
        "entered_hands": snapshot.hands_played(event),
        "can_close": permissions.allowed(request.user, event, permissions.LEAD),
    }
    return render(request, "tournaments/close_day.html", context)
