"""Standings for the room: sortable table, CSV, projector, a table's own page and chart."""

from __future__ import annotations

import csv
import io
import re
from html import unescape

import pytest
from django.urls import reverse

from tests.leader_helpers import make_event, play
from tournaments import snapshot

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
    away = snapshot.rotation(event).hand(1).moves[2]
    assert f"Table {away}" in re.sub(r"<[^>]+>", "", html)  # "Table " is dropped on a phone
    assert "<svg" in html and "<polyline" in html
    assert "<script" not in html.split("<main")[1].split("</main>")[0]


def test_a_table_that_does_not_exist_is_not_found(client, event):
    """Table 9 of a 4-table event answers 404."""
    assert client.get(reverse("tournaments:table", args=[event.slug, 9])).status_code == 404


def rotation_row(html: str, hand: int) -> tuple[str, list[str]]:
    """The opening tag and the text of each cell of ``hand``'s row on a table's page."""
    body = html.split('<table class="compact table-rotation">')[1].split("</tbody>")[0]
    for row in re.findall(r"(<tr[^>]*>)(.*?)</tr>", body, re.S):
        cells = [
            re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row[1])
        ]
        if cells and cells[0] == str(hand):
            return row[0], cells
    raise AssertionError(f"no row for hand {hand}")


def test_a_tables_page_shows_each_hands_tricks_and_flags_and_marks_the_hand_to_play(client):
    """A table's row gives both hands' tricks and the flags won and lost ("+2 −2"), a hand of
    too few tricks reads "0", and the first hand without a result is marked as now."""
    event = make_event("rows", tables=4)
    play(event, [1], tricks=10)
    play(event, [2], tricks=5)
    html = client.get(reverse("tournaments:table", args=[event.slug, 2])).content.decode()
    first = snapshot.rotation(event).hand(1)
    tag, cells = rotation_row(html, 1)
    assert cells[3:] == [
        f"Table {first.moves[2]}",
        "10",
        f"Table {first.visitor_of(2)}",
        "10",
        "+2 −2",
    ]
    assert "now" not in tag
    assert rotation_row(html, 2)[1][-1] == "0"
    tag, cells = rotation_row(html, 3)
    assert 'class="now"' in tag and cells[4] == cells[6] == cells[7] == ""


def test_a_tables_page_says_what_to_play_now_and_where_the_team_stands(client, event):
    """After two hands, table 2's page names hand 3, its trump, where its travelling pair
    goes and whose pair comes, its rank, each day's flags and its total; the chart's label
    gives its net flags after hand 2."""
    html = client.get(reverse("tournaments:table", args=[event.slug, 2])).content.decode()
    hand = snapshot.rotation(event).hand(3)
    text = unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)))
    assert f"Hand 3 · trump {hand.trump.symbol} ·" in text
    assert f"your travelling pair (A & B) goes to Table {hand.moves[2]}" in text
    assert f"Table {hand.visitor_of(2)}'s pair comes to you" in text
    standing = next(s for s in snapshot.standings(event) if s.table == 2)
    assert f"Rank {standing.rank}= · Day 1: {standing.total} · Total {standing.total} flags" in text
    assert (
        f'aria-label="Net flags of table 2 after each hand; now {standing.total} after hand 2"'
        in html
    )
