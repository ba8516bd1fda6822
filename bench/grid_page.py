"""Benchmark: the grid page a leader lands on after saving a whole 250-table hand, through the
hall's own server (``python -m whistdirector hall`` on loopback), as a browser asks for it.

The leader saves hands 45-49 with "Save and go to the next hand" and the page of the next
hand is timed; then each hand is corrected (one table) and the page of the same hand timed.
Prints each time and the medians.

    .venv/bin/python bench/grid_page.py [--tables 250] [--hands 5] [--profile [tottime]]

``--profile`` times the same requests in this process (Django's test client, so the
development settings: templates are compiled again on every request) under cProfile and
prints where the grid page's time goes.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from hall_server import LEADER, PASSWORD, Client, grid_form, leader_tricks, start_server
from load import ensure_waitress, prepare


def form(tables: int, hand: int) -> dict:
    """The whole hand as the grid posts it, every row new (the grid then opens the next)."""
    return grid_form(tables, hand, "next")


def sixty(text: str) -> str:
    return (text + " " + "ễłř" * 30)[:60]


def long_names(slug: str) -> None:
    """Teams and players with 60-character accented names, as a provincial's (the grid writes
    and escapes every one of them)."""
    from django.db import transaction

    from tournaments.models import Event, Team
    from tournaments.services import bump_revision

    event = Event.objects.get(slug=slug)
    with transaction.atomic():
        for team in Team.objects.filter(event=event):
            t = team.home_table
            team.name = sixty(f"Club de whist militaire Nguyễn-Wałęsa-Dvořák n° {t:03d} de Łukasz")
            for letter in "abxy":
                player = f"{letter.upper()}. Marie-Thérèse Nguyễn-Wałęsa Dvořák {t:03d}"
                setattr(team, f"player_{letter}", sixty(player))
            team.save()
        bump_revision(event, setup=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--port", type=int, default=8771)
    parser.add_argument(
        "--profile", nargs="?", const="cumulative", choices=["cumulative", "tottime"]
    )
    args = parser.parse_args()
    args.workers, args.redis = 1, ""
    args.server = "{python} -m whistdirector hall --listen {host}:{port}"
    data = Path(tempfile.mkdtemp(prefix="whist-grid-"))
    os.environ["WHIST_DATA_DIR"] = str(data)
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{data / 'db.sqlite3'}")
    ensure_waitress()
    slug, _expected, first = prepare(args.tables, args.hands + 1)
    long_names(slug)
    if args.profile:
        return profile(args, slug, first)
    server = start_server(args, data)
    try:
        leader = Client(args.port)
        leader.request("GET", "/accounts/login/")
        leader.request("POST", "/accounts/login/", {"username": LEADER, "password": PASSWORD})
        after_save, fixed = [], []
        for hand in range(first, first + args.hands):
            status, _ = leader.request("GET", f"/events/{slug}/hands/{hand}/")
            status, _ = leader.request(
                "POST", f"/events/{slug}/hands/{hand}/", form(args.tables, hand)
            )
            assert status == 302, status
            began = time.perf_counter()
            status, page = leader.request("GET", f"/events/{slug}/hands/{hand + 1}/")
            after_save.append(time.perf_counter() - began)
            assert status == 200, status
            _status, page = leader.request("GET", f"/events/{slug}/hands/{hand}/")
            old = leader_tricks(hand, 1)  # table 1 corrected: its row alone is posted
            seen = re.search(rb'name="seen_1" value="(\d+)"', page)[1].decode()
            body = {"go": "stay", "tricks_1": str((old + 1) % 14), "vrev_1": "", "hrev_1": ""}
            body |= {"seen_1": seen, "was_1": f"{old},0,0"}
            status, _ = leader.request("POST", f"/events/{slug}/hands/{hand}/", body)
            began = time.perf_counter()
            status, page = leader.request("GET", f"/events/{slug}/hands/{hand}/")
            fixed.append(time.perf_counter() - began)
        print(f"{args.tables}-table grid page after a save, through the hall's server:")
        for name, times in (
            ("next hand after a save", after_save),
            ("hand after a fix", fixed),
        ):
            each = " ".join(f"{t * 1000:.0f}" for t in times)
            print(f"  {name:<24} median {statistics.median(times) * 1000:6.1f} ms   ({each})")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)


def profile(args, slug: str, first: int) -> None:
    import cProfile
    import pstats
    from urllib.parse import urlencode

    from django.contrib.auth import get_user_model
    from django.test import Client as Browser

    leader = Browser()
    leader.force_login(get_user_model().objects.get(username=LEADER))
    profiler = cProfile.Profile()
    for hand in range(first, first + args.hands):
        body = urlencode(form(args.tables, hand))
        leader.post(f"/events/{slug}/hands/{hand}/", body, "application/x-www-form-urlencoded")
        profiler.enable()
        leader.get(f"/events/{slug}/hands/{hand + 1}/")
        profiler.disable()
    pstats.Stats(profiler, stream=sys.stdout).sort_stats(args.profile).print_stats(45)


if __name__ == "__main__":
    main()
