"""Standings for the room: sortable table, CSV, projector, a table's own page and chart."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse

from tournaments import selectors

from .leader_helpers import make_event, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = make_event("room", tables=4)
    play(event, [1, 2], tricks=10)
    return event


def test_standings_csv_has_a_row_per_team_and_marks_shared_ranks(client, event):
    """The CSV export has the header and one row per team, shared ranks written '1='."""
    response = client.get(reverse("tournaments:standings_csv", args=[event.slug]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Rank", "Table", "Team", "Zone", "Day 1", "Total"]
    assert len(rows) == 5
    assert all(r[0] == "1=" for r in rows[1:])  # every table won and lost the same


def test_standings_sort_by_team(client, event):
    """Sorting by team lists Team 1 before Team 4."""
    page = client.get(reverse("tournaments:standings", args=[event.slug]) + "?sort=-team")
    html = page.content.decode()
    assert html.index("Team 4") < html.index("Team 1")


def test_the_projector_shows_every_team_and_fetches_the_json(client, event):
    """The projector page lists every team and points its script at standings.json."""
    html = client.get(reverse("tournaments:projector", args=[event.slug])).content.decode()
    assert all(f"Team {t}" in html for t in range(1, 5))
    assert f"/events/{event.slug}/standings.json" in html and "projector.js" in html


def test_a_tables_page_shows_its_rotation_and_flag_chart(client, event):
    """Table 2's page lists where its pair goes each hand and draws an SVG line of its flags."""
    html = client.get(reverse("tournaments:table", args=[event.slug, 2])).content.decode()
    away = selectors.rotation(event).hand(1).moves[2]
    assert f"Table {away}" in re.sub(r"<[^>]+>", "", html)  # "Table " is dropped on a phone
    assert "<svg" in html and "<polyline" in html
    assert "<script" not in html.split("<main")[1].split("</main>")[0]


def test_a_table_that_does_not_exist_is_not_found(client, event):
    """Table 9 of a 4-table event answers 404."""
    assert client.get(reverse("tournaments:table", args=[event.slug, 9])).status_code == 404
