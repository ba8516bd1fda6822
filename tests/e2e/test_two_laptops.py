"""Two laptops, two real servers (issue 39, point 3): a phone's entry page open on the hall
follows the hall to its standby by itself when the hall laptop dies and the standby takes
over; the entry it kept unsent goes there once; the old hall, started again, refuses writes
and sends an opened page to the standby. The servers are the ones a leader starts
(``hall``, ``standby --hall --code``, ``takeover``), on loopback with a data folder each, as
in tests/scenarios/test_standby_takeover.py; the phone is Chromium at a phone's size."""

from __future__ import annotations

import re
import signal
import sqlite3
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests import servers
from tests.hall_size import PHONE
from tests.scenarios.test_publishing_servers import SLUG, installation
from tests.scenarios.test_standby_takeover import enter, read_json, start

pytestmark = pytest.mark.servers

FOLLOW = 10  # seconds from the takeover to the phone's page on the standby (issue 39's goal)


def saved(data: Path, table: int, hand: int) -> list[tuple[int, str]]:
    """The results a laptop's database holds for ``table``'s ``hand`` (read only)."""
    with sqlite3.connect(f"file:{data / 'db.sqlite3'}?mode=ro", uri=True) as db:
        return db.execute(
            "SELECT r.visitor_tricks, r.entered_by FROM tournaments_handresult r"
            " JOIN tournaments_hand h ON h.id = r.hand_id"
            " JOIN tournaments_event e ON e.id = r.event_id"
            " WHERE e.slug = ? AND r.host_table = ? AND h.number = ?",
            (SLUG, table, hand),
        ).fetchall()


def kept(page, key: str):
    return page.evaluate("key => localStorage.getItem(key)", key)


def test_a_phone_follows_the_hall_to_the_real_standby(browser, tmp_path):
    hall_data, standby_data = tmp_path / "hall", tmp_path / "standby"
    hall_data.mkdir()
    standby_data.mkdir()
    hall_env = installation(hall_data)
    line = servers.manage(hall_env, "table_links", SLUG).stdout.splitlines()[2]
    table, token = re.search(r"(\d+)\t.*/enter/([^/\s]+)/", line).groups()
    table = int(table)
    code = servers.manage(hall_env, "standby_code").stdout.strip()
    standby_env = servers.environment(standby_data)
    standby_env["DATABASE_URL"] = f"sqlite:///{standby_data / 'db.sqlite3'}"
    hall_port, standby_port = servers.free_port(), servers.free_port()
    hall_origin = f"http://127.0.0.1:{hall_port}"
    standby_origin = f"http://127.0.0.1:{standby_port}"
    hall = start(hall_env, hall_data, hall_port, "hall")
    standby = old = None
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        pairing = ("--hall", hall_origin, "--code", code)
        standby = start(standby_env, standby_data, standby_port, "standby", *pairing)
        path = f"/enter/{token}/"
        page = context.new_page()
        page.goto(hall_origin + path)
        expect(page.get_by_role("heading", name="Hand 1 of 10")).to_be_visible()
        # The page learns the standby's address from the hall's hall.json (read every 5 s).
        page.wait_for_function(
            "standby => localStorage.getItem('follow-standby') === standby",
            arg=standby_origin,
            timeout=8000,
        )

        hall.process.send_signal(signal.SIGKILL)  # the hall laptop dies
        hall.process.wait()
        page.get_by_role("button", name="9", exact=True).click()
        page.get_by_role("button", name="Confirm").click()
        expect(page.locator("#status")).to_contain_text("Not sent yet: no connection")
        assert kept(page, f"whist-entry:{path}") is not None
        page.wait_for_timeout(1500)  # the standby, asked, is not the hall yet: the page stays
        assert page.url == hall_origin + path

        began = time.monotonic()
        took = servers.launch(standby_env, "takeover")  # "Take over the hall", one step
        took_over = time.monotonic()
        assert took.returncode == 0, took.stderr
        expect(page).to_have_url(standby_origin + path, timeout=FOLLOW * 1000)
        followed = time.monotonic() - took_over
        print(
            f"\ntakeover command: {took_over - began:.1f} s; "
            f"takeover to the page on the standby: {followed:.1f} s"
        )
        assert followed <= FOLLOW
        expect(page.locator("#status")).to_contain_text(
            "✓ Saved: hand 1, visitors 9 tricks.", timeout=10000
        )
        assert kept(page, f"whist-entry:{path}") is None
        assert saved(standby_data, table, 1) == [(9, f"table {table}")]  # once
        # The page goes on on the standby: its next look shows the hand in, from there.
        page.get_by_role("link", name="Next hand").click()
        expect(page.get_by_role("heading", name="Hand 1 is in")).to_be_visible()
        assert page.url == standby_origin + path
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # The old hall laptop started again: it knows it was replaced, refuses writes, and a
        # phone that opens its page (a printed QR still pointing at it) is sent to the standby.
        old = start(hall_env, hall_data, hall_port, "hall")
        assert read_json(hall_port, "/standby.json")["role"] == "replaced"
        status, answer = enter(hall_port, token, 3, 8)
        assert status == 409 and standby_origin in answer["error"], answer
        late = context.new_page()
        late.goto(hall_origin + path)
        expect(late).to_have_url(standby_origin + path, timeout=FOLLOW * 1000)
        expect(late.get_by_role("heading", name="Hand 1 is in")).to_be_visible()
        assert saved(hall_data, table, 3) == []
        assert saved(standby_data, table, 1) == [(9, f"table {table}")]
    finally:
        context.close()
        logs = ""
        for server in (hall, standby, old):
            if server is not None and server.process.poll() is None:
                logs += server.stop()
    assert "Traceback" not in logs, logs
