"""A table's public page, the QR target of its printed card: rotation, results, flags.

Every saved hand changes every table's page, and a full hall then opens most of them. Only
four parts change with results (the hand to play now, the standing line, the chart and the
rows), so a phone's page is a frame, rendered once per table and language from the same
template, with those parts written into it; a leader's page (their own menu) is rendered
whole. A test holds the two equal.
"""

from __future__ import annotations

from collections import OrderedDict

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from .. import charts, selectors
from ..rules.flags import flags_won
from .page_cache import shared
from .table_live import chart_html, now_html, standing_html
from .table_rows import rotation_rows

LIVE = ("now", "standing", "chart", "rows")
_MARKS = {part: mark_safe(f"<!--live {part}-->") for part in LIVE}  # noqa: S308 - constants
_frames: OrderedDict[tuple, str] = OrderedDict()
_MOST_FRAMES = 2000  # every table of a large event in two languages


@require_GET
def table_page(request, slug, number: int):
    event = selectors.page_event(slug)
    if not 1 <= number <= event.tables:
        raise Http404(_("No such table"))
    team = selectors.team_at(event, number)
    context = {"event": event, "number": number, "team": team}
    live = _live_parts(event, number, team)
    whole = {**context, "live": live, **live}
    if not shared(request):
        return render(request, "tournaments/table.html", whole)
    key = _frame_key(request, event, number, team)
    frame = _frames.get(key)
    if frame is None:
        marks = {**_MARKS, "live": _MARKS}
        frame = render_to_string("tournaments/table.html", {**context, **marks}, request)
        if any(frame.count(mark) != 1 for mark in _MARKS.values()):
            return render(request, "tournaments/table.html", whole)
        _frames[key] = frame
        while len(_frames) > _MOST_FRAMES:
            _frames.popitem(last=False)
    page = frame
    for part, mark in _MARKS.items():
        page = page.replace(mark, live[part])
    return HttpResponse(page)


def _frame_key(request, event, number: int, team) -> tuple:
    """Everything the frame shows: the reader's language and address (the language switch
    and log-in link return there), the event's name and column choice, the team's names."""
    people = None
    if team is not None:
        people = (team.name, team.zone, team.player_a, team.player_b, team.player_x, team.player_y)
    return (
        translation.get_language(),
        request.get_full_path(),
        event.pk,
        event.created_at,
        event.name,
        event.slug,
        event.alternate_pairs,
        number,
        people,
    )


def _live_parts(event, number: int, team) -> dict[str, str]:
    """The parts that change with results, as HTML."""
    rotation = selectors.rotation(event)
    recorded = selectors.table_results(event, number)
    by_host = {(r.hand, r.host_table): r for r in recorded}
    settings = event.flag_settings
    hands = []
    for h in rotation.hands:
        away, home = h.moves[number], h.visitor_of(number)
        at_away, at_home = by_host.get((h.number, away)), by_host.get((h.number, number))
        hands.append(
            {
                "hand": h,
                "away": away,
                "visitors": home,
                "won": flags_won(at_away.visitor_tricks, settings) if at_away else None,
                "away_tricks": at_away.visitor_tricks if at_away else None,
                "lost": flags_won(at_home.visitor_tricks, settings) if at_home else None,
                "home_tricks": at_home.visitor_tricks if at_home else None,
            }
        )
    series = charts.table_series(number, recorded, settings)
    day_starts, seen = [], set()
    for h in rotation.hands:
        if h.day not in seen:
            seen.add(h.day)
            day_starts.append(h.number)
    standing = next((s for s in selectors.standings(event) if s.table == number), None)
    now = selectors.table_now(event, number, team)
    chart = charts.chart(series, len(rotation.hands), day_starts, settings.flags_per_table)
    return {
        "now": now_html(now),
        "standing": standing_html(standing),
        "chart": chart_html(chart, number, settings.flags_per_table),
        "rows": rotation_rows(hands, now["hand"].number if now else None, event.alternate_pairs),
    }
