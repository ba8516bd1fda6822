"""Benchmark: every printout of a 250-table, 50-hand event.

Prints seconds and pages for each printout, then the ratio against reportlab drawing the
same text (read back from our PDF) on bare canvases, one drawString per line, in the same
run. Runs on its own temporary SQLite database:

    .venv/bin/python bench/printing.py
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATABASE = Path(tempfile.mkdtemp()) / "bench.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{DATABASE}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdirector.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from pypdf import PdfReader  # noqa: E402
from reportlab.lib.pagesizes import LETTER  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from tournaments import pdf  # noqa: E402
from tournaments.formats.csv_files import TeamRow  # noqa: E402
from tournaments.management.demo import visitor_tricks  # noqa: E402
from tournaments.services import ResultEntry, event_create, results_record, teams_replace  # noqa: E402

TABLES, HANDS_PER_DAY = 250, [30, 20]


def build_event():
    import random

    event = event_create(
        name="Benchmark Open", slug="bench", tables=TABLES, hands_per_day=HANDS_PER_DAY
    )
    rows = [
        TeamRow(0, t, f"Seniors Club {t}", f"Zone {t % 10 + 1}", f"Ann {t}", f"Bob {t}",
                f"Xena {t}", f"Yves {t}")
        for t in range(1, TABLES + 1)
    ]  # fmt: skip
    teams_replace(event=event, rows=rows, actor=None)
    rng = random.Random(7)
    for hand in range(1, 31):  # day 1 played, so count sheets and standings have numbers
        entries = [ResultEntry(hand, t, visitor_tricks(rng)) for t in range(1, TABLES + 1)]
        results_record(event=event, entries=entries, actor=None)
    return event


def bare(pages: list[list[str]]) -> float:
    """Seconds for reportlab to draw the same lines, 14 pt Helvetica, on bare canvases."""
    started = time.perf_counter()
    canvas = Canvas(io.BytesIO(), pagesize=LETTER)
    for lines in pages:
        canvas.setFont("Helvetica", 14)
        y = 760.0
        for line in lines:
            canvas.drawString(36, y, line)
            y = y - 14 if y > 50 else 760.0
        canvas.showPage()
    canvas.save()
    return time.perf_counter() - started


def main() -> None:
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    event = build_event()
    print(f"event: {TABLES} tables, {sum(HANDS_PER_DAY)} hands, built in "
          f"{time.perf_counter() - started:.1f} s")  # fmt: skip
    jobs = [
        pdf.PrintJob("cards"),
        pdf.PrintJob("rotation"),
        pdf.PrintJob("slips"),
        pdf.PrintJob("counts", fill_counts=True),
        pdf.PrintJob("standings"),
    ]
    print(f"{'printout':<12}{'seconds':>9}{'pages':>7}{'bare s':>9}{'ratio':>7}")
    total = total_bare = 0.0
    for job in jobs:
        started = time.perf_counter()
        body = pdf.render(event, job)
        seconds = time.perf_counter() - started
        reader = PdfReader(io.BytesIO(body))
        text = [page.extract_text().splitlines() for page in reader.pages]
        baseline = bare(text)
        total, total_bare = total + seconds, total_bare + baseline
        print(f"{job.what:<12}{seconds:>9.2f}{len(text):>7}{baseline:>9.2f}"
              f"{seconds / baseline:>7.1f}")  # fmt: skip
    print(f"{'all':<12}{total:>9.2f}{'':>7}{total_bare:>9.2f}{total / total_bare:>7.1f}")
    DATABASE.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
