"""The standings page's rows, written in Python, read exactly as django-tables2 writes them."""

from __future__ import annotations

import dataclasses
import re

import pytest
from django.test import RequestFactory
from django_tables2 import RequestConfig

from tournaments.rules.types import Standing
from tournaments.views.standings_table import standings_table

ROWS = [
    Standing(1, 3, 'Équipe <b>"Trễ"</b> & Łódź', (14, 15), 29, True, "Nord-Est"),
    Standing(1, 1, "Team 1", (15, 14), 29, True),
    Standing(3, 2, "Team 2", (12,), 12, False, "", (51, 52)),
    Standing(4, 4, "Team 4", (0, -2), -2, False),
]


def tbody(html: str) -> str:
    body = html.split("<tbody")[1].split("</tbody>")[0]
    return re.sub(r">\s+<", "><", body.split(">", 1)[1]).strip()


@pytest.mark.parametrize("sort", ["", "-team", "total", "-zone", "note", "day2"])
@pytest.mark.parametrize("zones", [True, False])
def test_the_rows_equal_django_tables2s_own(sort, zones):
    """For every sort a reader can tap, with zones or without, the rows (ties, playoff marks,
    notes, missing days, names with markup and accents) equal django-tables2's template."""
    rows = ROWS if zones else [dataclasses.replace(r, zone="") for r in ROWS]
    request = RequestFactory().get("/events/x/standings/", {"sort": sort} if sort else {})
    ours = standings_table(rows, advancing={3}, due={2}, event_slug="x")
    theirs = standings_table(rows, advancing={3}, due={2}, event_slug="x")
    theirs.template_name = "django_tables2/table.html"
    for table in (ours, theirs):
        RequestConfig(request, paginate=False).configure(table)
    html = ours.as_html(request)
    assert tbody(html) == tbody(theirs.as_html(request))
    assert "Équipe &lt;b&gt;&quot;Trễ&quot;&lt;/b&gt; &amp; Łódź" in html
