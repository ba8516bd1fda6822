"""``bench/load.py --mode phones``: a hall's phones against the trivial server, then the hall's.

Both runs use the same crowd (bench/phones.py) for the same time, so the real server's figures
read against the machine's own limit measured a moment before.
"""

from __future__ import annotations

import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from hall_server import cpu_seconds, percentile, rss_mb, save_hands
from phones import Crowd, run_crowd

HERE = Path(__file__).resolve().parent


def _paths(slug: str, tables: int):
    """What a phone reads: its table's page most, the standings page, standings.json."""

    def path(rng) -> str:
        roll = rng.random()
        if roll < 0.5:
            return f"/events/{slug}/tables/{rng.randint(1, tables)}/"
        if roll < 0.8:
            return f"/events/{slug}/standings/"
        return f"/events/{slug}/standings.json"

    return path


def baseline(args) -> Crowd:
    """The crowd against a server that answers at once (another process, same machine)."""
    port = args.port + 1
    server = subprocess.Popen([sys.executable, str(HERE / "phones.py"), str(port)])  # noqa: S603
    try:
        time.sleep(1.0)
        crowd = run_crowd(
            phones=args.phones,
            port=port,
            path=lambda rng: "/standings.json",
            every=args.poll,
            duration=args.duration,
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(
        f"trivial server: {len(crowd.latencies)} answers, p50 {_ms(crowd.latencies, 50)}, "
        f"p95 {_ms(crowd.latencies, 95)}, max {_ms(crowd.latencies, 100)} ms, "
        f"{crowd.timeouts} timeouts, {args.phones - len(crowd.answered)} phones unanswered"
    )
    return crowd


def run_phones(args, slug, expected, first_hand, saves, server, trivial: Crowd) -> None:
    stop = threading.Event()
    save_times: list[float] = []
    problems: list[str] = []
    saved_at: dict[int, float] = {}
    first_seen: dict[int, float] = {}
    leader = threading.Thread(
        target=save_hands,
        args=(args, slug, first_hand, saves, save_times, problems, stop, saved_at),
        daemon=True,
    )
    watcher_of_saves = threading.Thread(
        target=_watch_saves, args=(args.port, slug, expected, first_seen, stop), daemon=True
    )
    memory = [rss_mb(server.pid)]
    watching = threading.Event()

    def watch_memory() -> None:
        while not watching.wait(1.0):
            memory.append(rss_mb(server.pid))

    watcher = threading.Thread(target=watch_memory, daemon=True)
    cpu = cpu_seconds(server.pid)
    began = time.perf_counter()
    leader.start()
    watcher.start()
    watcher_of_saves.start()
    crowd = run_crowd(
        phones=args.phones,
        port=args.port,
        path=_paths(slug, args.tables),
        every=args.poll,
        duration=args.duration,
    )
    stop.set()
    watching.set()
    leader.join(timeout=60)
    elapsed = time.perf_counter() - began
    cpu = cpu_seconds(server.pid) - cpu
    seen, half_saved = _check(crowd, expected)
    answers = len(crowd.latencies)
    print(
        f"\n{args.phones} phones keeping their connections, each reading every {args.poll:g} s, "
        f"{elapsed:.0f} s; a leader saving {args.tables} tables every {args.every:g} s; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print(f"{'':<16}{'count':>7}{'per s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for name, values in (
        ("trivial server", trivial.latencies),
        ("hall server", crowd.latencies),
        ("grid saves", save_times),
    ):
        print(
            f"{name:<16}{len(values):>7}{len(values) / elapsed:>8.0f}"
            + "".join(f"{_ms(values, q):>9}" for q in (50, 95, 99, 100))
        )
    ratio = percentile(crowd.latencies, 95) / max(percentile(trivial.latencies, 95), 1e-9)
    print(f"hall p95 / trivial p95: {ratio:.1f}")
    print(
        f"timeouts (15 s): {crowd.timeouts}; connections refused or dropped: {crowd.refused}; "
        f"phones never answered: {args.phones - len(crowd.answered)}; idle connections closed "
        f"by the server and reopened: {crowd.reconnects}; statuses: {crowd.statuses}"
    )
    print(
        f"server CPU: {cpu:.1f} s, {cpu / max(answers + len(save_times), 1) * 1000:.2f} ms per "
        f"request; memory (RSS) {memory[0]:.0f} MB at start, {max(memory):.0f} MB at most"
    )
    print(f"standings.json reads checked: {seen}; saw a hand half-saved: {half_saved}")
    _shares(crowd, args.workers)
    shown = [first_seen[k] - saved_at[k] for k in saved_at if k in first_seen]
    if shown:
        print(
            f"a saved hand first read on a new connection (any worker) after the save's answer: "
            f"median {statistics.median(shown) * 1000:.0f} ms, max {max(shown) * 1000:.0f} ms "
            f"({len(shown)} of {len(saved_at)} saves seen)"
        )
    print(f"problems: {len(problems)}" + "".join(f"\n  {p}" for p in sorted(set(problems))[:10]))
    print(
        "left out: TLS and a proxy, a network (loopback only), static files; the phones and the "
        "leader share the server's cores (see the load average)"
    )


def _shares(crowd: Crowd, workers: int) -> None:
    """Each worker's share of the answers and of the phones, against an even one."""
    if not crowd.by_worker:
        return
    for name, counts in (
        ("answers", list(crowd.by_worker.values())),
        ("phones (the worker that answered each last)", _counts(crowd.phone_worker.values())),
    ):
        even = sum(counts) / workers
        counts += [0] * (workers - len(counts))  # a worker that answered nobody
        shares = ", ".join(f"{n} ({n / even - 1:+.0%})" for n in sorted(counts))
        print(f"{name} by worker, against an even {even:.0f}: {shares}")


def _counts(values) -> list[int]:
    found: dict[str, int] = {}
    for value in values:
        found[value] = found.get(value, 0) + 1
    return list(found.values())


def _watch_saves(port: int, slug: str, expected: dict, first_seen: dict, stop) -> None:
    """Read standings.json on a new connection every 20 ms (a worker the kernel picks) and note
    when each number of saved hands is first seen."""
    while not stop.wait(0.02):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
        try:
            connection.request("GET", f"/events/{slug}/standings.json")
            response = connection.getresponse()
            body = response.read()
        except (OSError, http.client.HTTPException):
            continue
        finally:
            connection.close()
        if response.status != 200:
            continue  # counted with the phones' statuses
        rows = sorted(json.loads(body)["standings"], key=lambda s: s["table"])
        k = expected.get(tuple(s["total"] for s in rows))
        if k is not None:
            first_seen.setdefault(k, time.monotonic())


def _check(crowd: Crowd, expected: dict) -> tuple[int, int]:
    """standings.json reads checked, and those that matched no whole number of saved hands."""
    bad = 0
    for body in crowd.bodies:
        rows = sorted(json.loads(body)["standings"], key=lambda s: s["table"])
        if tuple(s["total"] for s in rows) not in expected:
            bad += 1
    return len(crowd.bodies), bad


def _ms(values: list[float], q: int) -> str:
    if not values:
        return "-"
    if q == 100:
        return f"{max(values) * 1000:.0f}"
    return f"{percentile(values, q) * 1000:.0f}"
