"""A leader in the browser: keyboard entry, corrections, refused values, standings, projector."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.leader_helpers import make_event, make_user, play
from tournaments import snapshot

pytestmark = pytest.mark.django_db(transaction=True)

FAST_HASHER = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def hall(settings):
    settings.PASSWORD_HASHERS = FAST_HASHER
    event = make_event("area-e2e", tables=8)
    leader = make_user("lead", event)
    leader.set_password("hall-password-1")
    leader.save()
    return event


def log_in(page, live_server, next_path: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/?next={next_path}")
    page.get_by_label("User name").fill("lead")
    page.get_by_label("Password").fill("hall-password-1")
    page.get_by_label("Password").press("Enter")


def test_leader_enters_a_whole_hand_with_the_keyboard_and_standings_change(page, live_server, hall):
    """Typing eight numbers, each followed by Enter, saves hand 1 and opens hand 2."""
    log_in(page, live_server, f"/events/{hall.slug}/hands/1/")
    expect(page.get_by_label("Table 1 visitors' tricks")).to_be_focused()
    for tricks in ["10", "7", "6", "8", "3", "11", "9"]:
        page.keyboard.type(tricks)
        page.keyboard.press("Enter")
    expect(page.locator("#progress")).to_have_text("7 of 8 tables entered (7 not saved yet)")
    page.keyboard.type("13")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/hands/2/$"))
    expect(page.get_by_text("Hand 1: 8 tables saved.")).to_be_visible()
    page.goto(f"{live_server.url}/events/{hall.slug}/standings/")
    visitor = snapshot.rotation(hall).hand(1).visitor_of(8)  # took 2 flags with 13 tricks
    row = page.locator(
        "table.standings tbody tr", has=page.get_by_role("cell", name=f"Team {visitor}", exact=True)
    )
    expect(row.locator("td.total")).not_to_have_text("12")


def test_a_correction_shows_in_the_history_and_a_bad_value_is_refused(page, live_server, hall):
    """Changing table 3 from 8 to 4 appears in the history; typing 14 is refused on its row."""
    play(hall, [1], tricks=8)
    log_in(page, live_server, f"/events/{hall.slug}/hands/1/")
    visitor = snapshot.rotation(hall).hand(1).visitor_of(3)
    expect(page.locator("#row-3 .flags-preview")).to_have_text(
        f"Table {visitor} takes 1 flag from Table 3"
    )
    page.get_by_label("Table 3 visitors' tricks").fill("4")
    expect(page.locator("#row-3 .flags-preview")).to_have_text("No flag moves")
    page.get_by_label("Table 5 visitors' tricks").fill("14")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#row-5")).to_contain_text(
        "Table 5: tricks must be from 0 to 13, not 14. Not saved."
    )
    expect(page.locator(".history")).to_contain_text("changed 8 → 4")
    assert hall.results.get(hand__number=1, host_table=5).visitor_tricks == 8


def test_an_anonymous_visitor_cannot_reach_the_entry_grid(page, live_server, hall):
    """Opening the grid without logging in shows the login page instead."""
    page.goto(f"{live_server.url}/events/{hall.slug}/hands/1/")
    expect(page).to_have_url(re.compile(r"/accounts/login/"))
    expect(page.get_by_role("heading", name="Leader log in")).to_be_visible()


def test_the_projector_refreshes_without_reloading(page, live_server, hall):
    """Results saved elsewhere appear on the projector without a page reload."""
    page.goto(f"{live_server.url}/events/{hall.slug}/projector/?refresh=1")
    expect(page.locator("#hands-played")).to_have_text("0")
    page.evaluate("window.loadedOnce = true")
    play(hall, [1, 2], tricks=11)
    expect(page.locator("#hands-played")).to_have_text("2", timeout=5000)
    assert page.evaluate("window.loadedOnce") is True
