"""Two laptops on loopback (issue 39): a hall and its standby, two real servers with a data
folder each. The standby is paired with a code, follows every save, and takes over in one
step when the hall is killed; the old hall, started again, refuses writes."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests import servers
from tests.scenarios.test_publishing_servers import SLUG, TABLES, installation

pytestmark = pytest.mark.servers

FOLLOW = 5  # seconds the standby may take to apply what the hall acknowledged (it is ~0.2 s)


def save_hand(browser: servers.Browser, hand: int) -> tuple[int, str]:
    form = {"go": "stay"}
    for table in range(1, TABLES + 1):
        form |= {
            f"tricks_{table}": str((hand + table) % 14),
            f"seen_{table}": "0",
            f"was_{table}": "",
        }
    return browser.post(f"/events/{SLUG}/hands/{hand}/", form)


def enter(port: int, token: str, hand: int, tricks: int) -> tuple[int, dict]:
    """A table's phone sends its entry to its entry address."""
    body = json.dumps({"id": f"phone-{hand}-{tricks}", "hand": hand, "tricks": tricks}).encode()
    request = urllib.request.Request(  # noqa: S310 - loopback
        f"http://127.0.0.1:{port}/enter/{token}/",
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read() or b"{}")


def read_json(port: int, path: str) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as answer:  # noqa: S310
        return json.loads(answer.read())


def standings(port: int) -> dict:
    return read_json(port, f"/events/{SLUG}/standings.json")


def caught_up(standby_port: int, hall_port: int) -> bool:
    deadline = time.monotonic() + FOLLOW
    while time.monotonic() < deadline:
        if standings(standby_port) == standings(hall_port):
            return True
        time.sleep(0.2)
    return False


def start(env: dict, data: Path, port: int, *args: str) -> servers.Server:
    """``whist-director ARGS --listen 127.0.0.1:PORT``, waited for until /healthz answers."""
    log = data / f"{args[0]}-{time.monotonic_ns()}.log"
    process = subprocess.Popen(  # noqa: S603 - this checkout's launcher
        [sys.executable, "-m", "whistdirector", *args, "--listen", f"127.0.0.1:{port}"],
        cwd=servers.ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert process.poll() is None, log.read_text()
        try:
            read_json(port, "/standby.json")
            return servers.Server(process, port, 0.0, log)
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise AssertionError(log.read_text())


def test_the_standby_follows_takes_over_and_fences_the_old_hall(tmp_path):
    """Paired with a code, the standby holds every save the hall acknowledged; the hall
    killed, one command makes the standby the hall, where the same entry address saves; the
    old hall started again says it was replaced and refuses writes."""
    hall_data, standby_data = tmp_path / "hall", tmp_path / "standby"
    hall_data.mkdir()
    standby_data.mkdir()
    hall_env = installation(hall_data)
    links = servers.manage(hall_env, "table_links", SLUG).stdout
    token = re.search(r"/enter/([^/\s]+)/", links)[1]
    code = servers.manage(hall_env, "standby_code").stdout.strip()
    standby_env = servers.environment(standby_data)
    standby_env["DATABASE_URL"] = f"sqlite:///{standby_data / 'db.sqlite3'}"
    hall_port, standby_port = servers.free_port(), servers.free_port()
    hall_origin = f"http://127.0.0.1:{hall_port}"
    hall = start(hall_env, hall_data, hall_port, "hall")
    standby = start(
        standby_env, standby_data, standby_port, "standby", "--hall", hall_origin, "--code", code
    )
    try:
        assert read_json(standby_port, "/standby.json")["role"] == "standby"
        leader = servers.Browser(hall_port)
        leader.login()
        status, page = save_hand(leader, 1)
        assert status == 200 and f"Hand 1: {TABLES} tables saved." in page, page[:500]
        # Acknowledged: the standby has it on its disk (the answer waited for that), and
        # applies it a moment later.
        assert caught_up(standby_port, hall_port)
        standby.stop()  # the standby goes away: the hall plays on alone
        status, page = save_hand(leader, 2)
        assert status == 200 and f"Hand 2: {TABLES} tables saved." in page, page[:500]
        assert "Standby not answering since" in leader.get("/hall/")
        # Started again (as any hall laptop is), the standby catches up by itself.
        standby = start(standby_env, standby_data, standby_port, "hall")
        assert caught_up(standby_port, hall_port)
        status, page = save_hand(leader, 3)
        assert status == 200 and caught_up(standby_port, hall_port)
        assert read_json(hall_port, f"/events/{SLUG}/hall.json")["standby"] == (
            f"http://127.0.0.1:{standby_port}"
        )
        assert "behind" in leader.get("/hall/standby/")
        status, answer = enter(standby_port, token, 4, 7)  # the standby takes no writes
        assert status == 409, answer
        before = standings(hall_port)
    finally:
        hall.process.send_signal(signal.SIGKILL)
        hall.process.wait()
    try:
        took = servers.launch(standby_env, "takeover")
        assert took.returncode == 0, took.stderr
        assert read_json(standby_port, "/standby.json")["role"] == "hall"
        assert standings(standby_port) == before
        status, answer = enter(standby_port, token, 4, 7)
        assert status == 200 and answer["saved"], answer
        old = start(hall_env, hall_data, hall_port, "hall")
        try:
            said = read_json(hall_port, "/standby.json")
            assert said["role"] == "replaced", said
            assert said["hall"] == f"http://127.0.0.1:{standby_port}"
            status, answer = enter(hall_port, token, 4, 8)
            assert status == 409
            assert f"replaced by the standby at http://127.0.0.1:{standby_port}" in answer["error"]
            assert read_json(hall_port, f"/events/{SLUG}/hall.json")["replaced_by"] == (
                f"http://127.0.0.1:{standby_port}"
            )
        finally:
            old_log = old.stop()
    finally:
        standby_log = standby.stop()
    assert "Traceback" not in standby_log + old_log, standby_log + old_log


def test_a_hall_still_running_steps_aside_within_seconds_of_a_takeover(tmp_path):
    """The standby takes over while the hall laptop still runs (paired after its start): the
    hall learns it at its next look and refuses writes from then on."""
    hall_data, standby_data = tmp_path / "hall", tmp_path / "standby"
    hall_data.mkdir()
    standby_data.mkdir()
    hall_env = installation(hall_data)
    links = servers.manage(hall_env, "table_links", SLUG).stdout
    token = re.search(r"/enter/([^/\s]+)/", links)[1]
    standby_env = servers.environment(standby_data)
    standby_env["DATABASE_URL"] = f"sqlite:///{standby_data / 'db.sqlite3'}"
    hall_port, standby_port = servers.free_port(), servers.free_port()
    hall = start(hall_env, hall_data, hall_port, "hall")
    standby = None
    try:
        code = servers.manage(hall_env, "standby_code").stdout.strip()
        origin = f"http://127.0.0.1:{hall_port}"
        standby = start(
            standby_env, standby_data, standby_port, "standby", "--hall", origin, "--code", code
        )
        took = servers.launch(standby_env, "takeover")
        assert took.returncode == 0, took.stdout + took.stderr
        deadline = time.monotonic() + 10
        while read_json(hall_port, "/standby.json")["role"] != "replaced":
            assert time.monotonic() < deadline, "the hall never learnt of the takeover"
            time.sleep(0.25)
        status, answer = enter(hall_port, token, 1, 7)
        assert status == 409 and "replaced by the standby" in answer["error"]
        status, answer = enter(standby_port, token, 1, 7)
        assert status == 200 and answer["saved"], answer
    finally:
        hall.stop()
        if standby is not None:
            standby.stop()
