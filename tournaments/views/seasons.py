"""A province's public results archive: seasons by year, a season's page (events by level,
winners, advancing teams, each provincial team's road), its results sheet, CSV and calendar,
every club's list, and a club's page with its players.

Every page reads ``snapshot.seasons`` (kept per season revision); pages anyone may share are
rendered once per revision by ``public_page`` keyed by the season's revision.
"""

from __future__ import annotations

import csv
from datetime import datetime

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils import timezone, translation
from django.views.decorators.http import require_safe

from .. import links
from ..formats import season_files
from ..rules.clubs import fold
from ..services.seasons import coordinates
from ..shared_pages.decorators import cached_answer, compressed_response, gzipped, public_page
from ..snapshot import seasons as season_snapshot
from .standings import spreadsheet_safe


def _every_season(slug: str):
    """A club's page is kept under every season's revision (it spans them all)."""
    return season_snapshot.seasons_now()


@require_safe
def season_list(request):
    context = {"seasons": season_snapshot.seasons_list()}
    return render(request, "tournaments/season_list.html", context)


@public_page(current=season_snapshot.season_now)
@require_safe
def season_page(request, slug):
    summary = season_snapshot.season_summary(slug)
    user = request.user
    context = {
        "summary": summary,
        "season": summary.season,
        "coordinator": user.is_authenticated
        and (user.is_staff or coordinates(user, summary.season)),
    }
    return render(request, "tournaments/season.html", context)


@require_safe
def season_csv(request, slug):
    summary = season_snapshot.season_summary(slug)
    now = season_snapshot.season_now(slug)

    def build() -> tuple[bytes, bytes]:
        text = _csv_text(season_files.csv_rows(summary.season.name, summary.events))
        return text.encode(), gzipped(text.encode())

    body, packed = cached_answer(now, "results.csv", build)
    response = compressed_response(request, body, packed, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slug}-results.csv"'
    return response


def _csv_text(rows) -> str:
    import io

    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([spreadsheet_safe(cell) for cell in row])
    return out.getvalue()


@require_safe
def season_calendar(request, slug):
    summary = season_snapshot.season_summary(slug)
    now = season_snapshot.season_now(slug)
    base = links.public_base(request)

    def build() -> str:
        host = base.split("://", 1)[-1].split("/", 1)[0]
        stamp = datetime.now(tz=timezone.get_current_timezone())
        return season_files.calendar(summary.season.name, summary.events, base, host, now=stamp)

    text = cached_answer(now, f"calendar.ics:{base}", build)
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{slug}.ics"'
    return response


@require_safe
def season_sheet(request, slug):
    """The season's results sheet as a PDF (``?paper=a4`` for A4; Letter otherwise)."""
    from ..pdf.season import season_sheet as build_sheet

    summary = season_snapshot.season_summary(slug)
    paper = request.GET.get("paper", "letter")
    if paper not in ("letter", "a4") or set(request.GET) - {"paper"}:
        return HttpResponse(status=400)
    language = translation.get_language()
    now = season_snapshot.season_now(slug)
    pdf = cached_answer(now, f"sheet:{paper}:{language}", lambda: build_sheet(summary, paper))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slug}-results-{paper}.pdf"'
    return response


@public_page(current=_every_season)
@require_safe
def club_page(request, slug):
    summary = season_snapshot.club_summary(slug)
    return render(request, "tournaments/club.html", {"summary": summary, "club": summary.club})


@public_page(current=_every_season)
@require_safe
def club_list(request, slug):
    """Every club of every season (``slug``: the address's fixed "all", for ``public_page``)."""
    clubs = season_snapshot.clubs_list()
    return render(request, "tournaments/club_list.html", {"clubs": clubs})


@require_safe
def club_player(request, slug, player):
    """The events a club's player played (``player``: the name as the club page links it)."""
    summary = season_snapshot.club_summary(slug)
    wanted = fold(player.replace("-", " "))
    played = [
        p
        for p in summary.played
        if p.placing and any(_player_key(name) == wanted for name in p.placing.players)
    ]
    if not played:
        raise Http404
    name = next(n for n in played[0].placing.players if _player_key(n) == wanted)
    context = {"club": summary.club, "player": name, "played": played}
    return render(request, "tournaments/club_player.html", context)


def _player_key(name: str) -> str:
    return fold(name.replace("-", " "))
