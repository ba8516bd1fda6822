"""The standings page's rows, written in Python, read exactly as django-tables2 writes them."""

from __future__ import annotations

import dataclasses
import re

import pytest
from django.test import RequestFactory
from django_tables2 import RequestConfig

from tournaments.rules.types import Standing
from tournaments.snapshot.team_links import TeamLink
from tournaments.views.standings_table import standings_table

ROWS = [
    Standing(1, 3, 'Équipe <b>"Trễ"</b> & Łódź', (14, 15), 29, True, "Nord-Est"),
    Standing(1, 1, "Team 1", (15, 14), 29, True),
    Standing(3, 2, "Team 2", (12,), 12, False, "", (51, 52)),
    Standing(4, 4, "Team 4", (0, -2), -2, False),
]
LINKS = {
    'Équipe <b>"Trễ"</b> & Łódź': TeamLink("equipe-tre-lodz", "nord-est"),
    "Team 1": TeamLink("team-1"),
    "Team 4": TeamLink("", "area-4"),
}


def tbody(html: str) -> str:
    body = html.split("<tbody")[1].split("</tbody>")[0]
    return re.sub(r">\s+<", "><", body.split(">", 1)[1]).strip()


@pytest.mark.parametrize("sort", ["", "-team", "total", "-zone", "note", "day2"])
@pytest.mark.parametrize("zones", [True, False])
def test_the_rows_equal_django_tables2s_own(sort, zones):
    """For every sort a reader can tap, with zones or without, the rows (ties, playoff marks,
    notes, missing days, names with markup and accents, links to clubs and to the events
    teams came from) equal django-tables2's template."""
    rows = ROWS if zones else [dataclasses.replace(r, zone="") for r in ROWS]
    request = RequestFactory().get("/events/x/standings/", {"sort": sort} if sort else {})
    ours = standings_table(rows, advancing={3}, due={2}, event_slug="x", links=LINKS)
    theirs = standings_table(rows, advancing={3}, due={2}, event_slug="x", links=LINKS)
    theirs.template_name = "django_tables2/table.html"
    for table in (ours, theirs):
        RequestConfig(request, paginate=False).configure(table)
    html = ours.as_html(request)
    assert tbody(html) == tbody(theirs.as_html(request))
    assert "Équipe &lt;b&gt;&quot;Trễ&quot;&lt;/b&gt; &amp; Łódź" in html


def test_a_team_links_to_its_club_and_its_zone_to_the_event_it_came_from():
    """A linked team's name leads to its club's page and its zone to its event; a team with
    no club counted, or a zone whose event is not here, reads as plain text."""
    html = standings_table(ROWS, event_slug="x", links=LINKS).as_html(RequestFactory().get("/"))
    assert '<a href="/clubs/equipe-tre-lodz/">Équipe &lt;b&gt;' in html
    assert '<td class="zone"><a href="/events/nord-est/">Nord-Est</a></td>' in html
    assert '<td class="team">Team 2</td>' in html and '<td class="team">Team 4</td>' in html


def test_the_csv_keeps_names_and_zones_without_links():
    """The CSV gets the team's name and zone as text, links or not."""
    rows = list(standings_table(ROWS, links=LINKS).as_values())
    assert rows[1][2:4] == ['Équipe <b>"Trễ"</b> & Łódź', "Nord-Est"]
