"""The hall's side of the publishing soak (bench/publishing_soak.py): the tables' phones entering
each hand of a 250-table event, hand after hand, and the leader's grid correcting a played hand
now and then (and closing day 1 once its last hand is in), over HTTP on loopback. Every save is
kept with when it began and how long its answer took. Also the hall's installation and server."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from _province import ROOT, answering, free_port
from soak import Writer  # the leader's browser: cookies and the CSRF token, by hand
from standby_kill import sent

from tests import servers

PHONES = 8  # phones sending at once
DAY_ONE = 30  # the last hand of day 1 (tests/hall_size.py: 30 + 20 hands)
LAST_HAND = 50
PREPARE = """
import json, os, django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdirector.settings")
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from tests.hall_size import full_hall
from tests.servers import LEADER, LEADER_PASSWORD
from tournaments.models import TableToken
from tournaments.services import accounts
from tournaments.services.table_entry import table_tokens_issue
accounts.leader_create(username=LEADER, password=LEADER_PASSWORD)
event = full_hall("%s", played=%d)
table_tokens_issue(event=event, actor=None)
print(json.dumps(dict(TableToken.objects.filter(event=event).values_list("table", "token"))))
"""


def hall_installation(data: Path, slug: str, played: int) -> tuple[dict, dict]:
    """The hall's data folder: hands 1..``played`` at 250 tables, a leader, the tables'
    entry tokens (returned, by table)."""
    env = servers.environment(data, PYTHONPATH=str(ROOT))
    env.pop("DATABASE_URL", None)
    script = PREPARE % (slug, played)
    done = subprocess.run(  # noqa: S603
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise RuntimeError(done.stderr[-3000:])
    return env, json.loads(done.stdout.strip().splitlines()[-1])


class Hall:
    """The hall server and a look into its database (read-only, but for the pause flag)."""

    def __init__(self, env: dict, data: Path) -> None:
        self.env, self.db, self.port = env, data / "db.sqlite3", free_port()
        self.log = data / "hall.log"
        command = [sys.executable, "-m", "whistdirector", "hall", "--listen"]
        self.process = subprocess.Popen(  # noqa: S603
            [*command, f"127.0.0.1:{self.port}"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
            stdout=self.log.open("w"), stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + 180
        while not answering(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the hall did not start: {self.log.read_text()[-3000:]}")
            time.sleep(0.2)

    def query(self, sql: str, *values):
        with sqlite3.connect(self.db, timeout=30) as db:
            return db.execute(sql, values).fetchall()

    def cpu(self) -> float:
        """The hall server's CPU seconds so far (user and system, every thread)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def publishing(self, on: bool) -> None:
        self.query("UPDATE tournaments_publishtarget SET stopped = ?", 0 if on else 1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


@dataclass
class Saves:
    """Every save: (began, seconds, kind) with kind "phone" or "grid"; refusals and errors."""

    done: list[tuple[float, float, str]] = field(default_factory=list)
    tally: Counter = field(default_factory=Counter)
    told: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    hand: int = 0  # the hand the phones enter now
    closed_day_one: bool = False

    def keep(self, began: float, seconds: float, kind: str, outcome: str, told: str = "") -> None:
        with self.lock:
            self.tally[f"{kind} {outcome}"] += 1
            if outcome == "saved":
                self.done.append((began, seconds, kind))
            elif told and len(self.told) < 10:
                self.told.append(f"{kind}: {told}")


def phone(port: int, slug: str, token: str, hand: int, table: int, tricks: int, saves: Saves):
    entry = {"id": f"soak-{table}-{hand}", "hand": hand, "tricks": tricks}
    began = time.monotonic()
    outcome, told, seconds = sent(port, token, entry, timeout=60)
    saves.keep(began, seconds, "phone", outcome, told)


def phones(port, slug, tokens, first, deadline, rate, saves: Saves, leader: Leader) -> None:
    """Hand after hand from ``first``, every table's phone once per hand, ``rate`` saves a
    second in all; day 1 is closed by the leader after its last hand."""
    rng = random.Random(40)
    for hand in range(first, LAST_HAND + 1):
        if time.monotonic() >= deadline:
            return
        saves.hand = hand
        tables = list(range(1, len(tokens) + 1))
        rng.shuffle(tables)
        sent = [(port, slug, tokens[str(t)], hand, t, rng.randint(0, 13), saves) for t in tables]
        with ThreadPoolExecutor(PHONES) as pool:
            list(pool.map(lambda s: _paced(s, deadline, PHONES / rate), sent))
        if hand == DAY_ONE and time.monotonic() < deadline:
            leader.close_day_one(saves)


def _paced(sent: tuple, deadline: float, pause: float) -> None:
    if time.monotonic() < deadline:
        phone(*sent)
        time.sleep(random.uniform(0, 2 * pause))  # noqa: S311 - a phone's pace, not a secret


class Leader:
    """The leader's browser: the hand grid, a correction at a time, and the day's close."""

    def __init__(self, port: int, slug: str, username: str, password: str) -> None:
        self.slug, self.writer = slug, Writer(port, "127.0.0.1", proxied=False)
        _status, page = self.writer.request("GET", "/accounts/login/")
        form = {"username": username, "password": password}
        form["csrfmiddlewaretoken"] = self.writer.token(page)
        status, page = self.writer.request("POST", "/accounts/login/", form)
        assert status == 200 and "Log out" in page, f"the leader's login answered {status}"

    def correct(self, saves: Saves, rng: random.Random) -> None:
        """One to three tables of a played hand of the open day, typed anew and saved."""
        low = DAY_ONE + 1 if saves.closed_day_one else 1
        if saves.hand - 1 < low:
            return
        hand = rng.randint(max(low, saves.hand - 6), saves.hand - 1)
        path = f"/events/{self.slug}/hands/{hand}/"
        status, page = self.writer.request("GET", path)
        if status != 200:
            saves.keep(time.monotonic(), 0, "grid", "server error" if status >= 500 else "refused")
            return
        form = {"go": "stay", "csrfmiddlewaretoken": self.writer.token(page)}
        for table in rng.sample(range(1, 251), rng.randint(1, 3)):
            seen = re.search(rf'name="seen_{table}" value="(\d+)"', page)[1]
            was = re.search(rf'name="was_{table}" value="([^"]*)"', page)[1]
            held = int(was.split(",")[0] or 0)  # "tricks,visitor revokes,host revokes"
            typed = str((held + rng.randint(1, 12)) % 14)
            form |= {f"tricks_{table}": typed, f"seen_{table}": seen, f"was_{table}": was}
        took: list[float] = []
        began = time.monotonic()
        status, page = self.writer.request("POST", path, form, took=took)
        if status >= 500:
            saves.keep(began, 0, "grid", "server error", page[:200])
        elif re.search(r"\d+ tables? saved", page):
            saves.keep(began, took[0], "grid", "saved")
        else:
            told = re.findall(r'<ul class="messages">(.*?)</ul>', page, re.S)
            saves.keep(began, 0, "grid", "not saved", told[0] if told else page[:200])

    def close_day_one(self, saves: Saves) -> None:
        """Close day 1 without counts ("Close anyway", with a note), as a leader may."""
        path = f"/events/{self.slug}/close/1/"
        _status, page = self.writer.request("GET", path)
        form = {
            "action": "close",
            "close_incomplete": "on",
            "override_note": "Soak: the counts were not typed.",
            "csrfmiddlewaretoken": self.writer.token(page),
        }
        began = time.monotonic()
        status, page = self.writer.request("POST", path, form)
        closed = status == 200 and "every table" in page
        saves.closed_day_one = closed
        told = "" if closed else re.sub(r"\s+", " ", page)[:300]
        saves.keep(began, 0, "close", "done" if closed else "refused", told)


def grid(leader: Leader, deadline: float, saves: Saves) -> None:
    """A correction every 2 to 5 seconds."""
    rng = random.Random(41)
    while time.monotonic() < deadline:
        time.sleep(rng.uniform(2, 5))
        if time.monotonic() < deadline:
            leader.correct(saves, rng)
