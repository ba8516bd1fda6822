"""Event set-up in the browser: create the event, settings, teams from CSV, table assignment."""

from __future__ import annotations

import csv
import io
import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from .. import permissions, selectors, services
from ..csv_formats import TEAM_COLUMNS, CsvErrors, parse_teams
from ..forms import LEVEL_PRESETS, EventCreateForm, EventSettingsForm, TeamsCsvForm
from ..models import Event, Team
from ..rules.errors import RulesError
from ..services import setup as setup_services
from .access import event_page

LINE = re.compile(r"^line (\d+):")


@require_http_methods(["GET", "POST"])
@login_required
def event_new(request):
    if not request.user.is_staff:
        raise PermissionDenied("Only staff create events; ask your site's administrator.")
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
            messages.success(request, f"{event.name} is created. Next: the teams.")
            return redirect(reverse("tournaments:teams", args=[event.slug]))
    context = {"form": form, "level_presets": {str(k): v for k, v in LEVEL_PRESETS.items()}}
    return render(request, "tournaments/event_new.html", context)


@require_http_methods(["GET", "POST"])
@event_page(permissions.LEAD)
def setup(request, event: Event):
    form = EventSettingsForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        changes = {f: form.cleaned_data[f] for f in EventSettingsForm.Meta.fields}
        try:
            setup_services.event_settings_update(event=event, changes=changes, actor=request.user)
        except RulesError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(request, "Settings saved.")
            return redirect(reverse("tournaments:setup", args=[event.slug]))
    context = {"event": event, "form": form, "teams": event.teams.count()}
    return render(request, "tournaments/setup.html", context)


def _preview(text: str, problems: list[str]) -> list[dict]:
    """The pasted lines as cells, each marked with its problems."""
    by_line: dict[int, list[str]] = {}
    for problem in problems:
        match = LINE.match(problem)
        by_line.setdefault(int(match.group(1)) if match else 0, []).append(problem)
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    rows = []
    for cells in reader:
        line = reader.line_num
        if line == 1 or not any(c.strip() for c in cells):
            continue
        rows.append({"line": line, "cells": cells, "problems": by_line.get(line, [])})
    return rows


@require_http_methods(["GET", "POST"])
@event_page(permissions.LEAD)
def teams(request, event: Event):
    """Upload or paste the registration CSV, preview it, then import it (all or nothing)."""
    form = TeamsCsvForm(request.POST or None, request.FILES or None)
    context = {"event": event, "form": form, "columns": TEAM_COLUMNS}
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        try:
            rows = parse_teams(text, tables=event.tables)
        except CsvErrors as error:
            context.update(problems=error.problems, preview=_preview(text, error.problems))
        else:
            if request.POST.get("action") == "import":
                services.teams_replace(event=event, rows=rows, actor=request.user)
                messages.success(request, f"{len(rows)} teams imported. Check the tables.")
                return redirect(reverse("tournaments:tables_assign", args=[event.slug]))
            context.update(preview=_preview(text, []), text=text, ready=len(rows))
    context["current"] = list(Team.objects.filter(event=event).order_by("home_table"))
    return render(request, "tournaments/teams.html", context)


@require_http_methods(["GET", "POST"])
@event_page(permissions.LEAD)
def tables_assign(request, event: Event):
    """Zone order in one click, or a table number typed for every team."""
    teams = list(Team.objects.filter(event=event).order_by("home_table"))
    typed: dict[int, str] = {t.pk: str(t.home_table) for t in teams}
    error = None
    if request.method == "POST":
        if request.POST.get("action") == "zone":
            tables = setup_services.zone_order([(t.pk, t.home_table, t.zone) for t in teams])
        else:
            typed = {t.pk: request.POST.get(f"table_{t.pk}", "").strip() for t in teams}
            bad = [t.name for t in teams if not typed[t.pk].isdigit()]
            tables = {pk: int(v) for pk, v in typed.items() if v.isdigit()}
            if bad:
                error = f"Type a table number for {', '.join(bad)}"
        if error is None:
            try:
                setup_services.tables_assign(event=event, tables=tables, actor=request.user)
            except RulesError as problem:
                error = problem.message
            else:
                messages.success(request, "Tables saved: every table has one team.")
                return redirect(reverse("tournaments:tables_assign", args=[event.slug]))
    context = {
        "event": event,
        "teams": [{"team": t, "typed": typed[t.pk]} for t in teams],
        "error": error,
        "started": selectors.hands_played(event) > 0,
    }
    return render(request, "tournaments/tables_assign.html", context)
