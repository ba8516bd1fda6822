"""A leader runs a three-team playoff through the pages, and the standings show the result."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_entry import FAST_HASHER, log_in
from tests.leader_helpers import make_event, make_user
from tournaments.services import ResultEntry, results_record

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tied_hall(settings):
    """A one-hand, three-table event played out with no flag moving: all three tied."""
    settings.PASSWORD_HASHERS = FAST_HASHER
    event = make_event("tied-e2e", tables=3, hands_per_day=(1,))
    results_record(event=event, entries=[ResultEntry(1, t, 0) for t in (1, 2, 3)], actor=None)
    leader = make_user("lead", event)
    leader.set_password("hall-password-1")
    leader.save()
    return event


def card_name(player: str) -> str:
    """A player as the form names them, as on the table cards: 'A2 (table 2, A)'."""
    return f"{player[-1]}{player[:-1]} (table {player[:-1]}, {player[-1]})"


def test_a_three_way_playoff_runs_through_the_pages(page, live_server, tied_hall):
    """Draw, two playoff hands and the standings: 1st, 2nd and 3rd decided and marked P."""
    log_in(page, live_server, f"/events/{tied_hall.slug}/")
    page.locator("a.button", has_text=re.compile("^Playoffs$")).click()  # the event home's button
    expect(page.get_by_role("heading", name="Tie for rank 1: 3 teams on 12")).to_be_visible()
    page.get_by_label("Table 1 A player's card").fill("2H")
    page.get_by_label("Table 2 A player's card").fill("KS")
    page.get_by_label("Table 3 A player's card").fill("9D")
    page.get_by_role("button", name="Record the draw").click()
    expect(page.get_by_text("Bye: table 1.")).to_be_visible()

    hand = page.locator("#playoff-hand-1")
    hand.get_by_label("Director's trump cut").fill("QH")
    for player, card in {"2A": "3C", "2B": "8C", "3A": "JC", "3B": "5D"}.items():
        hand.get_by_label(card_name(player), exact=True).fill(card)
    hand.get_by_label("Table 3 A and B pair's tricks").fill("4")
    hand.get_by_role("button", name="Save playoff hand 1").click()
    expect(page.locator("#playoff-hand-1")).to_contain_text("Table 2 wins 9–4 · trump ♥ (cut QH)")

    hand = page.locator("#playoff-hand-2")
    hand.get_by_label("Director's trump cut").fill("7S")
    for player, card in {"1A": "3C", "1B": "8C", "2A": "JC", "2B": "5D"}.items():
        hand.get_by_label(card_name(player), exact=True).fill(card)
    hand.get_by_label("Table 1 A and B pair's tricks").fill("7")
    hand.get_by_role("button", name="Save playoff hand 2").click()
    expect(page.locator(".playoff-places")).to_contain_text("Rank 3: table 3")

    page.get_by_role("link", name="Standings", exact=True).click()
    rows = page.locator("table.standings tbody tr")
    expect(rows.nth(0)).to_contain_text("Team 1")
    expect(rows.nth(0)).to_contain_text("playoff hand 2")
    expect(rows.nth(1)).to_contain_text("playoff hands 1, 2")
    expect(rows.nth(2).locator("abbr.playoff")).to_have_text("P")


def test_a_250_table_event_proposes_only_the_ties_that_decide_the_advancing_places(
    page, live_server, settings
):
    """At 250 tables with the default settings (two advance), after all 50 hands, the playoffs
    page on a 1366 x 768 laptop proposes only the tied groups within the first two places, says
    how many other ties stay shared and points to the setting; the page is a few screens, not
    the 26,000 pixels of every tie."""
    from tests.hall_size import LAPTOP, full_hall
    from tournaments import snapshot

    settings.PASSWORD_HASHERS = FAST_HASHER
    event = full_hall("all-fifty", played=50)
    leader = make_user("lead", event)
    leader.set_password("hall-password-1")
    leader.save()
    others = {s.rank for s in snapshot.standings(event) if s.tied and s.rank > 2}
    assert len(others) > 10  # a real hall's many ties below the advancing places
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server, f"/events/{event.slug}/playoffs/")
    expect(page.locator("p.playoff-count")).to_contain_text(
        "ties that decide the first 2 places are played off"
    )
    expect(page.locator("p.other-ties")).to_contain_text(f"{len(others)} other ties")
    expect(page.get_by_role("link", name="Playoffs for ties in the first places")).to_be_visible()
    groups = page.locator("section.playoff-group")
    assert 1 <= groups.count() <= 2
    for heading in groups.locator("h2").all_inner_texts():
        assert int(re.search(r"rank (\d+)", heading)[1]) <= 2
    assert page.evaluate("document.documentElement.scrollHeight") < 6 * LAPTOP["height"]
