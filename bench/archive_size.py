"""Benchmark: the largest archive a real event writes, which sets the archive bound.

A two-day provincial (30 + 20 hands) of 250 tables with 60-character accented names
(tests/hall_size.py), every hand entered at every table one hand at a time (one audit
entry each, as the hall's grid saves them), ``CORRECTED`` of the results corrected once
afterwards (the correction history), both sessions of day 1, day 1 and day 2 closed with every
table's count. Prints the archive's size (``export_event``'s text, what the backups, the
download and ``restore`` hold) and its ratio to the bound ``ARCHIVE_MAX``:

    .venv/bin/python bench/archive_size.py

Today (2026-11-28): 13,756 audit entries, an archive of 6,253,135 bytes (6.0 MB), built in 34 s;
the bound, 24 MB, is 4.0 times it.
"""

from __future__ import annotations

import random
import sys
import time

from _django import setup

setup()

from tests.hall_size import full_hall  # noqa: E402
from tournaments import snapshot  # noqa: E402
from tournaments.archive.reading import ARCHIVE_MAX  # noqa: E402
from tournaments.management.demo import visitor_tricks  # noqa: E402
from tournaments.models import AuditEntry  # noqa: E402
from tournaments.services import ResultEntry, results_record  # noqa: E402
from tournaments.services.closing import day_close  # noqa: E402

TABLES = 250
CORRECTED = 0.10  # a tenth of the results corrected once: far more than any real hall


def main() -> None:
    began = time.monotonic()
    event = full_hall("archive-size", played=50, tables=TABLES)
    rng = random.Random(42)
    for hand in range(1, 51):
        tables = [t for t in range(1, TABLES + 1) if rng.random() < CORRECTED]
        entries = [ResultEntry(hand, t, visitor_tricks(rng), 1, 0) for t in tables]
        if entries:
            results_record(event=event, entries=entries, actor=None, action="result corrected")
    counts_by_day = {}
    for day in (1, 2):
        counts_by_day[day] = {t: rng.randint(0, 40) for t in range(1, TABLES + 1)}
    for day, session in ((1, 1), (1, 2), (1, 0), (2, 0)):
        day_close(
            event=event,
            day=day,
            session=session,
            counts=counts_by_day[day],
            override_note="counted by the verifiers; " * 4,
            close_incomplete=True,
            actor=None,
        )
    event.refresh_from_db()
    text = snapshot.archive_text(event)
    size = len(text.encode("utf-8"))
    audit = AuditEntry.objects.filter(event=event).count()
    print(f"built in {time.monotonic() - began:.0f} s; {audit:,} audit entries")
    print(f"archive: {size:,} bytes ({size / 1024 / 1024:.1f} MB)")
    print(f"bound: {ARCHIVE_MAX:,} bytes, {ARCHIVE_MAX / size:.1f} times the largest")


if __name__ == "__main__":
    sys.exit(main())
