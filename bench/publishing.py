"""Benchmark: what publishing to the province costs the hall and the province (issue 40).

A 250-table provincial (tests/hall_size.py) at hand 8; each table's phone saves hand 8 (one
result a save, as table entry saves them), first with no publishing, then with the hall's
sender running in the same process and publishing to a province that answers at once (no
network: only the hall's own cost is measured). Prints each run's save time (p50, p95), how
many publications the sender built and their mean size and time; then the province's time to
apply one hand's publication of 250 results after 45 hands (the check of the whole event as it
will be, then the writes):

    .venv/bin/python bench/publishing.py

Today (2026-11-28, a shared 2-core machine at a load of 3 to 4, so the figures move by more
than the difference between the two runs, and not one way): save p95 without / while
publishing 31.0 / 32.8 ms, 44.2 / 30.9 ms, 62.4 / 104.0 ms, 13.9 / 16.5 ms in four runs; 3 to 5
publications over the 250 saves (one every ``sender.GAP`` seconds), each built in 7 to 14 ms
(62 ms on the busiest run), 3.4 KB gzipped; the province applies hand 46 in 0.66 to 1.0 s
(0.32 s on a quieter machine). A quiet machine is needed to settle the ±10 % question.
"""

from __future__ import annotations

import gzip
import json
import statistics
import threading
import time

from _django import setup

setup()

from django.test import Client  # noqa: E402

from tests.hall_size import TABLES, full_hall  # noqa: E402
from tests.publishing_helpers import province_of, send  # noqa: E402
from tournaments.archive import feed  # noqa: E402
from tournaments.models import Event  # noqa: E402
from tournaments.publishing import sender, target  # noqa: E402
from tournaments.services import ResultEntry, results_record  # noqa: E402

built: list[tuple[float, int]] = []  # (seconds, gzipped bytes) of each publication


def answering(url: str, key: str, body: bytes):
    """A province that accepts every change at once (the hall's cost alone)."""
    built.append((0.0, len(gzip.compress(body))))
    return 200, {"revision": json.loads(body)["revision"]}


def timed_feed():
    original = feed.changes_since

    def changes_since(event, base, *, source):
        began = time.perf_counter()
        found = original(event, base, source=source)
        built.append((time.perf_counter() - began, 0))
        return found

    sender.changes_since = changes_since


def saves(event: Event, hand: int, tricks: int) -> list[float]:
    took = []
    for table in range(1, TABLES + 1):
        began = time.perf_counter()
        results_record(event=event, entries=[ResultEntry(hand, table, tricks)], actor=None)
        took.append(time.perf_counter() - began)
        time.sleep(0.005)  # phones arrive one after another, not all in one instant
    return took


def line(name: str, took: list[float]) -> str:
    p95 = statistics.quantiles(took, n=20)[-1]
    return f"{name}: saves p50 {statistics.median(took) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms"


def main() -> None:
    event = full_hall("publishing", played=7)
    print(line("without publishing", saves(event, 8, 8)))
    target.target_set(event, "https://whist.example.org", "wdp_bench")
    sender.sender.round = sender.Sender.round.__get__(sender.sender)
    sender._post = answering
    timed_feed()
    sender.sender.round()  # the whole event first, as a hall does once
    built.clear()
    threading.Thread(target=sender.sender.run, daemon=True).start()
    took = saves(event, 8, 9)
    time.sleep(2)
    print(line("while publishing", took))
    times = [t for t, _ in built if t]
    sizes = [s for _, s in built if s]
    print(
        f"{len(sizes)} publications, each built in {statistics.mean(times) * 1000:.0f} ms, "
        f"{statistics.mean(sizes) / 1024:.1f} KB gzipped"
    )
    province_apply()


def province_apply() -> None:
    hall = full_hall("province-apply", played=45)
    whole = feed.changes_since(hall, 0, source="bench")
    base = hall.revision
    entries = [ResultEntry(46, t, 8) for t in range(1, TABLES + 1)]
    results_record(event=hall, entries=entries, actor=None)
    hall.refresh_from_db()
    one = feed.changes_since(hall, base, source="bench")
    province, key = province_of(hall)
    client = Client()
    assert send(client, province.slug, key, whole).status_code == 200
    began = time.perf_counter()
    answer = send(client, province.slug, key, one)
    assert answer.status_code == 200, answer.content
    print(f"the province applies hand 46 of 250 tables in {time.perf_counter() - began:.2f} s")


if __name__ == "__main__":
    main()
