"""The projector's "playoffs in progress" screen: the tables playing each undecided playoff
hand, in type read across the hall; static/js/playoffs_screen.js redraws it every few seconds
from the page itself (kept per revision, like every projector page)."""

from __future__ import annotations

from django.shortcuts import render

from .. import snapshot
from ..shared_pages.decorators import public_event_page
from .standings import _refresh_seconds


@public_event_page
def playoffs_projector(request, event):
    overview = snapshot.playoffs(event)
    teams = snapshot.teams_by_table(event)
    playing, waiting, decided = [], [], []
    for group in overview.groups:
        if group.places:
            decided.append(group)
            continue
        matches = group.resolution.matches if group.resolution else ()
        ready = [m for m in matches if m.ready]
        for match in ready:
            playing.append(
                {
                    "hand": group.number(match.match.number),
                    "rank": group.tied.rank,
                    "sides": [(t, teams.get(t)) for t in match.tables],
                }
            )
        if not ready:  # its draw is not recorded yet, or a problem waits for the leader
            waiting.append(group)
    context = {
        "event": event,
        "final": overview.final,
        "playing": playing,
        "waiting": waiting,
        "decided": decided,
        "tables": sorted(t for p in playing for t, _ in p["sides"]),
        "refresh_seconds": _refresh_seconds(request.GET.get("refresh", "")),
    }
    return render(request, "tournaments/playoffs_projector.html", context)
