"""Benchmark: a 250-table, 50-hand event with all 12,500 results.

Times the import, then standings.json and rotation.json against /healthz in the same run
(through Django's full request handling, in process), cold (first request after a change)
and warm (the cache keyed by the event's revision), and prints the query counts. Then a
leader saves whole hands from the hand grid (hand 1, hand 30, hands 45-50 of a second event)
and each save is followed by the first standings.json, as phones see it, and by the grid the
save returns the leader to.

    .venv/bin/python bench/foundation.py [--tables 250] [--repeat 200]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from _django import setup
from _timing import timed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    # Automatic backups export the whole event in a background thread; timed once below,
    # kept out of the saves' figures.
    os.environ.setdefault("WHIST_BACKUP_SECONDS", "86400")
    database = setup()

    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import Event, HandResult
    from tournaments.services import bump_revision

    slug = f"bench-{args.tables}"
    Event.objects.filter(slug=slug).delete()
    start = time.perf_counter()
    quiet = io.StringIO()
    call_command(
        "create_event",
        "--name",
        "Bench",
        "--slug",
        slug,
        "--tables",
        str(args.tables),
        "--hands-per-day",
        "30,20",
        stdout=quiet,
    )
    created = time.perf_counter() - start
    rng = random.Random(1)
    lines = ["hand,table,visitor_tricks"] + [
        f"{h},{t},{sum(rng.random() < 0.5 for _ in range(13))}"
        for h in range(1, 51)
        for t in range(1, args.tables + 1)
    ]
    path = Path(tempfile.mkdtemp()) / "results.csv"
    path.write_text("\n".join(lines) + "\n")
    start = time.perf_counter()
    call_command("import_results", slug, str(path), stdout=quiet)
    imported = time.perf_counter() - start
    event = Event.objects.get(slug=slug)
    print(f"database: {database}")
    print(f"create_event {args.tables} tables x 50 hands: {created:.2f} s")
    print(
        f"import_results {HandResult.objects.filter(event=event).count()} results: {imported:.2f} s"
    )

    client = Client()
    urls = {
        "healthz": "/healthz",
        "standings.json": f"/events/{slug}/standings.json",
        "rotation.json": f"/events/{slug}/rotation.json",
    }

    def cold(url):
        def run():
            cache.clear()
            client.get(url)

        return run

    warm = {name: timed(lambda u=url: client.get(u), args.repeat) for name, url in urls.items()}
    coldt = {name: timed(cold(url), max(5, args.repeat // 20)) for name, url in urls.items()}
    print(f"\n{'address':<16}{'warm ms':>10}{'x healthz':>11}{'cold ms':>10}{'queries':>9}")
    for name, url in urls.items():
        cache.clear()
        reset_queries()
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        print(
            f"{name:<16}{warm[name] * 1000:>10.2f}{warm[name] / warm['healthz']:>11.1f}"
            f"{coldt[name] * 1000:>10.1f}{len(queries):>9}"
        )
    start = time.perf_counter()
    bump_revision(event)
    client.get(urls["standings.json"])
    print(
        f"\nstandings.json right after a result changes (revision bump + rebuild): "
        f"{(time.perf_counter() - start) * 1000:.1f} ms"
    )
    from tournaments.publishing import backups
    from tournaments.services import ResultEntry, results_record

    for when in ("the first, every record written", "after a corrected result, records reused"):
        if when.startswith("after"):
            results_record(event=event, entries=[ResultEntry(50, 1, 13)], actor=None)
            event.refresh_from_db()
        start, cpu = time.perf_counter(), time.process_time()
        backups.write_backup(event)
        print(
            f"one automatic backup of the whole event ({when}): "
            f"{(time.perf_counter() - start) * 1000:.0f} ms, "
            f"CPU {(time.process_time() - cpu) * 1000:.0f} ms"
        )
    saves(args.tables, warm["healthz"])


def saves(tables: int, healthz: float) -> None:
    """Whole hands saved from the grid, each followed by the first standings.json."""
    import io
    from urllib.parse import urlencode

    from django.core.management import call_command
    from django.test import Client

    from tournaments.models import Event, EventRole, Role
    from tournaments.services.accounts import leader_create

    slug = f"bench-save-{tables}"
    Event.objects.filter(slug=slug).delete()
    call_command(
        "create_event",
        "--name",
        "Saves",
        "--slug",
        slug,
        "--tables",
        str(tables),
        "--hands-per-day",
        "30,20",
        stdout=io.StringIO(),
    )
    event = Event.objects.get(slug=slug)
    leader = Client()
    user = leader_create(username=f"bench-{time.time_ns()}", password="bench-leader-pw-5521")
    EventRole.objects.create(event=event, user=user, role=Role.LEADER)
    leader.force_login(user)
    phone = Client()
    rng = random.Random(2)

    def grid(hand: int, correct: bool = False) -> tuple[float, ...]:
        body = {"go": "stay"}
        for t in range(1, tables + 1):
            body |= {
                f"tricks_{t}": str(rng.randint(0, 13)),
                f"vrev_{t}": "",
                f"hrev_{t}": "",
                f"seen_{t}": "1" if correct else "0",
                f"was_{t}": "x" if correct else "",
            }
        start, cpu = time.perf_counter(), time.process_time()
        response = leader.post(  # as a browser posts the grid
            f"/events/{slug}/hands/{hand}/", urlencode(body), "application/x-www-form-urlencoded"
        )
        saved, saved_cpu = time.perf_counter() - start, time.process_time() - cpu
        assert response.status_code == 302, response.status_code
        start, cpu = time.perf_counter(), time.process_time()
        phone.get(f"/events/{slug}/standings.json")
        read, read_cpu = time.perf_counter() - start, time.process_time() - cpu
        start, cpu = time.perf_counter(), time.process_time()
        page = leader.get(response["Location"])  # the grid the save returns the leader to
        assert page.status_code == 200, page.status_code
        return (
            saved,
            read,
            saved_cpu,
            read_cpu,
            time.perf_counter() - start,
            time.process_time() - cpu,
        )

    def imported(hands: range) -> None:
        lines = ["hand,table,visitor_tricks"] + [
            f"{h},{t},{rng.randint(0, 13)}" for h in hands for t in range(1, tables + 1)
        ]
        path = Path(tempfile.mkdtemp()) / "results.csv"
        path.write_text("\n".join(lines) + "\n")
        call_command("import_results", slug, str(path), stdout=io.StringIO())

    phone.get(f"/events/{slug}/standings.json")
    first = grid(1)
    imported(range(2, 30))
    thirtieth = grid(30)
    imported(range(31, 45))
    phone.get(f"/events/{slug}/standings.json")
    last = [grid(h) for h in range(45, 51)]
    corrections = [grid(h, correct=True) for h in range(45, 51)]
    print(
        f"\nwhole {tables}-table hand saved from the grid, then the first standings.json, then "
        "the grid the leader is returned to:"
    )
    print("(CPU: this process's own CPU time, a fairer figure on a machine others share)")
    print(
        f"{'':<28}{'save ms':>9}{'CPU':>7}{'standings.json ms':>19}{'CPU':>7}{'x healthz':>11}"
        f"{'grid ms':>9}{'CPU':>7}"
    )
    rows = [
        ("hand 1 (empty event)", [first]),
        ("hand 30 (day 1's last)", [thirtieth]),
        ("hands 45-50 (median)", last),
        ("corrections of 45-50 (median)", corrections),
    ]
    for name, pairs in rows:
        save, read, save_cpu, read_cpu, page, page_cpu = (
            statistics.median(p[i] for p in pairs) for i in range(6)
        )
        print(
            f"{name:<28}{save * 1000:>9.1f}{save_cpu * 1000:>7.0f}{read * 1000:>19.1f}"
            f"{read_cpu * 1000:>7.1f}{read / healthz:>11.0f}"
            f"{page * 1000:>9.1f}{page_cpu * 1000:>7.1f}"
        )


if __name__ == "__main__":
    main()
