"""The leader's day as people see it: the projector and movement screens at a hall's
1024×768, a refused close, and the pages' accessibility aids."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_entry import FAST_HASHER, log_in
from tests.leader_helpers import make_event, make_user, play
from tournaments import selectors, snapshot
from tournaments.models import DayClose, Team
from tournaments.services import ResultEntry, results_record
from tournaments.services.closing import day_close

pytestmark = pytest.mark.django_db(transaction=True)
HALL_SCREEN = {"width": 1024, "height": 768}


@pytest.fixture
def leader(settings):
    settings.PASSWORD_HASHERS = FAST_HASHER

    def make(event):
        user = make_user("lead", event, is_staff=True)
        user.set_password("hall-password-1")
        user.save()
        return user

    return make


def visible_rows(page):
    return page.locator("#projector-rows tr:visible")


def test_mid_event_the_projector_marks_nobody_as_advancing(page, live_server):
    """At hand 2 of 30 no row is green, whatever the order."""
    event = make_event("mid", tables=8)
    play(event, [1, 2], tricks=10)
    page.set_viewport_size(HALL_SCREEN)
    page.goto(f"{live_server.url}/events/{event.slug}/projector/")
    expect(page.locator("#projector-rows tr")).to_have_count(8)
    expect(page.locator("tr.advancing")).to_have_count(0)
    expect(page.locator("#legend-advancing")).to_be_hidden()


def test_after_the_last_hand_the_advancing_teams_are_green_with_a_legend(page, live_server):
    """With every hand played and no tie across the line, exactly standings.json's advancing
    rows are green and the legend says what green means."""
    event = make_event("final", tables=4, hands_per_day=(1,))
    results_record(
        event=event,
        entries=[ResultEntry(1, t, tricks) for t, tricks in {1: 13, 2: 8, 3: 0, 4: 0}.items()],
        actor=None,
    )
    advancing = {
        s["table"] for s in snapshot.standings_payload(event)["standings"] if s["advancing"]
    }
    page.set_viewport_size(HALL_SCREEN)
    page.goto(f"{live_server.url}/events/{event.slug}/projector/")
    rows = page.locator("tr.advancing")
    expect(rows).to_have_count(len(advancing))
    page.evaluate("window.whistProjectorRefresh()")  # the redraw from the JSON agrees
    expect(rows).to_have_count(len(advancing))
    expect(page.locator("#legend-advancing")).to_contain_text("advances to the next level")


def varied(event, hands) -> None:
    """Every table's result of ``hands``, its tricks varying from table to table."""
    for hand in hands:
        entries = [
            ResultEntry(hand, t, (7 * hand + 3 * t) % 14) for t in range(1, event.tables + 1)
        ]
        results_record(event=event, entries=entries, actor=None)


def page_tie(event) -> bool:
    """True when teams share a place across the advancing line."""
    rows = snapshot.standings(event)
    return any(
        s.rank <= event.advancing < s.rank + sum(r.rank == s.rank for r in rows) - 1 for s in rows
    )


def test_sixteen_teams_fit_a_1024_by_768_projector(page, live_server):
    """Every row of a 16-team event, long names and all, is on screen at 1024×768 (day 1
    closed, the hall on hand 35, no tie across the advancing line to name above the rows)."""
    event = make_event("sixteen", tables=16, hands_per_day=(30, 20))
    for team in Team.objects.filter(event=event):
        team.name = f"Royal Canadian Legion Branch {team.home_table} Whist Club"
        team.save()
    varied(event, range(1, 31))
    day_close(event=event, day=1, close_incomplete=True, override_note="counts later", actor=None)
    varied(event, range(31, 35))
    assert not page_tie(event)
    page.set_viewport_size(HALL_SCREEN)
    page.goto(f"{live_server.url}/events/{event.slug}/projector/")
    last = page.locator("#projector-rows tr").last
    expect(last).to_be_visible()
    assert last.bounding_box()["y"] + last.bounding_box()["height"] <= 768
    assert page.evaluate("document.documentElement.scrollHeight") <= 768


def test_sixty_teams_are_shown_a_screenful_at_a_time(page, live_server):
    """Too many teams for readable type: the projector pages through them by itself, the
    top three places staying on every screen."""
    event = make_event("sixty", tables=60, hands_per_day=(2,))
    page.set_viewport_size(HALL_SCREEN)
    page.goto(f"{live_server.url}/events/{event.slug}/projector/")
    expect(page.locator("#page-of")).to_have_text(re.compile(r"page 1 of \d"))
    paged = page.locator("#projector-rows tr:not(.pinned):visible")
    first = paged.first.inner_text()
    top = visible_rows(page).first.inner_text()
    assert page.evaluate("document.documentElement.scrollHeight") <= 768
    expect(page.locator("#page-of")).to_have_text(re.compile(r"page 2 of \d"), timeout=12000)
    assert paged.first.inner_text() != first
    assert visible_rows(page).first.inner_text() == top


def test_the_movement_screen_calls_the_next_hand_and_follows_the_entries(page, live_server):
    """'Hand 3 — trump …' with every table's destination, and hand 4 once hand 3 is entered."""
    event = make_event("moves", tables=8)
    play(event, [1, 2])
    page.set_viewport_size(HALL_SCREEN)
    page.goto(f"{live_server.url}/events/{event.slug}/projector/movement/")
    hand = snapshot.rotation(event).hand(3)
    expect(page.locator("#movement-call")).to_have_text(
        f"Hand 3 — trump {hand.trump.symbol} {hand.trump.label}"
    )
    moves = page.locator("#movement-moves li")
    expect(moves).to_have_count(8)
    expect(moves.first).to_have_text(f"Table 1 → {hand.moves[1]}")
    last = moves.last.bounding_box()
    assert last["y"] + last["height"] <= 768
    assert float(moves.first.evaluate("e => getComputedStyle(e).fontSize")[:-2]) >= 40
    play(event, [3])
    page.evaluate("window.whistMovementRefresh()")
    expect(page.locator("#movement-call")).to_contain_text("Hand 4 — trump")
    expect(moves.first).to_have_text(f"Table 1 → {snapshot.rotation(event).hand(4).moves[1]}")


def test_a_refused_close_keeps_the_mismatch_in_view(page, live_server, leader):
    """Closing with a wrong count and no note: the red banner names the table, the row stays
    red, and ticking the override's label closes with what is missing written down."""
    event = make_event("close", tables=4, hands_per_day=(2,))
    play(event, [1, 2])
    leader(event)
    log_in(page, live_server, f"/events/{event.slug}/close/1/")
    page.on("dialog", lambda dialog: dialog.accept())
    summary, _ = selectors.load_day_ledger(event, 1)
    for table in (1, 2, 3):
        page.get_by_label(f"Table {table} flags counted").fill(str(summary[table].on_table))
    page.get_by_label("Table 1 flags counted").fill(str(summary[1].on_table + 1))
    page.get_by_role("button", name="Close day 1").click()
    expect(page.get_by_role("alert").filter(has_text="1 table differs")).to_be_visible()
    expect(page.get_by_text("Every count matches")).to_have_count(0)
    expect(page.locator("tr.refused")).to_have_count(1)
    expect(page.get_by_role("heading", name=re.compile("Table 1, hand by hand"))).to_be_visible()
    page.get_by_label("Why close despite the differences").fill("A flag fell at table 1")
    page.get_by_text("Close anyway, with no physical count at table 4").click()
    expect(page.get_by_label(re.compile("Close anyway"))).to_be_checked()
    page.get_by_role("button", name="Close day 1").click()
    expect(page.get_by_text("Closed by lead")).to_be_visible()
    assert "no physical count at table 4" in DayClose.objects.get().override_note


def test_the_skip_link_the_menu_mark_and_the_print_labels(page, live_server, leader):
    """Tab first reaches 'Skip to the main content'; the menu marks the current page; clicking
    the words 'Movement slips' selects that printout."""
    event = make_event("aids", tables=4)
    leader(event)
    log_in(page, live_server, f"/events/{event.slug}/print/")
    # As a person arriving on the page: loaded, nothing focused yet (the log-in's redirect can
    # leave focus mid-way on a loaded CI machine).
    page.wait_for_load_state("load")
    page.evaluate("window.focus(); document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to the main content")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    skip.press("Enter")
    expect(page.locator("main")).to_be_focused()
    expect(page.locator('nav.event-nav a[aria-current="page"]')).to_have_text("Print")
    page.locator("fieldset label", has_text="Movement slips").click()
    expect(page.get_by_label("Movement slips")).to_be_checked()
    box = page.get_by_label("Movement slips").bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24


def test_an_error_is_tied_to_its_field(page, live_server, leader):
    """A refused table list on the print page is read out with its field (aria-describedby)."""
    event = make_event("errors", tables=4)
    leader(event)
    log_in(page, live_server, f"/events/{event.slug}/print/")
    page.get_by_label("Tables:").fill("99")
    page.get_by_role("button", name="Make the PDF").click()
    field = page.get_by_label("Tables:")
    described = field.get_attribute("aria-describedby")
    assert described and "id_tables_error" in described.split()
    expect(page.locator("#id_tables_error")).to_contain_text("this event has tables 1 to 4")


def test_the_entry_grid_needs_no_sideways_scrolling_at_200_percent(page, live_server, leader):
    """At 200 % zoom (a 1280-pixel screen seen as 640) the 16-table grid fits the width."""
    event = make_event("zoom", tables=16)
    play(event, [1], tricks=12)
    leader(event)
    log_in(page, live_server, f"/events/{event.slug}/hands/1/")
    page.set_viewport_size({"width": 640, "height": 400})
    expect(page.get_by_label("Table 1 visitors' tricks")).to_be_visible()
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]


def test_healthz_answers_head_and_the_site_has_a_favicon(page, live_server):
    """HEAD /healthz is 200, and the icon a browser asks for is served."""
    assert page.request.head(f"{live_server.url}/healthz").status == 200
    page.goto(live_server.url + "/")
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    assert page.request.get(live_server.url + icon).status == 200
    assert page.request.get(f"{live_server.url}/favicon.ico").status == 200


def test_the_playoff_mark_on_the_projector_passes_the_contrast_check(page, live_server):
    """After a playoff the projector's P and legend pass axe-core's colour-contrast rule."""
    from tests.e2e.test_accessibility import AXE
    from tests.tournaments.services.test_playoffs import _cut, finished, hand

    event = finished(2, advancing=1)
    hand(event, 1, 1, 2, 1, tricks=7, trump_cut="QH", dealer_cut=[_cut(2, 1)])
    page.set_viewport_size(HALL_SCREEN)
    page.goto(f"{live_server.url}/events/{event.slug}/projector/")
    expect(page.locator("#projector-rows .playoff")).to_have_count(2)
    expect(page.locator("tr.advancing")).to_have_count(1)
    page.evaluate(AXE)
    results = page.evaluate(
        "axe.run(document, {runOnly: ['color-contrast'], resultTypes: ['violations']})"
    )
    assert results["violations"] == []


def test_backup_delete_and_restore_in_the_browser(page, live_server, leader, tmp_path):
    """Download the archive from the menu, delete the event by typing its short name, then
    restore it from the file: the event and its results are back."""
    event = make_event("round-trip", tables=4)
    play(event, [1, 2])
    leader(event)
    log_in(page, live_server, f"/events/{event.slug}/")
    with page.expect_download() as download:
        page.get_by_role("link", name="Archive").click()
    saved = tmp_path / "backup.json"
    download.value.save_as(saved)
    page.goto(f"{live_server.url}/events/{event.slug}/setup/")
    page.get_by_role("link", name="Delete this event…").click()
    page.get_by_label("Type the event's short name to confirm").fill("round-trip")
    page.get_by_role("button", name="Delete this event for good").click()
    expect(page.get_by_text("Event round-trip is deleted.")).to_be_visible()
    page.get_by_role("link", name="Restore an archive").click()
    page.get_by_label(re.compile("Event archive")).set_input_files(saved)
    page.get_by_role("button", name="Restore").click()
    expect(page.get_by_text("Event round-trip is restored from its archive.")).to_be_visible()
    expect(page.get_by_text("hand 2 of 30 played")).to_be_visible()
