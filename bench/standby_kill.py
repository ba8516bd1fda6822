"""The kill test of issue 39: a hall and its standby, two real servers on loopback (two data
folders, two ports), a 250-table event (``tests/hall_size.py``), the tables' phones entering
hands 8, 9 and 10 while the leader corrects their results through the hand grid
(``_leader_grid.py``); the hall killed with SIGKILL at a random moment across those hands, the
standby taking over (``whist-director takeover``), the phones' pages opening on the new hall as
``table_entry.js`` does: each checks its journal there (``?held=1``) and sends again a save it
lacks, then sends what was not acknowledged, with the same ids (again on the next pass while
the new hall answers "waits": a hand before it is still coming back from a journal), and the
leader typing again a correction the hall died under. Prints the acknowledged saves lost (the
grid's missing on the standby at the takeover, the phones' after their journals' check), the
phones' saves held by their journals only at the takeover (a phone's save is answered at
once, its journal holding it until the standby does; the grid's waits), those recorded twice,
whether the standby's standings then equal the reference (the same results recorded on a copy
of the event that never had a standby), the standby's lag (p95, from a revision on the hall to
the same on the standby, read from both databases every 10 ms), a save's answer with and
without a standby (p95), and takeover to the first accepted save.

Figures, 2026-11-29, third session (a phone's save answered at once, the rounds gathering the
phones' saves for up to 0.25 s; 2 cores): 0 lost and 0 recorded twice over 20 kills (5,318
phones' and 89 grid saves acknowledged, 102 of the phones' in their journals only at the
takeover, all sent again from them), the standings equal after all 20 takeovers, lag p95
321 ms over 6,219 revisions, takeover to the first accepted save 1.9 s at most.

    .venv/bin/python bench/standby_kill.py --kills 20
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from _leader_grid import Leader, corrections

ROOT = Path(__file__).resolve().parent.parent
SLUG, HANDS, PHONES = "full-hall", (8, 9, 10), 16
REFUSED: list[str] = []  # what a refused entry was told (the resends to the standby)

PREPARE = """
import json, os, django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdirector.settings")
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from tests.hall_size import full_hall
from tournaments.models import TableToken
from tournaments.services import accounts
from tournaments.services.table_entry import table_tokens_issue
accounts.leader_create(username="bench-leader", password="bench-hall-password-91")
event = full_hall("full-hall", played=7)
table_tokens_issue(event=event, actor=None)
tokens = dict(TableToken.objects.filter(event=event).values_list("table", "token"))
print(json.dumps(tokens))
"""


def free_port() -> int:
    with socket.socket() as s:
        return s.bind(("127.0.0.1", 0)) or s.getsockname()[1]


def environment(data: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WHIST_", "DJANGO_"))}
    env.pop("DATABASE_URL", None)
    return env | {"WHIST_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}


def launcher(env: dict, *args: str, log: Path | None = None, wait: bool = True):
    command = [sys.executable, "-m", "whistdirector", *args]
    if not wait:
        out = log.open("w")
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)  # noqa: S603
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)  # noqa: S603


def answering(port: int, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(log.read_text())
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/standby.json", timeout=2).read()  # noqa: S310
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"no answer on {port}: {log.read_text()[-2000:]}")


def entry_request(port: int, token: str, entry: dict) -> urllib.request.Request:
    """A table's phone sending ``entry`` to its entry address, as table_entry.js does."""
    return urllib.request.Request(  # noqa: S310 - loopback
        f"http://127.0.0.1:{port}/enter/{token}/",
        data=json.dumps(entry).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "Accept": "application/json"},
    )


def prepared(template: Path) -> dict[str, str]:
    """The 250-table event made in ``template`` (PREPARE); each table's entry token."""
    made = subprocess.run(  # noqa: S603
        [sys.executable, "-c", PREPARE],
        cwd=ROOT,
        env=environment(template),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(made.stdout.strip().splitlines()[-1])


def sent(port: int, token: str, entry: dict, timeout: float = 30) -> tuple[str, str, float]:
    """A table's phone sending ``entry``: what became of it ("saved", "not saved", "refused",
    "server error" or "network error"), what it was told, and seconds to its answer."""
    request = entry_request(port, token, entry)
    began = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310
            saved = json.loads(answer.read()).get("saved") is True
        outcome, told = ("saved", "") if saved else ("not saved", "no 'saved' in the answer")
    except urllib.error.HTTPError as refused:
        outcome = "server error" if refused.code >= 500 else "refused"
        told = f"{refused.code} {refused.read(300)!r}"
    except (OSError, ValueError, http.client.HTTPException) as error:
        outcome, told = "network error", repr(error)[:200]
    return outcome, told, time.monotonic() - began


def enter(port: int, token: str, table: int, hand: int, tricks: int) -> tuple[bool, float]:
    """A phone's entry (its id made once per table and hand); acknowledged, and how long."""
    entry = {"id": f"phone-{table}-{hand}", "hand": hand, "tricks": tricks}
    outcome, told, seconds = sent(port, token, entry)
    if outcome in ("refused", "server error", "network error"):
        REFUSED.append(told)
    return outcome == "saved", seconds


def results(db: Path) -> tuple[dict[tuple[int, int], int], int]:
    """Each (hand, host table)'s visitors' tricks of ``HANDS``, and how many are there twice."""
    with sqlite3.connect(db, timeout=30) as conn:
        rows = conn.execute(
            "SELECT h.number, r.host_table, r.visitor_tricks FROM tournaments_handresult r "
            "JOIN tournaments_hand h ON h.id = r.hand_id "
            "JOIN tournaments_event e ON e.id = r.event_id "
            "WHERE e.slug = ? AND h.number BETWEEN ? AND ?",
            (SLUG, min(HANDS), max(HANDS)),
        ).fetchall()
        doubled = conn.execute(
            "SELECT COUNT(*) FROM (SELECT h.number FROM tournaments_handresult r JOIN "
            "tournaments_hand h ON h.id = r.hand_id WHERE h.number BETWEEN ? AND ? "
            "GROUP BY h.number, r.host_table HAVING COUNT(*) > 1)",
            (min(HANDS), max(HANDS)),
        ).fetchone()[0]
    return {(hand, table): tricks for hand, table, tricks in rows}, doubled


REFERENCE = """
import json, sys
from tournaments.models import Event
from tournaments.services import ResultEntry, results_record
from tournaments.snapshot import standings_payload
event = Event.objects.get(slug=%(slug)r)
cells = json.load(open(%(cells)r))
for hand in sorted({c[0] for c in cells}):
    entries = [ResultEntry(h, t, v) for h, t, v in cells if h == hand]
    results_record(event=event, entries=entries, actor=None)
print(json.dumps(standings_payload(Event.objects.get(pk=event.pk))))
"""


def reference_standings(template: Path, work: Path, cells: dict) -> dict:
    """The standings of the event with ``cells`` recorded on a copy that never had a standby."""
    folder = work / "reference"
    shutil.copytree(template, folder)
    (work / "cells.json").write_text(json.dumps([[*k, v] for k, v in sorted(cells.items())]))
    script = REFERENCE % {"slug": SLUG, "cells": str(work / "cells.json")}
    made = launcher(environment(folder), "manage", "shell", "-c", script)
    return json.loads(made.stdout.strip().splitlines()[-1])


def standings_on(port: int) -> dict:
    url = f"http://127.0.0.1:{port}/events/{SLUG}/standings.json"
    with urllib.request.urlopen(url, timeout=30) as answer:  # noqa: S310 - loopback
        return json.loads(answer.read())


def watch_lag(hall_db: Path, standby_db: Path, stop: threading.Event, lags: list) -> None:
    """Each hall revision's first sight, then the standby holding it (both read every 10 ms)."""
    seen: dict[int, float] = {}
    while not stop.is_set():
        now = time.monotonic()
        try:
            with sqlite3.connect(f"file:{hall_db}?mode=ro", uri=True, timeout=1) as h:
                hall = h.execute(
                    "SELECT revision FROM tournaments_event WHERE slug=?", (SLUG,)
                ).fetchone()[0]
            with sqlite3.connect(f"file:{standby_db}?mode=ro", uri=True, timeout=1) as s:
                row = s.execute("SELECT revision FROM tournaments_publishedcopy").fetchone()
        except sqlite3.Error:
            time.sleep(0.01)
            continue
        seen.setdefault(hall, now)
        held = row[0] if row else 0
        for revision in [r for r in seen if r <= held]:
            lags.append(now - seen.pop(revision))
        time.sleep(0.01)


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else (values or [0])[0]


def one_kill(template: Path, tokens: dict, work: Path, window: float | None, rng) -> dict:
    """One round: with ``window`` None, the measuring round (no kill before every hand is
    entered); else the hall killed at a random moment of the first ``window`` seconds."""
    measure = window is None
    hall_dir, standby_dir = work / "hall", work / "standby"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(template, hall_dir)
    standby_dir.mkdir(parents=True)
    hall_env, standby_env = environment(hall_dir), environment(standby_dir)
    hall_port, standby_port = free_port(), free_port()
    hall = launcher(
        hall_env, "hall", "--listen", f"127.0.0.1:{hall_port}", log=work / "hall.log", wait=False
    )
    answering(hall_port, hall, work / "hall.log")
    figures: dict = {}
    tables = list(range(1, 251))
    rng.shuffle(tables)
    tricks = {(h, t): rng.randint(0, 13) for h in HANDS for t in tables}
    first = HANDS[0]
    if measure:  # a save's answer with no standby: the first 50 tables of the first hand
        with ThreadPoolExecutor(PHONES) as pool:
            alone = list(
                pool.map(
                    lambda t: enter(hall_port, tokens[str(t)], t, first, tricks[(first, t)]),
                    tables[:50],
                )
            )
        figures["alone"] = [took for ok, took in alone if ok]
    standby = start_standby(hall_env, standby_env, hall_port, standby_port, work)
    stop, lags = threading.Event(), []
    watcher = threading.Thread(
        target=watch_lag, args=(hall_dir / "db.sqlite3", standby_dir / "db.sqlite3", stop, lags)
    )
    watcher.start()
    measured = {(first, t) for t in tables[:50]} if measure else set()
    turns = [(h, t) for h in HANDS for t in tables if (h, t) not in measured]
    acked: dict[tuple[int, int], int] = {}
    took: list[float] = []
    grid = {"saved": {}, "typing": None, "times": []}
    leader = threading.Thread(
        target=corrections, args=(hall_port, SLUG, acked, grid, stop, random.Random(rng.random()))
    )
    leader.start()
    kill_at = None if measure else rng.uniform(0.0, window)
    began = time.monotonic()

    def phone(turn: tuple[int, int]) -> None:
        hand, table = turn
        ok, seconds = enter(hall_port, tokens[str(table)], table, hand, tricks[turn])
        if ok:
            acked[turn] = tricks[turn]
            took.append(seconds)

    killer = None
    if kill_at is not None:
        killer = threading.Timer(kill_at, hall.send_signal, args=(signal.SIGKILL,))
        killer.start()
    with ThreadPoolExecutor(PHONES) as pool:
        for hand in HANDS:  # a table enters the next hand once the hall is on it
            list(pool.map(phone, [turn for turn in turns if turn[0] == hand]))
    if killer is not None:
        killer.join()
    else:
        time.sleep(1)
        hall.send_signal(signal.SIGKILL)
    hall.wait()
    stop.set()
    watcher.join()
    leader.join()
    figures |= {"with_standby": took, "lags": lags, "entered_for": time.monotonic() - began}
    if measure:
        figures["acked_alone"] = len(figures["alone"])
    step = time.monotonic()
    launcher(standby_env, "takeover")
    taken, doubled = results(standby_dir / "db.sqlite3")
    # Acknowledged: a phone's save (unless the leader corrected it since, or was correcting it
    # when the hall died) and a correction the grid said saved, each on the standby at the
    # takeover; a phone's missing there (none while the standby answered) would come back
    # from its journal's check on the new hall, the grid's would not.
    typing = grid["typing"][:2] if grid["typing"] else None
    phones = {c: v for c, v in acked.items() if c not in grid["saved"] and c != typing}
    grids = {c: v for c, v in grid["saved"].items() if c != typing}
    journal_only = sum(1 for cell, value in phones.items() if taken.get(cell) != value)
    lost = sum(1 for cell, value in grids.items() if taken.get(cell) != value)
    # The phones' pages open on the new hall: each checks its journal first, then sends the
    # entry it kept (table_entry.js).
    first_save = journals(standby_port, tokens, acked, step)
    first_save = resend(standby_port, tokens, tables, tricks, acked, step, first_save)
    checked, _doubled = results(standby_dir / "db.sqlite3")
    lost += sum(1 for cell, value in phones.items() if checked.get(cell) != value)
    if grid["typing"]:  # the leader types again what the grid did not say saved
        hand, table, value = grid["typing"]
        again = Leader(standby_port)
        again.log_in()
        again.correct(SLUG, hand, table, value)  # or the grid shows it there already
        if results(standby_dir / "db.sqlite3")[0].get((hand, table)) == value:
            grid["saved"][(hand, table)] = value
    expected = tricks | grid["saved"]
    held, doubled_after = results(standby_dir / "db.sqlite3")
    equal = standings_on(standby_port) == reference_standings(template, work, expected)
    standby.send_signal(signal.SIGTERM)
    standby.wait(timeout=30)
    missing = sum(1 for cell, value in expected.items() if held.get(cell) != value)
    if missing:
        wrong = [(c, v, held.get(c)) for c, v in sorted(expected.items()) if held.get(c) != v]
        print("  differing (cell, expected, held):", wrong[:5], REFUSED[:3], flush=True)
    return figures | {
        "acked": len(acked),
        "corrected": len(grid["saved"]),
        "lost": lost,
        "journal_only": journal_only,
        "doubled": max(doubled, doubled_after),
        "missing": missing,
        "standings_equal": equal,
        "takeover_to_save": first_save,
        "kill_at": kill_at,
    }


def start_standby(hall_env: dict, env: dict, hall_port: int, port: int, work: Path):
    code = launcher(hall_env, "manage", "standby_code").stdout.strip()
    hall = f"http://127.0.0.1:{hall_port}"
    standby = launcher(
        env,
        *("standby", "--hall", hall, "--code", code, "--listen", f"127.0.0.1:{port}"),
        log=work / "standby.log",
        wait=False,
    )
    answering(port, standby, work / "standby.log")
    return standby


def journals(port: int, tokens: dict, acked: dict, step: float) -> float | None:
    """Each table's phone checks its journal on the new hall, as ``table_entry.js`` does
    (``?held=1``): a save it was told of that the hall lacks is sent again, as a resend.
    Seconds from the takeover's step to the first resend, if any."""
    first = None
    for table in sorted({table for _hand, table in acked}):
        url = f"http://127.0.0.1:{port}/enter/{tokens[str(table)]}/?held=1"
        with urllib.request.urlopen(url, timeout=30) as answer:  # noqa: S310 - loopback
            hall = json.loads(answer.read())
        for (hand, at), tricks in sorted(acked.items()):
            known = f"phone-{at}-{hand}" in hall["ids"]
            if at != table or known or hall["held"].get(str(hand)) == [tricks, 0, 0]:
                continue
            entry = {"id": f"phone-{at}-{hand}", "hand": hand, "tricks": tricks, "resend": True}
            with urllib.request.urlopen(entry_request(port, tokens[str(at)], entry), timeout=30):  # noqa: S310
                first = first if first is not None else time.monotonic() - step
    return first


def resend(port, tokens, tables, tricks, acked, step, first=None) -> float:
    """The phones not acknowledged send again, to the standby, with the same ids, hand by
    hand; one the new hall is not ready for ("waits": a hand before it is still coming back
    from a journal) is kept and sent again on the next pass, as the phone does every 10 s and
    when the hall moves. Seconds from the takeover's step to the first accepted save."""
    REFUSED.clear()
    kept = [(hand, table) for hand in HANDS for table in tables if (hand, table) not in acked]
    for _pass in range(10):
        waiting = []
        for hand, table in kept:
            entry = {"id": f"phone-{table}-{hand}", "hand": hand, "tricks": tricks[(hand, table)]}
            outcome, told, _s = sent(port, tokens[str(table)], entry)
            if outcome == "saved":
                first = first if first is not None else time.monotonic() - step
            elif '"waits": true' in told:
                waiting.append((hand, table))
            else:
                REFUSED.append(told)
        if not waiting or len(waiting) == len(kept):
            REFUSED.extend(f"still waiting: hand {h} table {t}" for h, t in waiting)
            break
        kept = waiting
    repeat = tables[0]  # a phone sending a save already acknowledged: answered, not recorded
    enter(port, tokens[str(repeat)], repeat, HANDS[0], tricks[(HANDS[0], repeat)])
    return first if first is not None else time.monotonic() - step


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=39)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    base = Path(tempfile.mkdtemp(prefix="whist-standby-"))
    template = base / "template"
    template.mkdir()
    tokens = prepared(template)
    rounds = [one_kill(template, tokens, base / "round", None, rng)]
    window = rounds[0]["entered_for"]  # the kills fall across the three hands
    print(
        f"measure: {rounds[0]['acked']} phones' saves with a standby and "
        f"{rounds[0]['corrected']} grid's in {window:.1f} s, {rounds[0]['acked_alone']} alone"
    )
    for n in range(args.kills):
        r = one_kill(template, tokens, base / "round", window, rng)
        rounds.append(r)
        print(
            f"kill {n + 1} at {r['kill_at']:.2f} s: {r['acked']} phones' and "
            f"{r['corrected']} grid's saves acknowledged ({r['journal_only']} phones' in their "
            f"journals only at the takeover), lost {r['lost']}, recorded twice "
            f"{r['doubled']}, results differing after resends {r['missing']}, standings equal "
            f"to the reference: {r['standings_equal']}, takeover to first save "
            f"{r['takeover_to_save']:.2f} s",
            flush=True,
        )
    lags = [x for r in rounds for x in r["lags"]]
    with_standby, alone = rounds[0]["with_standby"], rounds[0]["alone"]
    print(
        f"acknowledged saves lost: {sum(r['lost'] for r in rounds[1:])}, recorded twice: "
        f"{sum(r['doubled'] for r in rounds[1:])} over {args.kills} kills (phones' saves in "
        f"their journals only at the takeover: {sum(r['journal_only'] for r in rounds[1:])}); "
        "standings equal to "
        f"the reference after {sum(r['standings_equal'] for r in rounds[1:])} takeovers"
    )
    print(f"standby lag p95 {p95(lags) * 1000:.0f} ms over {len(lags)} revisions")
    print(
        f"a phone's save answered p95: alone {p95(alone) * 1000:.0f} ms, with a standby "
        f"{p95(with_standby) * 1000:.0f} ms ({PHONES} phones at once)"
    )
    if takeovers := [r["takeover_to_save"] for r in rounds[1:]]:
        print(f"takeover to the first accepted save: max {max(takeovers):.1f} s")
    shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
