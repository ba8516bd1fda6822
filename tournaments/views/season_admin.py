"""Running a season: its coordinators (staff name them), the next-level event made from the
advancing teams (staff and coordinators), an event's links and its teams' club matches (the
event's leaders, coordinators among them)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import permissions
from ..forms.season_admin import CoordinatorForm, NextLevelForm
from ..models import Event, Level
from ..rules.errors import RulesError
from ..selectors import seasons as season_reads
from ..services import clubs, links
from ..services.advancing import next_level_create
from ..services.seasons import coordinator_grant, coordinator_remove, require_coordinator
from .access import event_page


@require_http_methods(["GET", "POST"])
def season_people(request, slug):
    season = season_reads.season_by_slug(slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not request.user.is_staff:
        raise PermissionDenied(_("Only staff name a season's coordinators."))
    form = CoordinatorForm(request.POST or None)
    if request.method == "POST":
        try:
            if request.POST.get("remove"):
                coordinator_remove(
                    season=season, username=request.POST["remove"], actor=request.user
                )
                messages.success(request, _("%(name)s no longer coordinates this season.")
                                 % {"name": request.POST["remove"]})  # fmt: skip
                return redirect(reverse("tournaments:season_people", args=[slug]))
            if form.is_valid():
                name = form.cleaned_data["username"]
                coordinator_grant(season=season, username=name, actor=request.user)
                messages.success(
                    request,
                    _("%(name)s now coordinates %(season)s.") % {"name": name, "season": season},
                )
                return redirect(reverse("tournaments:season_people", args=[slug]))
        except RulesError as error:
            form.add_error("username" if error.field == "username" else None, error.message)
    context = {"season": season, "form": form, "coordinators": season_reads.coordinators(season)}
    return render(request, "tournaments/season_people.html", context)


@require_http_methods(["GET", "POST"])
def next_level(request, slug):
    season = season_reads.season_by_slug(slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    require_coordinator(request.user, season)
    events = season_reads.season_events(season)
    # A Provincial is the last level: its teams go nowhere further, so it is never a source.
    provincials = [e for e in events if e.level == Level.PROVINCIAL]
    events = [e for e in events if e.level != Level.PROVINCIAL]
    form = NextLevelForm(request.POST or None, events=events)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        by_slug = {e.slug: e for e in events}
        try:
            event = next_level_create(
                name=data["name"],
                slug=data["slug"],
                sources=[by_slug[s] for s in data["sources"]],
                level=data["level"],
                hands_per_day=data["hands_per_day"],
                season=season,
                actor=request.user,
            )
        except RulesError as error:
            field = {"from": "sources"}.get(error.field, error.field)
            form.add_error(field if field in form.fields else None, error.message)
        else:
            messages.success(
                request,
                _("Created %(event)s with %(tables)s advancing teams.")
                % {"event": event.name, "tables": event.tables},
            )
            return redirect(event.get_absolute_url())
    context = {"season": season, "form": form, "sources": events, "provincials": provincials}
    return render(request, "tournaments/next_level.html", context)


@require_http_methods(["GET", "POST"])
@event_page(permissions.LEAD)
def event_links(request, event: Event):
    """Where each team of a next-level event came from: the leader fixes a wrong link."""
    sources, came_from = season_reads.links_of([event])
    teams = sorted(season_reads.teams_of([event])[event.pk].values(), key=lambda t: t.home_table)
    problem = ""
    if request.method == "POST":
        post = request.POST
        chosen = [s.strip() for s in post.get("sources", "").split(",") if s.strip()]
        rows = []
        try:
            for team in teams:
                source = post.get(f"source_{team.home_table}", "").strip()
                if not source:
                    continue
                place, table = (post.get(f"{f}_{team.home_table}", "") for f in ("place", "table"))
                if not (
                    place.isascii() and place.isdigit() and table.isascii() and table.isdigit()
                ):
                    raise RulesError(
                        "%(team)s: place and table are whole numbers from 1 to %(most)s",
                        field="teams", team=team.name, most=250,
                    )  # fmt: skip
                rows.append((team.name, source, int(place[:4]), int(table[:4])))
            links.links_record(event=event, sources=chosen, teams=rows, actor=request.user)
        except RulesError as error:
            problem = error.message
        else:
            messages.success(request, _("Links saved."))
            return redirect(reverse("tournaments:event_links", args=[event.slug]))
    context = {
        "event": event,
        "sources": ",".join(sources[event.pk]),
        "rows": [(t, came_from[event.pk].get(t.name)) for t in teams],
        "problem": problem,
    }
    return render(request, "tournaments/event_links.html", context)


@require_http_methods(["GET", "POST"])
@event_page(permissions.LEAD)
def club_matches(request, event: Event):
    """The teams whose club waits for the leader's word: same club, or another one."""
    if request.method == "POST":
        team = request.POST.get("team", "")
        try:
            if request.POST.get("answer") == "same":
                entry = clubs.match_confirm(event=event, team=team, actor=request.user)
                messages.success(request, _("%(team)s plays for %(club)s.")
                                 % {"team": team, "club": entry.club.name})  # fmt: skip
            else:
                entry = clubs.match_separate(event=event, team=team, actor=request.user)
                messages.success(request, _("%(team)s is a club of its own.") % {"team": team})
        except RulesError as error:
            messages.error(request, error.message)
        return redirect(reverse("tournaments:club_matches", args=[event.slug]))
    context = {"event": event, "proposals": season_reads.proposals(event)}
    return render(request, "tournaments/club_matches.html", context)
