"""The practice room as a coach, clicked as a club player would: two tabs on two deals never
mix, a reload resumes, the review shows the four hands and each card's cost, a hint names a
card with a reason, undo takes a card back, and a phone shows the trick and the hand at once."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
FAST = "pace=0&hold=0"
SOUTH = (
    "document.querySelector('#hand button:not([disabled])')"
    " || !document.getElementById('summary').hidden"
)


def south_to_play(page: Page) -> bool:
    """Wait until South may play (True) or the hand is over (False)."""
    page.wait_for_function(SOUTH)
    return page.locator("#summary").is_hidden()


def codes(page: Page) -> list[str]:
    return page.locator("#hand button").evaluate_all("bs => bs.map(b => b.dataset.code)")


def play_first(page: Page) -> None:
    page.locator("#hand button:not([disabled])").first.click()


def on_screen(page: Page, selector: str) -> bool:
    """The element is wholly inside the window as it is, without scrolling."""
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_two_tabs_on_two_deals_never_mix(page: Page, live_server):
    """Deal 1234 in one tab and deal 777 in another: a card clicked in the first goes to deal
    1234, and the second tab still holds deal 777's thirteen cards."""
    page.goto(f"{live_server.url}/practice/?deal=1234&{FAST}")
    south_to_play(page)
    other = page.context.new_page()
    other.goto(f"{live_server.url}/practice/?deal=777&{FAST}")
    south_to_play(other)
    dealt_777 = codes(other)
    card = page.locator("#hand button:not([disabled])").first.get_attribute("data-code")
    play_first(page)
    south_to_play(page)
    expect(page.locator("#hand button")).to_have_count(12)
    assert card not in codes(page)
    expect(page.get_by_role("heading", name="Deal 1234")).to_be_attached()
    expect(page.locator("#announce")).not_to_contain_text("does not hold")
    other.reload()
    south_to_play(other)
    assert codes(other) == dealt_777


def test_a_tab_that_fell_behind_is_told_and_shown_the_deal(page: Page, live_server):
    """The same deal in two tabs: after a card in the first, a click in the second is refused
    in plain words and the second tab then shows the deal as it stands."""
    url = f"{live_server.url}/practice/?deal=4040&{FAST}"
    page.goto(url)
    south_to_play(page)
    behind = page.context.new_page()
    behind.goto(url)
    south_to_play(behind)
    play_first(page)
    south_to_play(page)
    expect(page.locator("#hand button")).to_have_count(12)
    play_first(behind)
    expect(behind.locator("#announce")).to_contain_text("went on in another tab")
    expect(behind.locator("#hand button")).to_have_count(12)
    assert codes(behind) == codes(page)


def test_a_reload_resumes_the_hand(page: Page, live_server):
    """Two cards played, then the page reloaded: the hand carries on with eleven cards."""
    page.goto(f"{live_server.url}/practice/?deal=2626&{FAST}")
    for _ in range(2):
        south_to_play(page)
        play_first(page)
    south_to_play(page)
    before = codes(page)
    page.reload()
    south_to_play(page)
    assert codes(page) == before and len(before) == 11


def test_the_review_shows_the_four_hands_and_each_cards_cost(page: Page, live_server):
    """After the thirteenth trick: the four hands as dealt, the thirteen tricks, what the cards
    allowed, and the cost of every card in a sentence."""
    pytest.importorskip("endplay")
    page.goto(f"{live_server.url}/practice/?deal=22&level=strong&{FAST}")
    while south_to_play(page):
        play_first(page)
    expect(page.locator("#review-hands .diagram-hand")).to_have_count(4)
    ranks = page.locator("#review-hands .suit-line").evaluate_all(
        "ps => ps.map(p => p.lastChild.textContent.trim()).join(' ')"
    )
    assert len([r for r in ranks.split() if r != "—"]) == 52
    expect(page.locator("#review-tricks tbody tr")).to_have_count(13)
    expect(page.locator("#review-tricks")).to_have_attribute("data-costs", "shown")
    expect(page.locator("#review-par")).to_contain_text("The cards allowed North-South")
    expect(page.locator("#review-you")).to_have_text(
        re.compile(r"^(Your play cost \d+ tricks?: trick \d+, .+ instead of .+|Every card .+)$")
    )
    expect(page.locator("#review-computers")).to_contain_text("North")
    marks = page.locator("#review-tricks .cost").count()
    expected = page.evaluate(
        "fetch('/practice/api/review/?deal=22&level=strong').then(r => r.json())"
        ".then(d => d.costs.flat().filter(c => c > 0).length)"
    )
    assert marks == expected


def test_a_hint_names_a_card_with_a_reason_and_the_review_says_so(page: Page, live_server):
    """Hint marks one of South's legal cards and says why; the review notes the hint."""
    pytest.importorskip("endplay")
    page.goto(f"{live_server.url}/practice/?deal=2024&{FAST}")
    south_to_play(page)
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#hint-text")).to_have_text(re.compile(r"^Play the \w+ of \w+\. .+layouts"))
    hinted = page.locator("#hand button.hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_be_enabled()
    words = hinted.locator(".visually-hidden").text_content()
    assert f"Play the {words}." in page.locator("#hint-text").inner_text()
    hinted.click()
    while south_to_play(page):
        play_first(page)
    expect(page.locator("#summary-help")).to_have_text("You played this hand with help: 1 hint.")


def test_undo_takes_back_the_last_card(page: Page, live_server):
    """A card played, then Undo: the same thirteen cards come back and South plays again."""
    page.goto(f"{live_server.url}/practice/?deal=31&{FAST}")
    south_to_play(page)
    dealt = codes(page)
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    play_first(page)
    south_to_play(page)
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#announce")).to_contain_text("taken back")
    expect(page.locator("#hand button")).to_have_count(13)
    assert codes(page) == dealt
    expect(page.locator("#turn")).to_contain_text("Your turn")


def militaire_to_discard(page: Page) -> None:
    """Draw from the stock and choose a card to discard."""
    page.get_by_role("button", name="Stock").click()
    page.wait_for_selector("#hand button:not([disabled])")
    page.locator("#hand button:not(.taken)").first.click()


@pytest.mark.parametrize(
    ("game", "address", "ready", "answer", "act"),
    [
        ("whist", "/practice/?deal=7&pace=0", south_to_play, "api/play/", play_first),
        ("militac", "/practice/militac/?deal=23&pace=0", lambda p: militac_to_play(p),
         "militac/api/move/", play_first),
        ("militaire", "/practice/militaire/?deal=4&pace=0", militaire_to_discard,
         "militaire/api/move/",
         lambda p: p.get_by_role("button", name="Discard the chosen card").click()),
    ],
)  # fmt: skip
def test_your_turn_changes_the_moment_a_card_is_played(
    page: Page, live_server, game, address, ready, answer, act
):
    """While the server has not answered yet, the label no longer says it is South's turn."""
    page.goto(live_server.url + address)
    ready(page)
    held = []
    page.route(f"**/practice/{answer}", lambda route: held.append(route))
    expect(page.locator("#turn")).to_have_class(re.compile("yours"))
    act(page)
    expect(page.locator("#turn")).not_to_have_class(re.compile("yours"))
    expect(page.locator("#turn")).not_to_contain_text("Your turn")
    assert len(held) == 1
    held[0].continue_()


def militac_to_play(page: Page) -> None:
    """Pass through the bidding up to South's first card."""
    page.wait_for_function(
        "!document.getElementById('pass-button').disabled"
        " || document.querySelector('#hand button:not([disabled])')"
        " || !document.getElementById('summary').hidden"
    )
    while page.locator("#bid-form").is_visible():
        page.get_by_role("button", name="Pass").click()
        page.wait_for_function(
            "!document.getElementById('pass-button').disabled"
            " || document.querySelector('#hand button:not([disabled])')"
            " || !document.getElementById('summary').hidden"
        )


@pytest.mark.parametrize("game", ["whist", "militac", "militaire"])
def test_on_a_phone_the_trick_and_the_whole_hand_share_one_screen(page: Page, live_server, game):
    """At 390 x 844, mid-play, the current trick (Militaire: the piles) and every card of the
    hand are on screen together, nothing scrolled and nothing wider than the phone."""
    page.set_viewport_size(PHONE)
    if game == "whist":
        page.goto(f"{live_server.url}/practice/?deal=1234&{FAST}")
        south_to_play(page)
        play_first(page)
        south_to_play(page)
        trick = ".table-area"
    elif game == "militac":
        page.goto(f"{live_server.url}/practice/militac/?deal=23&pace=0")
        militac_to_play(page)
        trick = ".table-area"
    else:
        page.goto(f"{live_server.url}/practice/militaire/?deal=4&pace=0")
        page.get_by_role("button", name="Stock").click()
        page.wait_for_selector("#hand button:not([disabled])")
        trick = ".piles"
    assert page.evaluate("window.scrollY") == 0
    assert on_screen(page, trick) and on_screen(page, "#hand")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_militac_the_deal_ends_with_every_squad_and_the_bid_explained(page: Page, live_server):
    """After a Militac deal, the summary lists the twelve squads and explains the bid."""
    page.goto(f"{live_server.url}/practice/militac/?deal=11&pace=0")
    while True:
        militac_to_play(page)
        if page.locator("#summary").is_visible():
            break
        page.locator("#hand button:not([disabled])").first.click()
        page.wait_for_timeout(50)
    rows = page.locator("#squad-list tbody tr")
    if rows.count():  # a deal all four passed has no squads to show
        expect(rows).to_have_count(12)
        expect(page.locator("#review-lines")).to_contain_text("needed")
        expect(page.locator("#review-lines")).to_contain_text("The Aide was")


def test_the_room_offers_a_level_and_the_military_whist_rules(page: Page, live_server):
    """On the landing page a player chooses the expert for Militac, and opens the rules of
    Military Whist, which fit a phone."""
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/practice/")
    militac = page.locator(".game-choice").filter(has_text="Militac")
    militac.get_by_label("Computer players").select_option("strong")
    militac.get_by_role("button", name="Play Militac").click()
    expect(page).to_have_url(re.compile(r"/practice/militac/\?deal=\d+.*level=strong"))
    page.goto(f"{live_server.url}/practice/")
    page.get_by_role("link", name="Rules of Military Whist").click()
    expect(page.get_by_role("heading", name="Flags")).to_be_visible()
    expect(page.locator("article")).to_contain_text("Only visitors win flags")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
