"""The laptop dies mid-event: hands saved through the hall server, the server killed outright,
the database deleted; `restore` on a fresh data folder brings back every hand saved more than
the backup interval before the kill, with the same standings."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

from tests import servers

pytestmark = pytest.mark.servers
EVENT = "area-demo"  # 8 tables, part-way through its afternoon


def first_open_hand(browser: servers.Browser) -> int:
    standings = json.loads(browser.get(f"/events/{EVENT}/standings.json"))
    return standings["hands_played"] + 1


def save_hand(browser: servers.Browser, hand: int, tables: int = 8) -> None:
    form = {"go": "stay"}
    for table in range(1, tables + 1):
        form |= {f"tricks_{table}": str(5 + table), f"seen_{table}": "0", f"was_{table}": ""}
    status, page = browser.post(f"/events/{EVENT}/hands/{hand}/", form)
    assert status == 200
    assert f"Hand {hand}: {tables} tables saved." in page, page[:2000]


def test_every_hand_saved_before_the_backup_interval_survives_a_killed_laptop(tmp_path):
    """Three hands saved, the server killed with SIGKILL, the database gone: restore brings
    back all three and the standings equal those before the kill."""
    laptop, spare = tmp_path / "laptop", tmp_path / "spare-laptop"
    usb = tmp_path / "usb-stick"
    laptop.mkdir()
    env = servers.hall_installation(laptop)
    env |= {"WHIST_BACKUP_DIR": str(usb), "WHIST_BACKUP_SECONDS": "1"}
    server = servers.start("hall", env, laptop)
    try:
        browser = servers.Browser(server.port)
        browser.login()
        first = first_open_hand(browser)
        for hand in range(first, first + 3):
            save_hand(browser, hand)
        before = browser.get(f"/events/{EVENT}/standings.json")
        time.sleep(3)  # more than the backup interval
    finally:
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
    (laptop / "db.sqlite3").unlink()

    spare.mkdir()
    spare_env = servers.environment(spare)
    spare_env.pop("DATABASE_URL", None)
    servers.manage(spare_env, "migrate", "--verbosity", "0")
    restored = servers.manage(spare_env, "restore", "--from", str(usb)).stdout
    assert f"Restored {EVENT} (up to hand {first + 2})" in restored
    assert "Restored provincial-demo" in restored  # backed up when the hall started
    assert len(os.listdir(usb / EVENT)) >= 1
    # The same standings, read by a fresh server on the spare laptop.
    servers.manage(
        {**spare_env, "WHIST_LEADER_PASSWORD": "Flag-Keeper-2026"},
        "createleader",
        "--username",
        "spare",
    )
    server = servers.start("hall", spare_env, spare)
    try:
        assert servers.Browser(server.port).get(f"/events/{EVENT}/standings.json") == before
    finally:
        server.stop()
