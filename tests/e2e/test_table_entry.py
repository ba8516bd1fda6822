"""Phones at the tables (390 px): the hosts enter, the visitors confirm, the leader sees it."""

from __future__ import annotations

import re
import time

import pytest
from django.core.cache import cache
from django.db import transaction
from playwright.sync_api import expect

from tests.leader_helpers import make_event, make_user, play
from tournaments import snapshot
from tournaments.cache import store
from tournaments.models import AuditEntry, HandResult, TableSubmission
from tournaments.services import ResultEntry, results_record
from tournaments.services.audit import bump_revision
from tournaments.services.table_entry import table_tokens_issue

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def hall(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event = make_event("tables-e2e", tables=8)
    leader = make_user("lead", event)
    leader.set_password("hall-password-1")
    leader.save()
    return event, table_tokens_issue(event=event, actor=None)


@pytest.fixture
def phone(browser):
    context = browser.new_context(**PHONE)
    yield context
    context.close()


def flags_line(event, table: int, tricks: int) -> str:
    visitor = snapshot.rotation(event).hand(1).visitor_of(table)
    flags = 2 if tricks >= 10 else 1 if tricks >= 7 else 0
    moved = f"Table {visitor} takes {flags} flag{'s' if flags > 1 else ''} from Table {table}"
    return f"Visitors: {tricks} tricks — {moved if flags else 'no flag moves'}."


def test_a_table_enters_and_the_visitors_confirm(phone, live_server, hall):
    """Table 3 taps 8, the visitors read the flags and confirm; "Saved" means it is recorded."""
    event, tokens = hall
    page = phone.new_page()
    started = time.monotonic()
    page.goto(f"{live_server.url}/enter/{tokens[3]}/")
    expect(page.get_by_role("heading", name="Hand 1 of 30")).to_be_visible()
    page.get_by_role("button", name="6", exact=True).click()
    page.get_by_role("button", name="Wrong").click()
    expect(page.locator("#confirm")).to_be_hidden()
    page.get_by_role("button", name="8", exact=True).click()
    expect(page.locator("#summary")).to_have_text(flags_line(event, 3, 8))
    expect(page.get_by_text("Visitors, confirm?")).to_be_visible()
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#status")).to_contain_text("✓ Saved: hand 1, visitors 8 tricks.")
    print(f"\nopen to Saved: {time.monotonic() - started:.2f} s, 4 taps (one Wrong)")
    row = HandResult.objects.get(event=event, host_table=3)
    assert (row.visitor_tricks, row.entered_by) == (8, "table 3")
    page.get_by_role("link", name="Next hand").click()
    expect(page.get_by_role("heading", name="Hand 1 is in")).to_be_visible()  # the hall plays on
    play(event, [1])  # every table's hand 1 is in: the hall moves to hand 2
    page.get_by_role("link", name="Check again").click()
    expect(page.get_by_role("heading", name="Hand 2 of 30")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_an_entry_made_offline_is_kept_and_sent_once_when_the_wifi_returns(
    phone, live_server, hall
):
    """With the Wi-Fi down the phone says it keeps the entry; back online it saves it once."""
    event, tokens = hall
    page = phone.new_page()
    page.goto(f"{live_server.url}/enter/{tokens[2]}/")
    page.get_by_role("button", name="10", exact=True).click()
    phone.set_offline(True)
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#status")).to_contain_text("Not sent yet: no connection")
    expect(page.locator("#status")).to_contain_text("sent by itself when the Wi-Fi is back")
    page.wait_for_timeout(3500)  # at least one retry fails while offline
    assert not HandResult.objects.filter(event=event).exists()
    phone.set_offline(False)
    expect(page.locator("#status")).to_contain_text(
        "✓ Saved: hand 1, visitors 10 tricks.", timeout=15000
    )
    assert HandResult.objects.filter(event=event).count() == 1


def test_an_entry_kept_while_the_hall_went_back_a_hand_waits_and_is_saved_once_it_returns(
    phone, live_server, hall
):
    """The hall is restored from a stick that missed a hand-1 result while table 2's phone,
    offline, keeps its hand-2 entry: the hall refuses it as a hand it has not reached, the
    phone keeps it and says so, and saves it by itself once the hand-1 result is back."""
    event, tokens = hall
    play(event, [1])
    page = phone.new_page()
    page.goto(f"{live_server.url}/enter/{tokens[2]}/")
    expect(page.get_by_role("heading", name="Hand 2 of 30")).to_be_visible()
    page.get_by_role("button", name="9", exact=True).click()
    phone.set_offline(True)
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#status")).to_contain_text("Not sent yet: no connection")
    with transaction.atomic():  # the stick's backup lacks table 5's hand 1
        HandResult.objects.filter(event=event, hand__number=1, host_table=5).delete()
        bump_revision(event, hands=[1])
    phone.set_offline(False)
    expect(page.locator("#status")).to_contain_text(
        "Kept on this phone: The hall is on hand 1", timeout=10000
    )
    expect(page.locator("#status")).to_contain_text("sent by itself once the hall gets there")
    assert not HandResult.objects.filter(event=event, hand__number=2).exists()
    results_record(event=event, entries=[ResultEntry(1, 5, 8)], actor=None)  # table 5 resends
    expect(page.locator("#status")).to_contain_text(
        "✓ Saved: hand 2, visitors 9 tricks.", timeout=15000
    )
    assert HandResult.objects.get(event=event, hand__number=2, host_table=2).visitor_tricks == 9


def test_a_send_whose_answer_is_lost_is_retried_and_recorded_once(phone, live_server, hall):
    """The server records the entry but the answer never arrives; the retry records nothing new."""
    event, tokens = hall
    page = phone.new_page()
    lost = []

    def drop_first_answer(route):
        if route.request.method == "POST" and not lost:
            route.fetch()  # reaches the server, which records it
            lost.append(True)
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route(re.compile(r"/enter/"), drop_first_answer)
    page.goto(f"{live_server.url}/enter/{tokens[4]}/")
    page.get_by_role("button", name="7", exact=True).click()
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#status")).to_contain_text(
        "✓ Saved: hand 1, visitors 7 tricks.", timeout=15000
    )
    assert lost
    assert HandResult.objects.filter(event=event).count() == 1
    assert TableSubmission.objects.filter(event=event).count() == 1
    assert AuditEntry.objects.filter(event=event, target="hand 1 table 4").count() == 1


def test_a_result_the_hall_lost_is_resent_by_the_phone_after_a_reload(phone, live_server, hall):
    """Table 5's hand 1 is saved, then lost by the hall (a laptop restored from a backup that
    missed it); the reloaded page resends it from the phone's journal, once, within 10 s."""
    event, tokens = hall
    page = phone.new_page()
    page.goto(f"{live_server.url}/enter/{tokens[5]}/")
    page.get_by_role("button", name="11", exact=True).click()
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#status")).to_contain_text("✓ Saved: hand 1, visitors 11 tricks.")
    HandResult.objects.filter(event=event, host_table=5).delete()
    TableSubmission.objects.filter(event=event, table=5).delete()
    cache.clear()  # as a freshly started hall: nothing kept from before
    store.clear_memory()
    started = time.monotonic()
    page.reload()
    expect(page.locator("#status")).to_contain_text(
        "✓ Saved: hand 1, visitors 11 tricks.", timeout=10000
    )
    assert time.monotonic() - started < 10
    row = HandResult.objects.get(event=event, host_table=5)
    assert (row.visitor_tricks, row.entered_by) == (11, "table 5")
    assert TableSubmission.objects.get(event=event, table=5).resent is True
    page.reload()  # the hall holds it now: nothing is sent again
    expect(page.get_by_role("heading", name="Hand 1 is in")).to_be_visible()
    page.wait_for_timeout(1000)
    assert TableSubmission.objects.filter(event=event, table=5).count() == 1


def test_a_phone_still_enters_when_the_words_catalog_does_not_load(phone, live_server, hall):
    """With the JavaScript catalog lost on the Wi-Fi, the page's English stand-ins still let
    table 6 enter and confirm its hand."""
    event, tokens = hall
    page = phone.new_page()
    page.route(re.compile(r"/i18n/catalog\.js"), lambda route: route.abort())
    page.goto(f"{live_server.url}/enter/{tokens[6]}/")
    page.get_by_role("button", name="9", exact=True).click()
    expect(page.locator("#summary")).to_have_text(flags_line(event, 6, 9))
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#status")).to_contain_text("✓ Saved: hand 1, visitors 9 tricks.")
    assert HandResult.objects.get(event=event, host_table=6).visitor_tricks == 9


def test_a_wrong_token_is_refused(phone, live_server, hall):
    """A made-up entry address shows a refusal, not an entry page."""
    page = phone.new_page()
    response = page.goto(f"{live_server.url}/enter/not-a-real-token-at-all/")
    assert response.status == 404
    expect(page.get_by_role("alert")).to_have_text(
        "This entry address is not known. Scan the table's entry slip again."
    )
    expect(page.get_by_role("button", name="Confirm")).to_have_count(0)


def log_in(page, live_server, next_path: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/?next={next_path}")
    page.get_by_label("User name").fill("lead")
    page.get_by_label("Password").fill("hall-password-1")
    page.get_by_label("Password").press("Enter")


def test_the_leaders_grid_shows_the_entry_and_a_correction_locks_it(page, phone, live_server, hall):
    """The open grid shows table 3's entry without a reload; the leader's change is final."""
    event, tokens = hall
    log_in(page, live_server, f"/events/{event.slug}/hands/1/")
    expect(page.locator("#from-tables")).to_have_text("0 of 8 reported from the table")
    table = phone.new_page()
    table.goto(f"{live_server.url}/enter/{tokens[3]}/")
    table.get_by_role("button", name="9", exact=True).click()
    table.get_by_role("button", name="Confirm").click()
    expect(table.locator("#status")).to_contain_text("Saved")
    expect(page.locator("#from-tables")).to_have_text(
        "1 of 8 reported from the table", timeout=10000
    )
    expect(page.get_by_label("Table 3 visitors' tricks")).to_have_value("9")
    expect(page.locator("#row-3 .from-table")).to_contain_text("from the table")
    page.get_by_label("Table 3 visitors' tricks").fill("6")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Hand 1: 1 table saved. Changed: table 3 (9 → 6).")).to_be_visible()
    expect(page.locator("#row-3 .from-table")).to_be_hidden()
    assert HandResult.objects.get(event=event, host_table=3).entered_by == "lead"
    table.goto(f"{live_server.url}/enter/{tokens[3]}/?fix=1")
    expect(table.get_by_role("heading", name="Hand 1 is in")).to_be_visible()
    expect(table.locator(".te-last")).to_contain_text("Entered by the leader.")
    expect(table.get_by_role("link", name="Fix hand 1")).to_have_count(0)


def test_the_grid_saves_on_enter_after_the_last_table_and_warns_before_leaving(
    page, live_server, hall
):
    """Tab reaches the revoke boxes; leaving with typed values asks; Enter on table 8 saves."""
    event, _ = hall
    log_in(page, live_server, f"/events/{event.slug}/hands/1/")
    page.get_by_label("Table 1 visitors' tricks").fill("8")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Table 1 visitors' revokes")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_label("Table 1 hosts' revokes")).to_be_focused()
    asked = []
    page.on("dialog", lambda d: (asked.append(d.type), d.dismiss()))
    page.get_by_role("link", name="Hand 2 →").click()
    page.wait_for_timeout(500)
    assert asked == ["beforeunload"]
    expect(page).to_have_url(re.compile(r"/hands/1/$"))
    page.get_by_label("Table 2 visitors' tricks").focus()
    for tricks in ["7", "6", "8", "3", "11", "9", "13"]:
        page.keyboard.type(tricks)
        page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/hands/2/$"))
    assert HandResult.objects.filter(event=event, hand__number=1).count() == 8
