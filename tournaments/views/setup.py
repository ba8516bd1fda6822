"""Event set-up in the browser: create the event, settings, teams from CSV, table assignment."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from .. import permissions, selectors, services, snapshot
from ..formats.csv_files import PROBLEMS_SHOWN, TEAM_COLUMNS, CsvErrors, csv_lines, parse_teams
from ..formats.csv_files import teams_template as teams_template_text
from ..formats.file_encodings import ENCODINGS
from ..forms.csv_upload import RAW_KEPT, TeamsCsvForm
from ..forms.setup import LEVEL_PRESETS, EventCreateForm, EventSettingsForm
from ..models import Event, Level
from ..rules.errors import RulesError, shortened
from ..rules.event_settings import typed_number
from ..rules.zones import zone_order
from ..services import setup as setup_services
from ..services.end_play import play_end, play_resume
from .access import event_page

PREVIEW_LINES = 300  # more than any real registration file
CELLS_SHOWN = 12  # more than any file's columns: a line of thousands of commas is cut short
REFUSED_PREVIEW = 16 * 1024  # bytes of a refused file's lines: 20 lines of 7 long names fit


@require_http_methods(["GET", "POST"])
@login_required
def event_new(request):
    if not request.user.is_staff:
        raise PermissionDenied(_("Only staff create events; ask your site's administrator."))
    form = EventCreateForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = services.event_create(
                name=data["name"],
                slug=data["slug"],
                tables=data["tables"],
                hands_per_day=data["hands"],
                sessions_per_day=data["sessions"],
                trumps=data["trumps"],
                alternate_pairs=data["alternate_pairs"],
                pattern="custom" if data["custom_moves"] else "standard",
                custom_moves=data["custom_moves"],
                actor=request.user,
                level=data["level"],
                starts_on=data["starts_on"],
                flags_per_table=data["flags_per_table"],
                one_flag_at=data["one_flag_at"],
                two_flags_at=data["two_flags_at"],
                revoke_penalty=data["revoke_penalty"],
                advancing=data["advancing"],
            )
        except RulesError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(
                request, _("%(event)s is created. Next: the teams.") % {"event": event.name}
            )
            return redirect(reverse("tournaments:teams", args=[event.slug]))
    return render(request, "tournaments/event_new.html", {"form": form, "presets": _presets()})


def _presets() -> str:
    """What choosing a level fills in on the new-event page (static/js/event_new.js): its
    rotation, and a provincial's 16 tables."""
    presets = {str(level): {"pattern": pattern} for level, pattern in LEVEL_PRESETS.items()}
    presets[str(Level.PROVINCIAL)]["tables"] = 16
    return json.dumps(presets)


def _end_play(request, event: Event) -> str | None:
    """End play after hand N, or take it back; the error to show, if any."""
    try:
        if request.POST.get("action") == "resume":
            play_resume(event=event, actor=request.user)
            messages.success(request, _("Play resumed: every hand of the rotation is played."))
        else:
            after = typed_number(request.POST.get("after_hand", ""), 5)
            if after is None:
                return _("Type the last hand played, such as 42")
            play_end(event=event, after_hand=after, actor=request.user)
            messages.success(request, _("Play ends after hand %(hand)s.") % {"hand": after})
    except RulesError as error:
        return error.message
    return None


@require_http_methods(["GET", "POST"])
@event_page(permissions.LEAD)
def setup(request, event: Event):
    settings_post = request.method == "POST" and "after_hand" not in request.POST
    form = EventSettingsForm(request.POST if settings_post else None, instance=event)
    end_error = None
    if request.method == "POST" and not settings_post:
        end_error = _end_play(request, event)
        if end_error is None:
            return redirect(reverse("tournaments:setup", args=[event.slug]))
    if settings_post and form.is_valid():
        changes = {f: form.cleaned_data[f] for f in EventSettingsForm.Meta.fields}
        try:
            setup_services.event_settings_update(event=event, changes=changes, actor=request.user)
        except RulesError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(request, _("Settings saved."))
            return redirect(reverse("tournaments:setup", args=[event.slug]))
    context = {
        "event": event,
        "form": form,
        "teams": len(selectors.teams(event)),
        "hands_total": sum(event.day_hand_counts),
        "hands_played": snapshot.hands_played(event),
        "end_error": end_error,
        "typed_end": shortened(request.POST.get("after_hand", "")) if end_error else "",
    }
    return render(request, "tournaments/setup.html", context)


def file_reading(form) -> dict:
    """How an uploaded file was read, for the preview to say it and offer another encoding."""
    data = form.cleaned_data
    return {"reading": data["reading"], "raw": data["csv_raw"], "encodings": ENCODINGS.items()}


def _preview(text: str, problems: list[str], *, refused: bool = False) -> tuple[list[dict], int]:
    """The first lines as cells, each marked with its problems, and how many lines are left.
    A ``refused`` file shows only its first lines with problems, within ``REFUSED_PREVIEW``
    bytes of page, so its page stays short however long the file; a value is shown cut to its
    start ("…") past 100 characters, and a line of more than ``CELLS_SHOWN`` values its first
    ones."""
    by_line: dict[int, list[str]] = {}
    for problem in problems:  # csv Problems know their line, whatever the reader's language
        by_line.setdefault(getattr(problem, "line", 0), []).append(problem)
    shown = PROBLEMS_SHOWN if refused else PREVIEW_LINES
    rows, hidden, room = [], 0, REFUSED_PREVIEW
    for line, cells in csv_lines(text, []):
        if line == 1 or not any(c.strip() for c in cells):
            continue
        if len(rows) < shown and (line in by_line or not refused):
            cells = [shortened(c) for c in cells[:CELLS_SHOWN]] + ["…"] * (len(cells) > CELLS_SHOWN)
            row = {"line": line, "cells": cells, "problems": by_line.get(line, [])}
            if refused:  # as the page writes it: "<" is four characters there, '"' six
                room -= sum(len(escape(t)) + 20 for t in (*row["cells"], *row["problems"]))
            if room >= 0:
                rows.append(row)
                continue
        hidden += 1
    return rows, hidden


def refused(problems: list[str], text: str, raw: str = "") -> dict:
    """What a page shows of a refused file: its first ``PROBLEMS_SHOWN`` problems, how many
    more there are, and its lines with problems; the file itself (``raw``, base64) only while
    it is small, for another encoding's preview."""
    preview, hidden = _preview(text, problems, refused=True)
    return {
        "raw": raw if len(raw) <= RAW_KEPT else "",  # a larger one is sent again, fixed
        "problems": problems[:PROBLEMS_SHOWN],
        "problem_count": len(problems),
        "more_problems": max(0, len(problems) - PROBLEMS_SHOWN),
        "preview": preview,
        "hidden_lines": hidden,
    }


@require_safe
@event_page(permissions.LEAD)
def teams_template(request, event: Event):
    """A teams file to fill in, with the header and one line per table."""
    response = HttpResponse(teams_template_text(event.tables), content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-teams.csv"'
    return response


@require_http_methods(["GET", "POST"])
@event_page(permissions.LEAD)
def teams(request, event: Event):
    """Upload or paste the registration CSV, preview it, then import it (all or nothing)."""
    form = TeamsCsvForm(request.POST or None, request.FILES or None)
    context = {"event": event, "form": form, "columns": TEAM_COLUMNS}
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        context.update(file_reading(form))
        try:
            rows = parse_teams(text, tables=event.tables)
        except CsvErrors as error:
            context.update(refused(error.problems, text, context.get("raw", "")))
        else:
            if request.POST.get("action") == "import":
                services.teams_replace(event=event, rows=rows, actor=request.user)
                messages.success(
                    request, _("%(count)s teams imported. Check the tables.") % {"count": len(rows)}
                )
                return redirect(reverse("tournaments:tables_assign", args=[event.slug]))
            preview, hidden = _preview(text, [])
            context.update(preview=preview, hidden_lines=hidden, text=text, ready=len(rows))
    context["current"] = selectors.teams(event)
    return render(request, "tournaments/teams.html", context)


@require_http_methods(["GET", "POST"])
@event_page(permissions.LEAD)
def tables_assign(request, event: Event):
    """Zone order in one click, or a table number typed for every team."""
    teams = selectors.teams(event)
    typed: dict[int, str] = {t.pk: str(t.home_table) for t in teams}
    error = None
    if request.method == "POST":
        if request.POST.get("action") == "zone":
            tables = zone_order([(t.pk, t.home_table, t.zone) for t in teams])
        else:
            typed = {t.pk: request.POST.get(f"table_{t.pk}", "").strip() for t in teams}
            numbers = {pk: typed_number(v, 3) for pk, v in typed.items()}
            bad = [t.name for t in teams if numbers[t.pk] is None]
            tables = {pk: n for pk, n in numbers.items() if n is not None}
            if bad:
                error = _("Type a table number for %(teams)s") % {"teams": ", ".join(bad)}
        if error is None:
            try:
                setup_services.tables_assign(event=event, tables=tables, actor=request.user)
            except RulesError as problem:
                error = problem.message
            else:
                messages.success(request, _("Tables saved: every table has one team."))
                return redirect(reverse("tournaments:tables_assign", args=[event.slug]))
    context = {
        "event": event,
        "teams": [{"team": t, "typed": shortened(typed[t.pk])} for t in teams],
        "error": error,
        "started": snapshot.hands_played(event) > 0,
    }
    return render(request, "tournaments/tables_assign.html", context)
