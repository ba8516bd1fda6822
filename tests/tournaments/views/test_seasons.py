"""A province's season: events linked from area to provincial, the season page and its roads."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.season_helpers import area, play_through, season
from tournaments import snapshot
from tournaments.cache import store
from tournaments.models import Club, EventSource, TeamSource

pytestmark = pytest.mark.django_db


def places(event) -> dict[str, int]:
    return {s.team: s.rank for s in snapshot.standings(event)}


def test_create_next_level_records_the_events_and_places_each_team_came_from():
    """A zone made from three areas names them in zone order and each team's area, place and
    table there."""
    made = season()
    zone = made["zone-1"]
    assert list(EventSource.objects.filter(event=zone).values_list("source_slug", flat=True)) == [
        "area-1",
        "area-2",
        "area-3",
    ]
    for link in TeamSource.objects.filter(event=zone):
        source = made[link.source_slug]
        team = snapshot.team_at(source, link.source_table)
        assert link.team == team.name
        assert places(source)[team.name] == link.place <= 2


def test_the_season_page_shows_each_provincial_teams_road_with_its_place_at_each_level(client):
    """Every provincial team is traced back through its zone to its area, with its places."""
    made = season()
    html = client.get(f"/seasons/{made['provincial'].season.slug}/").content.decode()
    road = html[html.index("The road to Provincial") :]
    for team, place in places(made["provincial"]).items():
        link = TeamSource.objects.get(event=made["provincial"], team=team)
        zone = made[link.source_slug]
        zone_team = snapshot.team_at(zone, link.source_table).name
        area_link = TeamSource.objects.get(event=zone, team=zone_team)
        own, in_zone, in_area = road[road.index(f">{team}<") :].split("</li>")[:3]
        assert own.endswith(f"place {place}")
        assert f">{zone.name}</a>" in in_zone
        assert in_zone.endswith(f"place {places(zone)[zone_team]}")
        assert f">{made[area_link.source_slug].name}</a>" in in_area
        assert in_area.endswith(f"place {area_link.place}")


def test_the_season_page_lists_every_event_by_level_with_its_winner():
    """Areas, zones and the provincial each under their level, each with its winner."""
    made = season()
    summary = snapshot.seasons.season_summary(made["area-1"].season.slug)
    assert [level for level, _ in summary.levels] == ["area", "zone", "provincial"]
    for result in summary.events:
        event = made[result.slug]
        winner = next(s for s in snapshot.standings(event) if s.rank == 1)
        assert result.winner.team == winner.team


def cold_queries(client, url: str) -> int:
    cache.clear()
    store.clear_memory()
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


SEASON_URLS = [
    "/seasons/{season}/",
    "/seasons/{season}/results.csv",
    "/seasons/{season}/calendar.ics",
    "/api/v1/seasons/",
    "/api/v1/seasons/{season}/",
    "/clubs/{club}/",
    "/api/v1/clubs/{club}/",
    "/clubs/",
]


@pytest.mark.parametrize("address", SEASON_URLS)
def test_season_pages_run_as_many_queries_for_six_areas_as_for_two(client, address):
    """A season of six areas costs the pages and the API no more queries than one of two."""
    small, large = season(areas=2, tables=4), season(areas=6, tables=6, prefix="big-")
    counts = []
    for made in (small, large):
        provincial = made["provincial"]
        team = snapshot.standings(provincial)[0].team
        club = provincial.club_entries.get(team=team).club.slug
        url = address.format(season=provincial.season.slug, club=club)
        counts.append(cold_queries(client, url))
    assert counts[0] == counts[1] <= 20


def test_a_saved_result_in_any_event_shows_at_once_on_the_season_page(client):
    """The season page is kept once rendered, and a correction in one area changes it."""
    made = season()
    url = f"/seasons/{made['area-1'].season.slug}/"
    first = client.get(url).content.decode()
    assert client.get(url).content.decode() == first
    play_through(made["area-2"], first=6, second=5)  # the same hands, now other winners
    second = client.get(url).content.decode()
    assert second != first
    winner = next(s for s in snapshot.standings(made["area-2"]) if s.rank == 1).team
    assert winner == "area-2 Club 6" and ">area-2 Club 6</a>" in second


def test_an_unknown_season_or_club_is_not_found(client):
    """Wrong short names answer 404, never a server error."""
    for url in ("/seasons/nope/", "/seasons/nope/results.csv", "/seasons/nope/calendar.ics",
                "/seasons/nope/results.pdf", "/clubs/nope/", "/clubs/nope/players/x/"):  # fmt: skip
        assert client.get(url).status_code == 404, url


def listed(html: str) -> list[tuple[str, str]]:
    """The clubs /clubs/ lists, in order: (address, name)."""
    found = re.findall(r'<li><a href="(/clubs/[^"]+/)">([^<]+)</a>', html)
    return [(url, unescape(name)) for url, name in found]


def test_the_club_list_names_every_club_of_every_season_with_its_page(client):
    """Clubs of two seasons, the ones out at their area too, each linked to its own page."""
    season(areas=2, tables=4)
    season(areas=2, tables=4, prefix="next-")
    response = client.get("/clubs/")
    assert response.status_code == 200
    shown = listed(response.content.decode())
    assert sorted(shown) == sorted((c.get_absolute_url(), c.name) for c in Club.objects.all())
    assert len(shown) == Club.objects.count() > 12
    assert all(client.get(url).status_code == 200 for url, _ in shown[:3])


def test_the_club_list_sorts_names_as_read_whatever_their_accents(client):
    """Éclair files under E, Łódź under L, Řeka under R and Trễ under T, not after Z."""
    for n, prefix in enumerate(["Zeta ", "Trễ ", "Řeka ", "Łódź ", "Lark ", "Éclair ", "Eagle "]):
        area(f"a{n}", tables=2, club_prefix=prefix)
    names = [name.split(" a")[0] for _, name in listed(client.get("/clubs/").content.decode())]
    assert names == [
        "Eagle", "Eagle", "Éclair", "Éclair", "Lark", "Lark", "Łódź", "Łódź",
        "Řeka", "Řeka", "Trễ", "Trễ", "Zeta", "Zeta",
    ]  # fmt: skip


def test_the_season_pages_club_pages_and_events_list_lead_to_the_club_list(client):
    """A reader finds every club from the season page, a club's page, the events list and
    the seasons list."""
    made = season(areas=2, tables=4)
    club = Club.objects.first()
    season_page = f"/seasons/{made['area-1'].season.slug}/"
    for url in (season_page, club.get_absolute_url(), "/", "/seasons/"):
        assert 'href="/clubs/"' in client.get(url).content.decode(), url
