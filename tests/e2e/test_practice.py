"""The practice table in a real browser: play a whole hand by mouse and by keyboard."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)

# pace=0 plays the computer's cards without the pause a person needs to follow them.
FAST = "pace=0"


def legal_cards(page: Page):
    return page.locator("#hand button:not([disabled])")


def wait_for_south_or_end(page: Page) -> bool:
    """Wait until South may play (True) or the summary shows (False)."""
    page.wait_for_function(
        "document.querySelector('#hand button:not([disabled])')"
        " || !document.getElementById('summary').hidden"
    )
    return page.locator("#summary").is_hidden()


def test_a_whole_hand_played_with_the_mouse_ends_in_the_summary(page: Page, live_server):
    """Clicking a legal card 13 times shows the flags summary; Replay deals the same cards."""
    page.goto(f"{live_server.url}/practice/?deal=1234&{FAST}")
    expect(page.locator("#trump")).not_to_have_text("…")
    wait_for_south_or_end(page)
    dealt = page.locator("#hand button").evaluate_all("bs => bs.map(b => b.dataset.code)")
    clicks = 0
    while wait_for_south_or_end(page):
        legal_cards(page).first.click()
        clicks += 1
    assert clicks == 13
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary-flags")).to_have_text(re.compile("flag"))
    expect(page.get_by_role("link", name="Deal again")).to_be_visible()
    ns = int(page.locator("#tricks-ns").inner_text())
    ew = int(page.locator("#tricks-ew").inner_text())
    assert ns + ew == 13
    page.get_by_role("button", name="Replay this deal").click()
    expect(page.locator("#hand button")).to_have_count(13)
    assert page.locator("#hand button").evaluate_all("bs => bs.map(b => b.dataset.code)") == dealt


def test_cards_are_named_in_words_and_only_legal_ones_are_enabled(page: Page, live_server):
    """Each card button's accessible name is the card in words; only legal cards are enabled."""
    page.goto(f"{live_server.url}/practice/?deal=77&{FAST}")
    wait_for_south_or_end(page)
    expect(
        page.get_by_role("button", name=re.compile(r"^\w+ of (clubs|diamonds|hearts|spades)$"))
    ).to_have_count(13)
    enabled = legal_cards(page).evaluate_all("bs => bs.map(b => b.dataset.code)")
    state = page.request.get(f"{live_server.url}/practice/api/state/").json()
    assert enabled == [card["code"] for card in state["hand"] if card["legal"]]


def test_a_hand_can_be_played_with_the_keyboard(page: Page, live_server):
    """Tab to the cards, arrow to a legal one and press Enter, to the end of the hand."""
    page.goto(f"{live_server.url}/practice/?deal=555&{FAST}")
    on_legal_card = "document.activeElement.matches('#hand button:not([disabled])')"
    for played in range(1, 14):
        wait_for_south_or_end(page)
        for _ in range(40):
            if page.evaluate(on_legal_card):
                break
            page.keyboard.press("Tab")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        expect(page.locator("#hand button")).to_have_count(13 - played)
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary")).to_be_focused()


def test_the_address_replays_the_same_hand(page: Page, live_server):
    """The deal's address opened afresh, in a new session, deals the same cards."""
    url = f"{live_server.url}/practice/?deal=4321&{FAST}"
    page.goto(url)
    wait_for_south_or_end(page)
    codes = "bs => bs.map(b => b.dataset.code)"
    first = page.locator("#hand button").evaluate_all(codes)
    legal_cards(page).first.click()
    expect(page.locator("#hand button")).to_have_count(12)
    page.context.clear_cookies()
    page.goto(url)
    wait_for_south_or_end(page)
    assert page.locator("#hand button").evaluate_all(codes) == first
