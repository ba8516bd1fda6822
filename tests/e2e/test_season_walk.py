"""A reader walks a season on a phone: every club's list reads at 390 px, long accented names
wrap rather than run off the screen, and a zone's standings lead to the area each team came
from and to its club."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_accessibility import serious
from tests.season_helpers import area, season

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = "/tmp/whist-season-walk"  # noqa: S108 - screenshots to look at, not kept
LONG = "Légion royale canadienne filiale Wałęsa-Trễ "  # its teams' names run to 60


def overflows(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth > window.innerWidth")


def test_a_reader_walks_from_the_club_list_and_a_zones_standings(page, live_server):
    """On a 390 px phone the club list shows a 60-character club whole, wrapped, with no
    sideways scrolling and no serious accessibility fault; on the zone's standings (whose
    zone column a phone hides) an area's name under a team's leads to that area, and a team's
    name to its club."""
    width = 390
    made = season(areas=2, tables=4)
    long = area("long-area", tables=2, club_prefix=LONG)
    name = long.teams.get(home_table=1).name
    assert len(name) == 60
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{live_server.url}/clubs/")
    club = page.get_by_role("link", name=name)
    expect(club).to_be_visible()
    assert not overflows(page) and club.bounding_box()["width"] <= width
    assert serious(page) == []
    page.screenshot(path=f"{SHOTS}/clubs-{width}.png", full_page=True)
    zone = made["zone-1"]
    page.goto(f"{live_server.url}/events/{zone.slug}/standings/")
    page.screenshot(path=f"{SHOTS}/zone-standings-{width}.png", full_page=True)
    assert not overflows(page)
    team = zone.teams.get(home_table=1).name
    page.get_by_role("link", name=team, exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(team.split(" (")[0])
    page.go_back()
    page.get_by_role("link", name=made["area-2"].name).first.click()
    expect(page).to_have_url(f"{live_server.url}/events/area-2/")
    page.goto(f"{live_server.url}/events/{zone.slug}/")
    page.screenshot(path=f"{SHOTS}/zone-home-{width}.png", full_page=True)
    assert not overflows(page)
