"""Phones follow the hall to its standby laptop (issue 39, point 3): an open page moves to the
same path on the standby once the hall is silent and the standby has taken over, carrying what
the phone keeps (static/js/follow_hall.js).

Until the standby's own server is in this branch, the standby is Playwright's stand-in at
another loopback address: it answers /standby.json itself and passes every other request to the
live server, which holds the same event (as the real standby does); hall.json is given the
"standby" and "replaced_by" keys the hall adds (STANDBY-CONTRACT.md)."""

from __future__ import annotations

import json
import re
import socket
import time
from urllib.parse import quote, urlsplit

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from tests.hall_size import PHONE
from tests.leader_helpers import make_event
from tournaments.cache import store
from tournaments.models import HandResult, TableSubmission
from tournaments.services.table_entry import table_tokens_issue

pytestmark = pytest.mark.django_db(transaction=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class TwoLaptops:
    """The hall (the live server) and its standby (a stand-in at another address) as one phone
    sees them; ``dead``, ``role`` and ``replaced`` are what the test changes."""

    def __init__(self, context, live_server):
        self.hall = live_server.url
        self.standby = f"http://127.0.0.1:{free_port()}"
        self.dead = False
        self.role = "standby"
        self.replaced = False
        self.asked = 0  # how many times a page asked the standby whether it is the hall
        self.lost_on_standby = 0  # the standby's next saves to drop, to look at what is kept
        context.route(re.compile("^" + re.escape(self.hall) + "/"), self.at_hall)
        context.route(re.compile("^" + re.escape(self.standby) + "/"), self.at_standby)

    def learned(self, page, **wait) -> None:
        """Wait until ``page`` knows the standby's address (from the hall, while it answers)."""
        page.wait_for_function(
            "standby => localStorage.getItem('follow-standby') === standby",
            arg=self.standby,
            **wait,
        )

    def at_hall(self, route):
        if self.dead:
            route.abort("connectionrefused")
            return
        path = urlsplit(route.request.url).path
        if path == "/standby.json":  # read by a page that reads no hall.json
            role = "replaced" if self.replaced else "hall"
            hall = self.standby if self.replaced else self.hall
            self.answer(route, {"role": role, "hall": hall, "standby": self.standby})
            return
        if path.endswith("/hall.json"):
            answer = route.fetch()
            data = answer.json()
            data["standby"] = self.standby
            data["replaced_by"] = self.standby if self.replaced else None
            route.fulfill(response=answer, body=json.dumps(data))
            return
        route.continue_()

    @staticmethod
    def answer(route, data: dict) -> None:
        """/standby.json as STANDBY-CONTRACT.md has it: open to every origin, never cached."""
        route.fulfill(
            status=200,
            content_type="application/json",
            headers={"Access-Control-Allow-Origin": "*", "Cache-Control": "no-store"},
            body=json.dumps({**data, "since": None}),
        )

    def at_standby(self, route):
        parts = urlsplit(route.request.url)
        if parts.path == "/standby.json":
            self.asked += 1
            hall = self.standby if self.role == "hall" else self.hall
            self.answer(route, {"role": self.role, "hall": hall, "standby": None})
            return
        if route.request.method == "POST" and self.lost_on_standby:
            self.lost_on_standby -= 1
            route.abort("connectionreset")
            return
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        answer = route.fetch(url=self.hall + path)
        if parts.path.endswith("/hall.json"):  # the standby, now the hall, has no standby
            data = answer.json()
            data.update(standby=None, replaced_by=None)
            route.fulfill(response=answer, body=json.dumps(data))
            return
        route.fulfill(response=answer)


@pytest.fixture
def hall():
    event = make_event("follow-e2e", tables=8)
    return event, table_tokens_issue(event=event, actor=None)


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    yield context
    # A stand-in's handler may be half-way through a fetch when the test ends: its error
    # belongs to no test (Playwright would raise it in the next test's set-up).
    context.unroute_all(behavior="ignoreErrors")
    context.close()


def kept(page, key: str):
    return page.evaluate("key => localStorage.getItem(key)", key)


def test_an_entry_page_moves_to_the_standby_and_sends_what_it_kept(phone, live_server, hall):
    """Table 3's phone confirms while the hall is dead: the entry waits on the phone; the
    standby takes over, and within 10 s the page is on the standby, same entry address, the
    entry still kept there, then sent once, nothing scanned."""
    event, tokens = hall
    laptops = TwoLaptops(phone, live_server)
    path = f"/enter/{tokens[3]}/"
    page = phone.new_page()
    page.goto(laptops.hall + path)
    expect(page.get_by_role("heading", name="Hand 1 of 30")).to_be_visible()
    laptops.learned(page)
    laptops.dead = True  # the hall laptop dies
    page.get_by_role("button", name="9", exact=True).click()
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#status")).to_contain_text("Not sent yet: no connection")
    entry = json.loads(kept(page, f"whist-entry:{path}"))
    page.wait_for_timeout(4000)  # the standby, asked, is not the hall yet: the page stays
    assert page.url == laptops.hall + path
    assert not HandResult.objects.filter(event=event).exists()

    laptops.lost_on_standby = 1  # the first send there is lost, so the kept entry can be read
    laptops.role = "hall"  # "Take over the hall"
    took_over = time.monotonic()
    expect(page).to_have_url(laptops.standby + path, timeout=10000)  # no #carry= left either
    followed = time.monotonic() - took_over
    assert json.loads(kept(page, f"whist-entry:{path}"))["id"] == entry["id"]
    expect(page.locator("#status")).to_contain_text(
        "✓ Saved: hand 1, visitors 9 tricks.", timeout=10000
    )
    print(f"\ntakeover to the page on the standby: {followed:.1f} s")
    assert followed <= 10
    row = HandResult.objects.get(event=event, host_table=3)
    assert (row.visitor_tricks, row.entered_by) == (9, "table 3")
    assert HandResult.objects.filter(event=event).count() == 1
    assert kept(page, f"whist-entry:{path}") is None
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_saved_entry_the_standby_lacks_is_sent_again_from_the_phones_journal(
    phone, live_server, hall
):
    """Table 4's hand 1 is "Saved" by the hall, whose standby lacks it when the hall dies (it
    had stopped answering, and the hall went on alone); once the page is on the standby, the
    phone's journal sends it again, once, as a resend."""
    event, tokens = hall
    laptops = TwoLaptops(phone, live_server)
    path = f"/enter/{tokens[4]}/"
    page = phone.new_page()
    page.goto(laptops.hall + path)
    laptops.learned(page)
    page.get_by_role("button", name="10", exact=True).click()
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#status")).to_contain_text("✓ Saved: hand 1, visitors 10 tricks.")
    laptops.dead = True  # the hall laptop dies; its standby never got the save
    HandResult.objects.filter(event=event, host_table=4).delete()
    TableSubmission.objects.filter(event=event, table=4).delete()
    cache.clear()  # the standby's pages know nothing of it
    store.clear_memory()
    page.wait_for_timeout(4000)  # the phone finds the hall silent; the leader takes over
    laptops.role = "hall"  # "Take over the hall"
    expect(page).to_have_url(laptops.standby + path, timeout=10000)
    # On the standby the page opens on hand 1 again: the journal's resend puts it back in.
    expect(page.locator("#status")).to_contain_text(
        "✓ Saved: hand 1, visitors 10 tricks.", timeout=10000
    )
    row = HandResult.objects.get(event=event, host_table=4)
    assert (row.visitor_tricks, row.entered_by) == (10, "table 4")
    assert TableSubmission.objects.get(event=event, table=4).resent is True


def test_a_replaced_hall_sends_an_open_table_page_to_the_new_hall_at_once(phone, live_server, hall):
    """The old hall, back after a takeover, names its replacement: the table page goes there
    at its next read of hall.json, carrying the phone's chosen table."""
    event, _ = hall
    laptops = TwoLaptops(phone, live_server)
    laptops.role = "hall"
    path = f"/events/{event.slug}/tables/5/"
    page = phone.new_page()
    page.goto(laptops.hall + path)
    page.evaluate("slug => localStorage.setItem('whist-table:' + slug, '5')", event.slug)
    laptops.replaced = True
    replaced = time.monotonic()
    expect(page).to_have_url(laptops.standby + path, timeout=10000)  # its next read, 5 s on
    print(f"\nreplaced to the page on the new hall: {time.monotonic() - replaced:.1f} s")
    assert kept(page, f"whist-table:{event.slug}") == "5"
    expect(page.get_by_role("heading", name=re.compile("Table 5"))).to_be_visible()


def test_the_standings_learn_the_standby_and_follow_it_when_the_hall_falls_silent(
    phone, live_server, hall
):
    """The standings page reads no hall.json: it learns the standby from the hall's own
    /standby.json; two failed reads after the hall dies, and it is on the standby once that
    has taken over."""
    event, _ = hall
    laptops = TwoLaptops(phone, live_server)
    path = f"/events/{event.slug}/standings/"
    page = phone.new_page()
    page.goto(laptops.hall + path)
    laptops.learned(page, timeout=8000)
    laptops.dead = True
    for _ in range(60):  # reads every 15 s while the hall answers, every 5 s once one failed
        if laptops.asked:
            break
        page.wait_for_timeout(500)
    assert laptops.asked, "two failed reads, and the standby is asked"
    page.wait_for_timeout(1000)
    assert page.url == laptops.hall + path  # the standby is not the hall yet: the page stays
    laptops.role = "hall"
    took_over = time.monotonic()
    expect(page).to_have_url(laptops.standby + path, timeout=10000)
    print(f"\ntakeover to the standings on the standby: {time.monotonic() - took_over:.1f} s")
    expect(page.get_by_role("heading", level=1)).to_be_visible()


def test_a_carried_key_never_overwrites_a_newer_one(phone, live_server, hall):
    """What a move carries fills the new origin's storage but never replaces a value written
    there later, nor one of unknown age; keys not the page scripts' are left out; the fragment
    leaves the address bar."""
    event, _ = hall
    base = live_server.url
    page = phone.new_page()
    page.goto(f"{base}/practice/")  # no follow_hall.js here: a write of unknown age
    page.evaluate("localStorage.setItem('whist-table:unknown-age', 'here')")
    page.goto(f"{base}/events/{event.slug}/tables/2/")
    page.evaluate(
        """() => {
        localStorage.setItem('whist-table:older-here', 'here');
        localStorage.setItem('whist-table:newer-here', 'here');
    }"""
    )
    now = page.evaluate("Date.now()")
    carry = {
        "whist-table:older-here": ["carried", now + 60000],
        "whist-table:newer-here": ["carried", now - 60000],
        "whist-table:unknown-age": ["carried", now + 60000],
        "whist-table:only-carried": ["carried", now - 60000],
        "not-whist": ["carried", now],
    }
    path = f"/events/{event.slug}/standings/"
    page.goto(f"{base}{path}#carry={quote(json.dumps(carry))}")
    expect(page).to_have_url(f"{base}{path}")
    kept_now = {key: kept(page, key) for key in carry}
    assert kept_now == {
        "whist-table:older-here": "carried",
        "whist-table:newer-here": "here",
        "whist-table:unknown-age": "here",
        "whist-table:only-carried": "carried",
        "not-whist": None,
    }
