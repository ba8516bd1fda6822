"""The practice room in a real browser: one round of Militac and of Militaire by clicking."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("PRACTICE_ROOM_SHOTS")  # a folder to save screenshots in, when set


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def militac_wait(page: Page) -> str:
    """Wait until South must act or the deal is over; say which."""
    wait_until(
        page,
        "!document.getElementById('summary').hidden"
        " || !document.getElementById('pass-button').disabled"
        " || document.querySelector('#hand button:not([disabled])')",
    )
    if page.locator("#summary").is_visible():
        return "over"
    if page.locator("#bid-form").is_visible():
        return "bid"
    return "card"


def play_militac(page: Page, url: str, name: str) -> None:
    page.goto(url)
    clicks, bid = 0, False
    while (todo := militac_wait(page)) != "over":
        if todo == "bid":
            shot(page, f"{name}-bidding")
            if not bid and page.locator("#bid-choice option").count():
                page.get_by_role("button", name="Bid", exact=True).click()
                bid = True
            else:
                page.get_by_role("button", name="Pass").click()
        else:
            if clicks == 3:
                shot(page, f"{name}-play")
            page.locator("#hand button:not([disabled])").first.click()
            clicks += 1
        wait_until(
            page, "document.querySelectorAll('#hand button:not([disabled])').length === 0 || true"
        )
    shot(page, f"{name}-over")
    expect(page.locator("#summary-text")).to_contain_text("score")
    ns = int(page.locator("#squads-NS").inner_text())
    ew = int(page.locator("#squads-EW").inner_text())
    assert ns + ew in (0, 12)  # thrown in, or all twelve squads played


def test_a_militac_deal_played_by_clicking_ends_in_the_score(page: Page, live_server):
    """South bids, then clicks legal cards until the deal is over and the score is shown."""
    play_militac(page, f"{live_server.url}/practice/militac/?deal=11&pace=0", "militac")


def test_no_line_about_the_last_squad_is_left_above_the_militac_score(page: Page, live_server):
    """When the deal is over the summary speaks for it: the last squad's line is gone."""
    play_militac(page, f"{live_server.url}/practice/militac/?deal=11&pace=0", "militac-end")
    expect(page.locator("#announce")).to_have_text("")


def test_a_militac_deal_on_a_phone(page: Page, live_server):
    """On a 390-pixel phone the whole Militac deal is played by tapping, nothing off screen."""
    page.set_viewport_size(PHONE)
    play_militac(
        page, f"{live_server.url}/practice/militac/?deal=23&level=strong&pace=0", "militac-phone"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def play_militaire_round(page: Page, url: str, name: str) -> None:
    page.goto(url)
    turns = 0
    while True:
        wait_until(
            page,
            "!document.getElementById('summary').hidden"
            " || !document.getElementById('draw-stock').disabled",
        )
        if page.locator("#summary").is_visible():
            break
        page.get_by_role("button", name="Stock").click()
        wait_until(
            page,
            "!document.getElementById('summary').hidden"
            " || document.querySelector('#hand button:not([disabled])')",
        )
        if page.locator("#summary").is_visible():
            break
        if turns == 2:
            shot(page, f"{name}-turn")
        # Meld whatever the hand offers by tapping: try the first three cards as a meld.
        cards = page.locator("#hand button")
        cards.nth(0).click()
        expect(cards.nth(0)).to_have_attribute("aria-pressed", "true")
        cards.nth(0).click()
        last = cards.nth(cards.count() - 1)
        if last.get_attribute("class") and "taken" in last.get_attribute("class"):
            last = cards.nth(cards.count() - 2)
        last.click()
        page.get_by_role("button", name="Discard the chosen card").click()
        turns += 1
    shot(page, f"{name}-over")
    expect(page.locator("#summary-title")).to_contain_text("over")
    expect(page.locator("#round-table tbody tr")).to_have_count(2)  # the round and the total


def test_a_militaire_round_played_by_clicking_ends_in_the_score_table(page: Page, live_server):
    """Drawing and discarding by clicking until someone goes out shows the round's scores."""
    play_militaire_round(page, f"{live_server.url}/practice/militaire/?deal=4&pace=0", "militaire")
    page.get_by_role("button", name="Deal the next round").click()
    expect(page.locator("#round")).to_have_text("2")


def test_a_militaire_round_with_the_army_pack_on_a_phone(page: Page, live_server):
    """On a 390-pixel phone a round with the Army rank pack is played by tapping."""
    page.set_viewport_size(PHONE)
    url = f"{live_server.url}/practice/militaire/?deal=9&pack=army&players=3&level=strong&pace=0"
    play_militaire_round(page, url, "militaire-army-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_practice_room_on_a_phone_leads_to_each_game_and_its_rules(page: Page, live_server):
    """On a phone the room offers the three games; a rules page opens from it and fits."""
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/practice/")
    shot(page, "room-phone")
    for name in ("Play Military Whist", "Play Militac", "Play Militaire"):
        expect(page.get_by_role("button", name=name)).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("link", name="Rules of Militaire").click()
    expect(
        page.get_by_role("heading", name="Where the texts are silent, this table decides")
    ).to_be_visible()
    shot(page, "militaire-rules-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("link", name="Play Militaire").click()
    expect(page.get_by_role("button", name="Stock")).to_be_visible()
