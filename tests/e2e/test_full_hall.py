"""The hall at a glance, at 250 tables with 60-character names: the grid on a 1366 × 768
laptop, the projector and the movement screen at 1920 × 1080, and 390 × 844 phones."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_entry import FAST_HASHER, log_in
from tests.hall_size import (
    LAPTOP,
    PHONE,
    PROJECTOR,
    WAITING,
    hall_at_hand_eight,
    team_name,
)
from tests.leader_helpers import sent_by_phone
from tournaments import selectors
from tournaments.models import HandResult
from tournaments.services.table_entry import (
    table_entry_accept,
    table_entry_settings,
    table_entry_submit,
)

pytestmark = pytest.mark.django_db(transaction=True)

# The smallest type of any text a person sees on the page (screen-reader-only text aside).
SMALLEST_TEXT = """() => {
  let least = Infinity, where = "";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, element = node.parentElement;
    if (!node.textContent.trim() || element.closest(".sr-only")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const seen = Array.from(range.getClientRects()).some(r => r.width > 0 && r.height > 0
      && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth);
    if (!seen) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size < least) { least = size; where = node.textContent.trim().slice(0, 40); }
  }
  return [least, where];
}"""

# Links and buttons outside running text smaller than 44 × 44 px.
SMALL_TARGETS = """() => Array.from(document.querySelectorAll("a, button")).filter(el => {
  const box = el.getBoundingClientRect();
  if (!box.width || !box.height || box.bottom + scrollY < 0) return false;
  const block = el.closest("p, li, dd, figcaption, h1, h2, h3");
  if (block) {
    let prose = block.textContent;
    block.querySelectorAll("a, button").forEach(inner => {
      prose = prose.replace(inner.textContent, "");
    });
    if (/[A-Za-zÀ-ÿ]/.test(prose)) return false;  // a link inside a sentence
  }
  return box.width < 43.5 || box.height < 43.5;
}).map(el => {
  const box = el.getBoundingClientRect();
  return `${el.tagName} "${el.textContent.trim().slice(0, 30)}" ${box.width}x${box.height}`;
})"""

ELEMENTS = "document.getElementsByTagName('*').length"


@pytest.fixture
def hall(settings):
    """Hands 1-7 played at all 250 tables; hand 8 in at all but seven; a leader."""
    settings.PASSWORD_HASHERS = FAST_HASHER
    return hall_at_hand_eight("full-hall")


def test_the_grid_fits_a_1366_laptop_with_every_column_on_screen(page, live_server, hall):
    """Hand 8's grid has no sideways scroll at 1366 px: the Flags column ends on screen, the
    row being typed in keeps its table number in view and shows the visitors' whole name,
    and the head names the seven tables the hand waits for."""
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server, f"/events/{hall.slug}/hands/8/")
    tricks = page.get_by_label("Table 7 visitors' tricks")
    expect(tricks).to_be_focused()
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]
    flags = page.locator("table.grid th.flags").bounding_box()
    assert flags["x"] + flags["width"] <= LAPTOP["width"]
    number = page.locator("#row-7 th.table-no").bounding_box()
    assert number["x"] >= 0
    name = page.locator("#row-7 .who .name")
    assert name.evaluate("e => e.scrollWidth <= e.clientWidth")  # whole, not cut with …
    other = page.locator("#row-8 .who .name")
    assert other.evaluate("e => e.scrollWidth > e.clientWidth")  # cut with … until …
    page.locator("#row-8 .who").hover()
    assert other.evaluate("e => e.scrollWidth <= e.clientWidth")  # … the pointer is over it
    visitor = selectors.load_rotation(hall).hand(8).visitor_of(7)
    expect(name).to_have_text(team_name(visitor))
    expect(page.locator("#waiting-for")).to_have_text(
        "Waiting for tables 7, 12, 19, 44, 101, 180, 233."
    )


def test_one_correction_takes_four_keys(page, live_server, hall):
    """On complete hand 7 the cursor waits in 'Go to table': 5, Enter, 9, Ctrl+Enter
    corrects table 5 to 9 tricks and saves the hand."""
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server, f"/events/{hall.slug}/hands/7/")
    expect(page.get_by_label("Go to table")).to_be_focused()
    keys = ["5", "Enter", "9", "Control+Enter"]
    for key in keys:
        page.keyboard.press(key)
    expect(
        page.get_by_text(re.compile(r"^Hand 7: 1 table saved\. Changed: table 5 \(\d+ → 9\)\.$"))
    ).to_be_visible()
    assert HandResult.objects.get(event=hall, hand__number=7, host_table=5).tricks_played == 9
    assert len(keys) == 4
    expect(page.get_by_label("Go to table")).to_be_focused()  # ready for the next one


def test_slash_goes_to_a_table_from_anywhere(page, live_server, hall):
    """'/' typed in a table's tricks box moves to 'Go to table'; 250 and Enter go to the
    last table."""
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server, f"/events/{hall.slug}/hands/8/")
    expect(page.get_by_label("Table 7 visitors' tricks")).to_be_focused()
    page.keyboard.press("/")
    expect(page.get_by_label("Go to table")).to_be_focused()
    page.keyboard.type("250")
    page.keyboard.press("Enter")
    expect(page.get_by_label("Table 250 visitors' tricks")).to_be_focused()
    expect(page.get_by_label("Table 250 visitors' tricks")).to_be_in_viewport()


def test_the_grid_hears_the_tables_report(page, live_server, hall):
    """Table 7's phone reports hand 8: the open grid drops it from the waiting line by itself."""
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server, f"/events/{hall.slug}/hands/8/")
    expect(page.locator("#waiting-for")).to_contain_text("7, 12, 19")
    table_entry_submit(event=hall, table=7, sent=sent_by_phone("phone-seven-0001", 8, 9))
    expect(page.locator("#waiting-for")).to_have_text(
        "Waiting for tables 12, 19, 44, 101, 180, 233.", timeout=10000
    )


def test_the_projector_reads_from_across_the_hall(page, live_server, hall):
    """At 1920 × 1080 no text is under 24 px, at most 40 teams show with the top places on
    every screen, the screens turn, and the head names the tables hand 8 waits for. Six
    teams share 2nd: the yellow line stays under the leader, the tie is named and kept whole
    on every screen."""
    page.set_viewport_size(PROJECTOR)
    page.goto(f"{live_server.url}/events/{hall.slug}/projector/")
    expect(page.locator("#page-of")).to_have_text(re.compile(r"page 1 of \d+"))
    least, where = page.evaluate(SMALLEST_TEXT)
    assert least >= 24, where
    rows = page.locator("#projector-rows tr:visible")
    assert rows.count() <= 40
    assert page.locator("#projector-rows tr.pinned").count() == 7
    cut = page.locator("#projector-rows tr.cut")  # under the leader: 2nd is shared by six
    assert cut.count() == 1 and cut.evaluate("e => e.sectionRowIndex") == 0
    expect(page.locator("#proj-tie")).to_have_text(
        "Tie for place 2 across the yellow line (tables 41, 44, 73, 106, 163, 239)."
    )
    assert page.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"]
    expect(page.locator("#proj-waiting")).to_have_text(
        "Hand 8 · Waiting for tables 7, 12, 19, 44, 101, 180, 233."
    )
    first_paged = rows.nth(7).inner_text()
    expect(page.locator("#page-of")).to_have_text(re.compile(r"page 2 of \d+"), timeout=12000)
    assert rows.nth(7).inner_text() != first_paged
    assert page.locator("#projector-rows tr.pinned:visible").count() == 7


def test_the_movement_screen_reads_from_across_the_hall(page, live_server, hall):
    """At 1920 × 1080 one line says how every pair moves, no text is under 24 px, no
    destination under 32 px, and the list comes a screenful at a time."""
    page.set_viewport_size(PROJECTOR)
    page.goto(f"{live_server.url}/events/{hall.slug}/projector/movement/")
    expect(page.locator("#movement-shift")).to_have_text(
        re.compile(r"Travelling pairs: move \d+ tables? (up|down) — Table \d+ goes to Table \d+")
    )
    expect(page.locator("#movement-page")).to_have_text(re.compile(r"page 1 of \d+"))
    least, where = page.evaluate(SMALLEST_TEXT)
    assert least >= 24, where
    sizes = page.locator("#movement-moves li:visible strong").evaluate_all(
        "all => all.map(e => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert sizes and min(sizes) >= 32
    assert page.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"]


def test_the_hall_map_shows_every_table_and_which_are_waiting(page, live_server, hall):
    """At 1920 × 1080 all 250 tables show on one screen with no number under 24 px, the seven
    hand 8 waits for in amber; table 7's phone entry turns its tile white, then the leader's
    accepting it turns it blue like the tables in, by itself and without a reload."""
    page.set_viewport_size(PROJECTOR)
    page.goto(f"{live_server.url}/events/{hall.slug}/projector/hall/?refresh=1")
    expect(page.locator("#hall-map-tables")).to_have_class(re.compile(r"\bfitted\b"))
    least, where = page.evaluate(SMALLEST_TEXT)
    assert least >= 24, where
    assert page.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"]
    last = page.locator("#hall-map-tables li").last.bounding_box()
    assert last["y"] + last["height"] <= PROJECTOR["height"]
    waiting = page.locator("#hall-map-tables li.waiting")
    assert [int(n) for n in waiting.all_inner_texts()] == list(WAITING)
    expect(page.locator("#hall-map-call")).to_have_text(
        "Hand 8 · Waiting for tables 7, 12, 19, 44, 101, 180, 233."
    )
    table_entry_settings(event=hall, enabled=True, waits=True, actor=None)
    table_entry_submit(event=hall, table=7, sent=sent_by_phone("phone-seven-0003", 8, 9))
    seven = page.locator("#hall-map-tables li[data-table='7']")
    expect(seven).to_have_class("pending", timeout=10000)  # by itself, at its next refresh
    assert seven.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 255, 255)"
    table_entry_accept(event=hall, hand=8, table=7, actor=None)
    expect(seven).to_have_class("in", timeout=10000)
    colours = page.locator("#hall-map-tables li").evaluate_all(
        "all => Object.fromEntries(all.map(e => [e.className,"
        " getComputedStyle(e).backgroundColor]))"
    )
    assert colours == {"in": "rgb(27, 58, 92)", "waiting": "rgb(255, 209, 102)"}


def test_phone_pages_stay_light_and_fit_390_px(page, live_server, hall):
    """On a 390 px phone the standings and rotation build under 3,000 elements, no public page
    scrolls sideways, and every link or button outside running text is 44 × 44 px."""
    page.set_viewport_size(PHONE)
    base = f"{live_server.url}/events/{hall.slug}"
    for path, most in (("/standings/", 3000), ("/rotation/", 3000), ("/rotation/?table=240", 3000)):
        page.goto(base + path)
        assert page.evaluate(ELEMENTS) < most, path
    for path in (
        "/",
        "/standings/",
        "/rotation/?table=240",
        "/tables/240/",
        "/projector/movement/?table=240",
        "/projector/hall/",
    ):
        page.goto(base + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
        assert page.evaluate(SMALL_TARGETS) == [], path


def test_a_phone_finds_its_team_in_one_search(page, live_server, hall):
    """Typing part of a club's name and Enter puts that team's row at the top of the
    standings; typing a table number does the same."""
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/events/{hall.slug}/standings/")
    page.get_by_label("Find my team or table").fill("dvorak n° 123")
    page.keyboard.press("Enter")
    found = page.locator("#found-rows tr")
    expect(found).to_have_count(1)
    expect(found.first).to_contain_text(team_name(123))
    assert found.first.bounding_box()["y"] < PHONE["height"]
    page.goto(f"{live_server.url}/events/{hall.slug}/")
    page.get_by_label("Find my team or table").fill("77")
    page.keyboard.press("Enter")
    expect(found.first).to_contain_text(team_name(77))


def test_the_last_table_opened_on_a_phone_shows_first(page, live_server, hall):
    """After table 88's page, the standings and the event home show table 88's row first."""
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/events/{hall.slug}/tables/88/")
    for path in ("/standings/", "/"):
        page.goto(f"{live_server.url}/events/{hall.slug}{path}")
        expect(page.locator("#found-said")).to_have_text(
            "Your table (the last one opened on this phone):"
        )
        expect(page.locator("#found-rows tr").first).to_contain_text(team_name(88))


def test_a_tables_phone_hears_where_its_pair_goes_after_saving(page, live_server, hall):
    """Table 12's phone confirms hand 8 and reads where its pair goes in hand 9."""
    from tournaments.services.table_entry import table_tokens_issue

    token = table_tokens_issue(event=hall, actor=None, tables=[12])[12]
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/enter/{token}/")
    page.get_by_role("button", name="8", exact=True).click()
    page.get_by_role("button", name="Confirm").click()
    nine = selectors.load_rotation(hall).hand(9)
    expect(page.locator("#status")).to_contain_text(
        f"Your travelling pair (A & B) goes to Table {nine.moves[12]}; "
        f"Table {nine.visitor_of(12)}'s pair comes to you; hand 9, trump {nine.trump.symbol}."
    )
    assert page.evaluate(SMALL_TARGETS) == []


def test_the_hall_page_hears_the_tables_report(page, live_server, hall):
    """/hall/ on the projector drops table 7 from the waiting line once it reports."""
    page.set_viewport_size(PROJECTOR)
    page.goto(f"{live_server.url}/hall/")
    line = page.locator(".hall-waiting")
    expect(line).to_have_text("Hand 8 · Waiting for tables 7, 12, 19, 44, 101, 180, 233.")
    table_entry_submit(event=hall, table=7, sent=sent_by_phone("phone-seven-0002", 8, 9))
    expect(line).to_have_text(
        "Hand 8 · Waiting for tables 12, 19, 44, 101, 180, 233.", timeout=20000
    )
