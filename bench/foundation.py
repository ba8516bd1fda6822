"""Benchmark: a 250-table, 50-hand event with all 12,500 results.

Times the import, then standings.json and rotation.json against /healthz in the same run
(through Django's full request handling, in process), cold (first request after a change)
and warm (the cache keyed by the event's revision), and prints the query counts.

    .venv/bin/python bench/foundation.py [--tables 250] [--repeat 200]
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import tempfile
import time
from pathlib import Path

from _django import setup


def timed(fn, repeat: int) -> float:
    """Median seconds of ``repeat`` calls."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
