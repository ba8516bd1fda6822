"""The open data: the /api/v1/ JSON, the season CSV and the calendar agree with the pages."""

from __future__ import annotations

import csv
import io
import json

import pytest
from pypdf import PdfReader

from tests.season_helpers import season
from tournaments import snapshot
from tournaments.formats.season_files import _fold
from tournaments.models import DayClose

pytestmark = pytest.mark.django_db


@pytest.fixture
def made(db):
    return season()


def test_the_season_csv_gives_the_same_places_as_the_standings(client, made):
    """One row per team per event, with the place, flags and advancing the standings give."""
    slug = made["area-1"].season.slug
    rows = list(
        csv.DictReader(io.StringIO(client.get(f"/seasons/{slug}/results.csv").content.decode()))
    )
    assert list(rows[0])[:11] == [
        "season", "level", "zone", "event", "event_name", "first_day", "place", "tied", "table",
        "team", "club",
    ]  # fmt: skip
    assert len(rows) == sum(e.tables for e in made.values())
    for row in rows:
        event = made[row["event"]]
        standing = next(s for s in snapshot.standings(event) if s.team == row["team"])
        assert (int(row["place"]), int(row["total"]), int(row["day_1"])) == (
            standing.rank, standing.total, standing.days[0],
        )  # fmt: skip
        assert (row["advancing"] == "yes") == (standing.table in snapshot.advancing_tables(event))
        assert row["level"] == event.level and row["season"] == event.season.name


def test_the_api_gives_the_same_places_as_the_csv(client, made):
    """Every event's places in the season's JSON are the CSV's."""
    slug = made["area-1"].season.slug
    data = client.get(f"/api/v1/seasons/{slug}/").json()
    rows = csv.DictReader(io.StringIO(client.get(f"/seasons/{slug}/results.csv").content.decode()))
    from_csv = {(r["event"], r["team"]): int(r["place"]) for r in rows}
    from_api = {(e["event"], p["team"]): p["place"] for e in data["events"] for p in e["places"]}
    assert from_api == from_csv
    assert data["version"] == 1 and {e["level"] for e in data["events"]} == {
        "area", "zone", "provincial",
    }  # fmt: skip
    road = data["roads"][0]
    assert road["event"] == "provincial" and all(len(t["steps"]) == 3 for t in road["teams"])


def test_event_standings_in_the_api_are_standings_json_with_level_and_zones(client, made):
    """/api/v1/events/<slug>/standings is standings.json with the level, final and zones."""
    old = client.get("/events/provincial/standings.json").json()
    new = client.get("/api/v1/events/provincial/standings").json()
    assert [r["rank"] for r in new["standings"]] == [r["rank"] for r in old["standings"]]
    assert new["level"] == "provincial" and new["final"] is True
    assert {r["zone"] for r in new["standings"]} == {"Zone 1", "Zone 2"}
    rotation = client.get("/api/v1/events/provincial/rotation").json()
    assert rotation["hands"] == client.get("/events/provincial/rotation.json").json()["hands"]


def test_results_appear_in_the_api_once_their_day_is_closed(client, made):
    """Before the day closes the results list is empty; after, it holds every result."""
    event = made["provincial"]
    assert client.get("/api/v1/events/provincial/results").json()["results"] == []
    from django.utils import timezone

    from tournaments.services.audit import bump_revision

    DayClose.objects.create(event=event, day=1, session=0, closed_at=timezone.now())
    bump_revision(event)
    data = client.get("/api/v1/events/provincial/results").json()
    assert data["closed_days"] == [1]
    assert len(data["results"]) == event.tables * 6
    assert set(data["results"][0]) >= {"hand", "host_table", "visitor_table", "visitor_tricks"}


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/api/v1/seasons/?year=twenty", 400),
        ("/api/v1/seasons/?year=2027&x=1", 400),
        ("/api/v1/seasons/?color=red", 400),
        ("/api/v1/seasons/no-such-season/", 404),
        ("/api/v1/seasons/%E2%99%A5%00/", 404),
        ("/api/v1/seasons/2026/?x=1", 400),
        ("/api/v1/events/no-such/standings", 404),
        ("/api/v1/events/BAD_slug/rotation", 404),
        ("/api/v1/events/provincial/results?day=1", 400),
        ("/api/v1/clubs/no-such-club/", 404),
        ("/seasons/2026/results.pdf?paper=a3", 400),
    ],
)
def test_bad_addresses_and_queries_answer_400_or_404_never_500(client, made, url, status):
    """A wrong year, short name or query string is refused with its status and a message."""
    response = client.get(url)
    assert response.status_code == status
    if url.startswith("/api/"):
        assert "error" in response.json()


def test_the_api_refuses_writes(client, made):
    """The API is read-only: a POST is not allowed."""
    assert client.post("/api/v1/seasons/").status_code == 405
    assert client.post("/api/v1/events/provincial/standings").status_code == 405


def test_seasons_filter_by_year(client, made):
    """?year=N lists that year's seasons only."""
    year = made["area-1"].season.year
    assert [s["year"] for s in client.get(f"/api/v1/seasons/?year={year}").json()["seasons"]] == [
        year
    ]
    assert client.get("/api/v1/seasons/?year=1999").json()["seasons"] == []


def test_api_answers_are_gzipped_for_browsers_that_ask(client, made):
    """Like standings.json, an answer is sent gzipped to a reader who accepts it."""
    response = client.get("/api/v1/seasons/", HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
    import gzip

    assert json.loads(gzip.decompress(response.content))["version"] == 1


def test_the_calendar_has_one_all_day_event_per_dated_event(client, made):
    """Each event with a first day is a VEVENT from that day for as many days as it plays."""
    from datetime import date

    made["area-1"].starts_on = date(2027, 5, 14)
    made["area-1"].save(update_fields=["starts_on"])
    from tournaments.services.audit import bump_revision

    bump_revision(made["area-1"])
    text = client.get(f"/seasons/{made['area-1'].season.slug}/calendar.ics").content.decode()
    assert text.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    assert text.count("BEGIN:VEVENT") == 1
    assert "DTSTART;VALUE=DATE:20270514\r\nDTEND;VALUE=DATE:20270515\r\n" in text
    assert "SUMMARY:Event area-1\r\n" in text


def test_long_calendar_lines_are_folded_at_75_octets_without_cutting_a_letter():
    """RFC 5545 folding: no line over 75 octets, continuations start with a space."""
    line = "SUMMARY:" + "Nguyễn Wałęsa Dvořák ♥ " * 10
    folded = _fold(line).split("\r\n")
    assert all(len(part.encode()) <= 75 for part in folded)
    assert all(part.startswith(" ") for part in folded[1:])
    assert "".join(p.removeprefix(" ") if i else p for i, p in enumerate(folded)) == line


@pytest.mark.parametrize(("paper", "size"), [("letter", (612, 792)), ("a4", (595, 842))])
def test_the_results_sheet_prints_on_letter_and_a4(client, made, paper, size, tmp_path):
    """The season's sheet comes on the paper asked for, with every event and the roads."""
    response = client.get(f"/seasons/{made['area-1'].season.slug}/results.pdf?paper={paper}")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(response.content)
    reader = PdfReader(path)
    box = reader.pages[0].mediabox
    assert (round(box.width), round(box.height)) == size
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Zone 1" in text and "The road to Provincial" in text
