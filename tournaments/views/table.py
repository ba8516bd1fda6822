"""A table's public page, the QR target of its printed card: rotation, results, flags.

Every saved hand changes every table's page, and a full hall then opens most of them. Only
five parts change with results (the hall's notice: the end of a day, the leader's
announcement; the hand to play now, the standing line, the chart and the rows:
``snapshot.fragments``), so a phone's page is a frame, rendered once per table and
language from the same template and kept until the setup changes, with those parts written
into it; a leader's page (their own menu) is rendered whole. A test holds the two equal.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from .. import snapshot
from ..shared_pages.decorators import public_event_page, shared
from ..snapshot import fragments
from .hand_now_words import notice_context

LIVE = ("notice", "now", "standing", "chart", "rows")
_MARKS = {part: mark_safe(f"<!--live {part}-->") for part in LIVE}  # noqa: S308 - constants


@public_event_page
def table_page(request, event, number: int):
    if not 1 <= number <= event.tables:
        raise Http404(_("No such table"))
    team = snapshot.team_at(event, number)
    context = {"event": event, "number": number, "team": team}
    live = {**fragments.table_parts(event, number, team), "notice": _notice(event)}
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


def _notice(event) -> str:
    """The end of a day and the leader's announcement (static/js/hall_notice.js keeps them
    fresh while the page is open)."""
    return render_to_string("tournaments/_hall_notice.html", notice_context(event))
