"""A table's public page, the QR target of its printed card: rotation, results, flags.

Every saved hand changes every table's page, and a full hall then opens most of them. Only
four parts change with results (the hand to play now, the standing line, the chart and the
rows), so a phone's page is a frame, rendered once per table and language from the same
template, with those parts written into it; a leader's page (their own menu) is rendered
whole. A test holds the two equal.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from .. import charts, selectors, snapshot
from ..rules.flags import flags_won
from ..snapshot.pages import shared
from .table_live import chart_html, now_html, standing_html
from .table_rows import rotation_rows

LIVE = ("now", "standing", "chart", "rows")
_MARKS = {part: mark_safe(f"<!--live {part}-->") for part in LIVE}  # noqa: S308 - constants


@require_GET
def table_page(request, slug, number: int):
    event = snapshot.page_event(slug)
    if not 1 <= number <= event.tables:
        raise Http404(_("No such table"))
    team = snapshot.team_at(event, number)
    context = {"event": event, "number": number, "team": team}
    live = _live_parts(event, number, team)
    whole = {**context, "live": live, **live}
    if not shared(request):
        return render(request, "tournaments/table.html", whole)

    def frame() -> str | None:
        marks = {**_MARKS, "live": _MARKS}
        made = render_to_string("tournaments/table.html", {**context, **marks}, request)
        return made if all(made.count(mark) == 1 for mark in _MARKS.values()) else None

    # The frame shows the teams and the event's name only: kept until the setup changes.
    name = f"table frame:{translation.get_language()}:{request.get_full_path()}"
    page = snapshot.cached(event, name, frame, scope="setup")
    if page is None:
        return render(request, "tournaments/table.html", whole)
    for part, mark in _MARKS.items():
        page = page.replace(mark, live[part])
    return HttpResponse(page)


def _live_parts(event, number: int, team) -> dict[str, str]:
    """The parts that change with results, as HTML."""
    rotation = snapshot.rotation(event)
    recorded = snapshot.table_results(event, number)
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
    standing = next((s for s in snapshot.standings(event) if s.table == number), None)
    current = snapshot.hall_state(event).current
    now = selectors.moving(rotation.hand(current), number, team) if current else {}
    chart = charts.chart(series, len(rotation.hands), day_starts, settings.flags_per_table)
    return {
        "now": now_html(now),
        "standing": standing_html(standing),
        "chart": chart_html(chart, number, settings.flags_per_table),
        "rows": rotation_rows(hands, now["hand"].number if now else None, event.alternate_pairs),
    }
