"""Load benchmark: the hall's production server under phones while the leader saves hands.

Prepares a 250-table, 50-hand event (every hand but the last few already played), starts the
hall server (``python -m whistdirector hall``, waitress) on 127.0.0.1, then for a bounded time
N simulated phones (threads, keep-alive connections over loopback, asking for gzip as every
phone's browser does) read standings.json, the standings page and random table pages while one
leader saves a whole hand from the hand grid every few seconds. Every standings.json read is
checked against the standings the rules give after 0, 1, 2 ... saved hands: a read that
matches none saw a half-saved hand.

    .venv/bin/python bench/load.py [--phones 16] [--duration 30] [--every 3] [--plain]
        [--server "CMD with {python} {host} {port}"]      # DATABASE_URL=... for PostgreSQL

Prints requests per second, p50/p95/p99 of reads and saves, the server's CPU time per request
(a fair figure on a shared machine) and its memory.

``--mode phones`` behaves like a hall's phones instead (bench/phones.py): ``--phones`` keep-alive
connections (1,000 by default), each refreshing a public page every ``--poll`` seconds (10) while
the leader saves a whole hand every ``--every`` seconds; the same crowd first runs against a
trivial server that answers every request at once, the machine's own limit, in the same run.
It prints p50/p95/p99/max of the answers, timeouts (no answer within 15 s), connections
refused, phones never answered, and any standings.json read that saw a hand half-saved.

``--workers N`` (or ``--redis``, or a ``--server`` command with ``serve``) runs the real hosted
server instead, ``python -m whistdirector serve`` (gunicorn), with ``WHIST_SHOW_WORKER=1`` so
each answer names its worker: it also prints each worker's share of the answers and of the
phones. What the figures leave out (an outside measurement that includes them can differ):
TLS and the proxy in front; a network (all is loopback); the stylesheets and scripts a browser
fetches once and keeps; and the machine's other work: the phones (one asyncio process) and the
leader run on the server's own cores, and other programs too, so read every figure with the
load average printed beside it. On a 2-core machine shared with other work, one process's
p95 measured 83 ms at a load average of 6.7, 348-488 ms at 9-11 and 9.6 s at 14; four workers'
166 ms at 5.2 and 2.0 s at 14 (a process's share of a crowded machine's cores grows with the
number of processes, which flatters several workers there).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from hall_server import (
    LEADER,
    PASSWORD,
    ROOT,
    Client,
    cpu_seconds,
    leader_tricks,
    percentile,
    raise_open_files,
    rss_mb,
    save_hands,
    start_server,
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--mode", choices=["threads", "phones"], default="threads")
    parser.add_argument("--phones", type=int, help="16 threads, or 1,000 phones")
    parser.add_argument("--poll", type=float, default=10.0, help="seconds between a phone's reads")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of load")
    parser.add_argument("--every", type=float, default=3.0, help="seconds between saves")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--plain", action="store_true", help="phones that do not ask for gzip")
    parser.add_argument(
        "--workers", type=int, default=1, help="serve --workers N (a hosted installation)"
    )
    parser.add_argument("--redis", default="", help="WHIST_REDIS_URL for the server")
    parser.add_argument(
        "--server",
        default="{python} -m whistdirector hall --listen {host}:{port}",
        help="the production server's command ({python}, {host} and {port} are filled in)",
    )
    args = parser.parse_args()
    args.phones = args.phones or (1000 if args.mode == "phones" else 16)
    raise_open_files()
    saves = max(1, int(args.duration / args.every))
    data = Path(tempfile.mkdtemp(prefix="whist-load-"))
    os.environ["WHIST_DATA_DIR"] = str(data)
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{data / 'db.sqlite3'}")
    ensure_waitress()
    start = time.perf_counter()
    slug, expected, first_hand = prepare(args.tables, saves)
    print(f"database: {os.environ['DATABASE_URL'].split('@')[-1]}")
    print(
        f"prepared {args.tables} tables, hands 1-{first_hand - 1} played: "
        f"{time.perf_counter() - start:.1f} s"
    )
    if args.mode == "phones":
        from phones_mode import baseline

        trivial = baseline(args)
    server = start_server(args, data)
    try:
        if args.mode == "phones":
            from phones_mode import run_phones

            run_phones(args, slug, expected, first_hand, saves, server, trivial)
        else:
            run(args, slug, expected, first_hand, saves, server)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)


def ensure_waitress() -> None:
    try:
        import waitress  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "waitress"], check=True)


def prepare(tables: int, saves: int) -> tuple[str, dict, int]:
    """The event with all but the last ``saves`` hands played; the standings.json totals
    expected after each further saved hand; the first hand the leader saves."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdirector.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournaments import selectors
    from tournaments.formats.csv_files import TeamRow
    from tournaments.models import Event, EventRole, Hand, Role
    from tournaments.rules.flags import net_flags_by_day
    from tournaments.rules.types import Result
    from tournaments.services import ResultEntry, event_create, results_record, teams_replace
    from tournaments.services.accounts import leader_create

    call_command("migrate", verbosity=0)
    slug = "load"
    Event.objects.filter(slug=slug).delete()  # a PostgreSQL database is reused between runs
    get_user_model().objects.filter(username=LEADER).delete()
    event = event_create(name="Load", slug=slug, tables=tables, hands_per_day=[30, 20])
    teams_replace(
        event=event,
        rows=[
            TeamRow(0, t, f"Team {t}", "", f"A{t}", f"B{t}", f"X{t}", f"Y{t}")
            for t in range(1, tables + 1)
        ],
        actor=None,
    )
    EventRole.objects.create(
        event=event, user=leader_create(username=LEADER, password=PASSWORD), role=Role.LEADER
    )
    rng = random.Random(11)
    first = 50 - saves + 1
    for hand in range(1, first):
        entries = [ResultEntry(hand, t, rng.randint(3, 11)) for t in range(1, tables + 1)]
        results_record(event=event, entries=entries, actor=None)
    event.refresh_from_db()
    recorded = selectors.results(event)
    visitors = {
        h.number: {host: home for home, host in enumerate(h.moves, 1)}
        for h in Hand.objects.filter(event=event)
    }
    expected = {}
    for k in range(saves + 1):
        net = net_flags_by_day(tables, recorded, event.flag_settings)
        expected[tuple(sum(net[d][t] for d in net) for t in range(1, tables + 1))] = k
        hand = first + k
        if hand <= 50:
            day = 1 if hand <= 30 else 2
            recorded += [
                Result(hand, day, t, visitors[hand][t], leader_tricks(hand, t))
                for t in range(1, tables + 1)
            ]
    return slug, expected, first


def run(args, slug: str, expected: dict, first_hand: int, saves: int, server) -> None:
    import json

    stop = threading.Event()
    samples: dict[str, list[float]] = {"standings.json": [], "standings page": [], "table page": []}
    save_times: list[float] = []
    problems: list[str] = []
    seen_saves: list[int] = []
    lock = threading.Lock()

    def phone(n: int) -> None:
        client, rng = Client(args.port, args.plain), random.Random(n)
        kinds = [
            ("standings.json", lambda: f"/events/{slug}/standings.json"),
            ("standings page", lambda: f"/events/{slug}/standings/"),
            ("table page", lambda: f"/events/{slug}/tables/{rng.randint(1, args.tables)}/"),
        ]
        while not stop.is_set():
            kind, path = rng.choice(kinds)
            began = time.perf_counter()
            status, body = client.request("GET", path())
            took = time.perf_counter() - began
            with lock:
                samples[kind].append(took)
                if status != 200:
                    problems.append(f"{kind} answered {status}")
                elif kind == "standings.json":
                    rows = sorted(json.loads(body)["standings"], key=lambda s: s["table"])
                    k = expected.get(tuple(s["total"] for s in rows))
                    if k is None:
                        problems.append("standings.json matched no whole number of saved hands")
                    else:
                        seen_saves.append(k)

    def leader() -> None:
        save_hands(args, slug, first_hand, saves, save_times, problems, stop)

    phones = [threading.Thread(target=phone, args=(n,), daemon=True) for n in range(args.phones)]
    writer = threading.Thread(target=leader, daemon=True)
    memory = [rss_mb(server.pid)]
    cpu = cpu_seconds(server.pid)
    began = time.perf_counter()
    for thread in [*phones, writer]:
        thread.start()
    while time.perf_counter() - began < args.duration:
        time.sleep(1)
        memory.append(rss_mb(server.pid))
    stop.set()
    for thread in [*phones, writer]:
        thread.join(timeout=60)
    elapsed = time.perf_counter() - began
    cpu = cpu_seconds(server.pid) - cpu
    report(args, samples, save_times, elapsed, memory, problems, seen_saves, cpu)


def report(args, samples, save_times, elapsed, memory, problems, seen_saves, cpu) -> None:
    reads = [t for kind in samples.values() for t in kind]
    print(
        f"\n{args.phones} phones, {elapsed:.0f} s, one leader saving {args.tables} tables "
        f"every {args.every:g} s; load average {os.getloadavg()[0]:.1f}"
    )
    print(f"{'':<16}{'count':>7}{'per s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}")
    for name, values in [*samples.items(), ("all reads", reads), ("grid saves", save_times)]:
        print(
            f"{name:<16}{len(values):>7}{len(values) / elapsed:>8.0f}"
            + "".join(f"{percentile(values, q) * 1000:>9.1f}" for q in (50, 95, 99))
        )
    requests = len(reads) + len(save_times)
    print(
        f"server CPU: {cpu:.1f} s in {elapsed:.0f} s, {cpu / max(requests, 1) * 1000:.2f} ms per "
        "request (saves and backups included)"
    )
    print(f"server memory (RSS): {memory[0]:.0f} MB at start, {max(memory):.0f} MB at most")
    print(f"saved hands seen by phones: {sorted(set(seen_saves))}")
    print(f"problems: {len(problems)}" + "".join(f"\n  {p}" for p in sorted(set(problems))[:10]))


if __name__ == "__main__":
    main()
