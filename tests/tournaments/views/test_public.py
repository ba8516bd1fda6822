"""The JSON interfaces of DESIGN.md section 4, the health check, and the event's home and
standings pages' links to its teams' clubs and to the events they came from."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.utils.html import escape

from tests.conftest import build_event
from tests.season_helpers import season
from tests.tournaments.views.test_seasons import cold_queries
from tournaments import snapshot
from tournaments.models import TeamSource
from tournaments.services import ResultEntry, results_record
from tournaments.services.archive_import import import_event
from tournaments.services.records import event_delete
from tournaments.snapshot.archive import archive_text

pytestmark = pytest.mark.django_db


def enter(event, hand, tricks_by_table):
    results_record(
        event=event,
        actor=None,
        entries=[ResultEntry(hand, table, tricks) for table, tricks in tricks_by_table.items()],
    )


def test_healthz_says_ok_without_the_database(client, django_assert_num_queries):
    """The health check answers 200 ok and touches no database."""
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200 and response.content == b"ok"


def test_rotation_json_has_the_documented_shape(client, event):
    """rotation.json lists every hand with its day, session, trump, pair and moves."""
    body = client.get(f"/events/{event.slug}/rotation.json").json()
    assert body["event"] == event.slug and body["tables"] == 4 and len(body["hands"]) == 30
    assert body["hands"][0] == {
        "hand": 1,
        "day": 1,
        "session": 1,
        "trump": "H",
        "travelling": "AB",
        "moves": {"1": 2, "2": 3, "3": 4, "4": 1},
    }


def test_standings_json_before_play_has_no_days(client, event):
    """Before any result, every team is tied on 0 with no day begun."""
    body = client.get(f"/events/{event.slug}/standings.json").json()
    assert body["hands_played"] == 0
    assert {(s["rank"], s["total"], s["tied"], tuple(s["days"])) for s in body["standings"]} == {
        (1, 0, True, ())
    }


def test_standings_json_follows_the_results(client, event):
    """After hand 1 the visitors' home tables gain what the host tables lose."""
    enter(event, 1, {1: 10, 2: 7, 3: 3, 4: 6})  # visitors of 1 are table 4, of 2 table 1 ...
    body = client.get(f"/events/{event.slug}/standings.json").json()
    rows = {s["table"]: s for s in body["standings"]}
    assert body["hands_played"] == 1
    assert [rows[t]["days"] for t in (1, 2, 3, 4)] == [[11], [11], [12], [14]]
    assert rows[4] == {
        "rank": 1,
        "table": 4,
        "team": "Team 4",
        "days": [14],
        "total": 14,
        "tied": False,
        "playoff": [],
        "advancing": False,
    }
    assert rows[1]["rank"] == rows[2]["rank"] == 3 and rows[1]["tied"]


def test_standings_json_holds_one_entry_per_begun_day(client, two_day_event):
    """A result on day 2 adds a second day record that starts from 12 flags."""
    enter(two_day_event, 1, {2: 10})
    enter(two_day_event, 31, {2: 7})  # hand 31 moves every pair one table on again
    rows = {
        s["table"]: s
        for s in client.get(f"/events/{two_day_event.slug}/standings.json").json()["standings"]
    }
    assert rows[1]["days"] == [14, 13] and rows[1]["total"] == 27
    assert rows[3]["days"] == [12, 12]
    assert rows[2]["days"] == [10, 11]


def test_a_correction_changes_the_standings_at_once(client, event):
    """Standings are derived: a corrected result shows in the next request."""
    enter(event, 1, {2: 10})
    client.get(f"/events/{event.slug}/standings.json")
    enter(event, 1, {2: 4})
    rows = client.get(f"/events/{event.slug}/standings.json").json()["standings"]
    assert {r["total"] for r in rows} == {12}


def test_unknown_event_is_404(client, db):
    """An address for an event that does not exist is not found."""
    assert client.get("/events/nope/standings.json").status_code == 404


@pytest.mark.parametrize("tables", [2, 7, 250])
def test_rotation_json_is_a_derangement_for_any_size(client, db, tables):
    """For 2 to 250 tables every hand sends each pair to another table, one pair a table."""
    event = build_event(f"n{tables}", tables=tables, hands_per_day=(3,))
    for hand in client.get(f"/events/{event.slug}/rotation.json").json()["hands"]:
        hosts = list(hand["moves"].values())
        assert sorted(hosts) == list(range(1, tables + 1))
        assert all(int(home) != host for home, host in hand["moves"].items())


@pytest.mark.parametrize("url", ["standings.json", "rotation.json", "", "standings/", "rotation/"])
def test_public_pages_use_the_same_queries_for_8_and_64_tables(
    client, db, url, django_assert_max_num_queries
):
    """The query count of a public page does not grow with the number of tables."""
    counts = []
    for tables in (8, 64):
        event = build_event(f"q{tables}", tables=tables, hands_per_day=(6,))
        enter(event, 1, dict.fromkeys(range(1, tables + 1), 8))
        # Cold: the event, the hands' tallies, the teams and the hall's hand, the teams'
        # clubs (the home and standings link them), and the event's revision read around
        # each value built (tournaments/cache/store.py; the tallies every page shares are
        # checked on their own).
        with django_assert_max_num_queries(12) as ctx:
            assert client.get(f"/events/{event.slug}/{url}").status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]


def zone_cells(html: str) -> dict[str, str]:
    """By team name, the zone cell of each standings row (its link, if any, and text)."""
    found = {}
    for row in html.split('<tr class="')[1:]:
        team = re.search(r'<td class="team">(?:<a href="[^"]*">)?([^<]*)', row).group(1)
        found[unescape(team)] = re.search(r'<td class="zone">(.*?)</td>', row).group(1)
    return found


def test_a_zones_standings_link_each_teams_area_to_the_area_event(client):
    """Each zone team's area is a link to the area event its team came from."""
    made = season(areas=2, tables=4)
    zone = made["zone-1"]
    cells = zone_cells(client.get(f"/events/{zone.slug}/standings/").content.decode())
    for link in TeamSource.objects.filter(event=zone):
        area = made[link.source_slug]
        assert cells[link.team] == f'<a href="/events/{area.slug}/">{area.name}</a>'


def test_a_zones_home_links_each_leading_teams_area_and_club(client):
    """The home's leading teams name their area, linked to its event, and their club."""
    made = season(areas=2, tables=4)
    zone = made["zone-1"]
    html = client.get(f"/events/{zone.slug}/").content.decode()
    leading = html[html.index("Final places") :]
    for standing in snapshot.standings(zone)[:5]:
        area = made[TeamSource.objects.get(event=zone, team=standing.team).source_slug]
        club = zone.club_entries.get(team=standing.team).club
        assert f'<a href="/events/{area.slug}/">{area.name}</a>' in leading
        assert f'<a href="/clubs/{club.slug}/">{escape(standing.team)}</a>' in leading


def test_an_area_not_on_this_installation_is_named_without_a_link(client):
    """With its area deleted here, a zone team's area reads as plain text, as before."""
    made = season(areas=2, tables=4)
    zone, gone = made["zone-1"], made["area-1"]
    name = gone.name
    event_delete(event=gone, confirm=gone.slug, actor=None)
    cells = zone_cells(client.get(f"/events/{zone.slug}/standings/").content.decode())
    for link in TeamSource.objects.filter(event=zone, source_slug="area-1"):
        assert cells[link.team] == name
    home = client.get(f"/events/{zone.slug}/").content.decode()
    assert "/events/area-1/" not in home and "/events/area-2/" in home


@pytest.mark.django_db(transaction=True)
def test_an_area_restored_after_its_zones_pages_were_read_is_linked_at_once(client):
    """The zone's pages, kept once read, link an area restored here afterwards, though the
    zone's own revision did not move; a phone reading them again is given them kept."""
    made = season(areas=2, tables=4)
    zone, area = made["zone-1"], made["area-1"]
    archive = json.loads(archive_text(area))
    event_delete(event=area, confirm=area.slug, actor=None)
    urls = [f"/events/{zone.slug}/", f"/events/{zone.slug}/standings/"]
    before = [client.get(url).content.decode() for url in urls]
    assert all("/events/area-1/" not in page for page in before)
    assert [client.get(url).content.decode() for url in urls] == before
    import_event(archive)
    after = [client.get(url).content.decode() for url in urls]
    assert all(f'<a href="/events/area-1/">{area.name}</a>' in page for page in after)


def test_an_areas_standings_link_every_team_to_its_club(client):
    """Every area team, the ones out at the area too, links to its club's page."""
    area = season(areas=2, tables=4)["area-2"]
    html = client.get(f"/events/{area.slug}/standings/").content.decode()
    for entry in area.club_entries.select_related("club"):
        assert f'<a href="/clubs/{entry.club.slug}/">{escape(entry.team)}</a>' in html


@pytest.mark.parametrize("page", ["", "standings/"])
def test_a_zones_linked_pages_use_as_many_queries_for_more_areas_and_teams(client, page):
    """With their areas' and clubs' links, a zone's home and standings cost no more queries
    for four areas of eight teams than for two of four."""
    counts = []
    for made in (season(areas=2, tables=4), season(areas=4, tables=8, prefix="big-")):
        counts.append(cold_queries(client, f"/events/{made['zone-1'].slug}/{page}"))
    assert counts[0] == counts[1] <= 14
