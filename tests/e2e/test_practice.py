"""The practice table in a real browser: play a whole hand by mouse and by keyboard."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

# pace=0 plays the computer's cards without the pause a person needs to follow them.
FAST = "pace=0"


def legal_cards(page: Page):
    return page.locator("#hand button:not([disabled])")


def wait_for_south_or_end(page: Page) -> bool:
    """Wait until South may play (True) or the summary shows (False)."""
    wait_until(
        page,
        "document.querySelector('#hand button:not([disabled])')"
        " || !document.getElementById('summary').hidden",
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


def test_the_last_tricks_line_gives_way_to_the_summary(page: Page, live_server):
    """After the thirteenth trick no line about who won it is left above the summary."""
    page.goto(f"{live_server.url}/practice/?deal=1234&{FAST}")
    while wait_for_south_or_end(page):
        legal_cards(page).first.click()
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#announce")).to_have_text("")


def test_cards_are_named_in_words_and_only_legal_ones_are_enabled(page: Page, live_server):
    """Each card button's accessible name is the card in words; only legal cards are enabled."""
    page.goto(f"{live_server.url}/practice/?deal=77&{FAST}")
    wait_for_south_or_end(page)
    expect(
        page.get_by_role("button", name=re.compile(r"^\w+ of (clubs|diamonds|hearts|spades)$"))
    ).to_have_count(13)
    enabled = legal_cards(page).evaluate_all("bs => bs.map(b => b.dataset.code)")
    state = page.request.get(f"{live_server.url}/practice/api/state/?deal=77").json()
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


PHONE = {"width": 390, "height": 844}
SHOTS = Path(tempfile.gettempdir())  # screenshots to look at, never kept in the repository


def test_the_table_teaches_the_hand_on_a_phone(page: Page, live_server):
    """At 390 px: the briefing, a card leaving the hand at once, a held trick, the last trick."""
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/practice/?deal=7&pace=0&hold=60000")
    wait_for_south_or_end(page)
    expect(page.locator("#briefing-deal")).to_have_text(re.compile(r"^\w+ deals and \w+ leads\.$"))
    expect(page.locator("#briefing-task")).to_contain_text("visitors: 7 tricks win one flag")
    expect(page.locator("#briefing-trump")).to_contain_text("Trump")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    held = []

    def hold_the_answer(route):
        held.append(route)

    page.route("**/practice/api/play/", hold_the_answer)
    card = legal_cards(page).first
    code = card.get_attribute("data-code")
    card.click()
    expect(page.locator("#hand button")).to_have_count(12)  # before the server has answered
    expect(page.locator("#played-S .card")).to_have_count(1)
    assert len(held) == 1 and code not in page.locator("#hand").inner_text()
    held[0].continue_()
    expect(page.locator("#trick-note")).to_contain_text("the trick for")
    page.wait_for_timeout(2500)
    expect(page.locator("#trick-note")).to_contain_text("the trick for")  # it waits for a tap
    expect(page.locator(".table-area .played .card")).to_have_count(4)
    page.screenshot(path=SHOTS / "practice-390-trick.png", full_page=True)
    page.locator("#table").click()
    expect(page.locator("#trick-note")).to_have_text("")
    expect(page.locator("#last-trick")).to_be_hidden()
    page.get_by_role("button", name="Last trick").click()
    expect(page.locator("#last-trick .card")).to_have_count(4)
    expect(page.locator("#last-trick")).to_contain_text("won it")


def test_a_trick_clears_by_itself_after_two_seconds(page: Page, live_server):
    """Untouched, a finished trick leaves the table after about two seconds."""
    page.goto(f"{live_server.url}/practice/?deal=7&pace=0&hold=2000")
    wait_for_south_or_end(page)
    legal_cards(page).first.click()
    expect(page.locator("#trick-note")).to_contain_text("the trick for")
    expect(page.locator("#trick-note")).to_have_text("", timeout=4000)


def test_the_summary_gives_the_flags_and_the_double_dummy_result(page: Page, live_server):
    """As defenders, the hand ends with the flags it would move and what the cards allowed; a
    reload shows the finished hand again, and Replay deals it afresh."""
    page.set_viewport_size(PHONE)
    url = f"{live_server.url}/practice/?deal=8&{FAST}"
    page.goto(url)
    expect(page.locator("#briefing-task")).to_contain_text("defenders")
    while wait_for_south_or_end(page):
        legal_cards(page).first.click()
    expect(page.locator("#summary-flags")).to_have_text(re.compile("your table"))
    expect(page.locator("#review-par")).to_have_text(
        re.compile(r"^The cards allowed North-South \d+ tricks; you took \d+\.$")
    )
    page.screenshot(path=SHOTS / "practice-390-summary.png", full_page=True)
    page.goto(url)  # a reload resumes the deal where it stood: here, finished
    expect(page.locator("#summary")).to_be_visible()
    page.get_by_role("button", name="Replay this deal").click()
    expect(page.locator("#hand button")).to_have_count(13)
    expect(page.locator("#summary")).to_be_hidden()
