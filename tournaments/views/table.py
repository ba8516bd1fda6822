"""A table's public page, the QR target of its printed card: rotation, results, flags."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from .. import charts, selectors
from ..rules.flags import flags_won
from .table_rows import rotation_rows


@require_GET
def table_page(request, slug, number: int):
    event = selectors.page_event(slug)
    if not 1 <= number <= event.tables:
        raise Http404(_("No such table"))
    rotation = selectors.rotation(event)
    recorded = selectors.table_results(event, number)
    team = selectors.team_at(event, number)
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
    now = selectors.table_now(event, number, by_host.keys(), team)
    context = {
        "event": event,
        "number": number,
        "team": team,
        "now": now,
        "standing": standing,
        "rows": rotation_rows(hands, now["hand"].number if now else None, event.alternate_pairs),
        "chart": charts.chart(series, len(rotation.hands), day_starts, settings.flags_per_table),
    }
    return render(request, "tournaments/table.html", context)
