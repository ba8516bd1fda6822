"""Benchmark: a province's season on one installation, against /healthz.

Builds a season of 40 area events (72 tables, 50 hands each), 8 zones (the top two of five
areas each) and a provincial (the top two of every zone): about 3,000 teams and 150,000
results, written in bulk, with the links create_next_level records. Then times the season page,
a club page and every API address through Django's full request handling, in process: cold
(nothing kept: the first request after a change), warm (kept per season revision), and after
one corrected result in one area (the season's revision moves on; only that area's standings
are derived again), with their query counts.

    DATABASE_URL=postgres://... .venv/bin/python bench/season.py [--areas 40] [--tables 72]
        [--hands 50] [--repeat 200]
"""

from __future__ import annotations

import argparse
import os
import random
import time

from _django import setup
from _timing import timed


def build(areas: int, tables: int, hands: int) -> dict:
    """The season's events, played (results written in bulk, as an import would)."""
    from django.utils import timezone

    from tournaments import snapshot
    from tournaments.formats.csv_files import TeamRow
    from tournaments.models import Event, Hand, HandResult
    from tournaments.services import event_create, teams_replace
    from tournaments.services.audit import bump_revision
    from tournaments.services.links import links_record
    from tournaments.services.seasons import season_named

    season = season_named("Bench Seasons Games 2027")
    rng = random.Random(7)
    days = [30, hands - 30] if hands > 30 else [hands]
    now = timezone.now()

    def played(event: Event) -> None:
        rows = []
        for hand in Hand.objects.filter(event=event).order_by("number"):
            for home, host in enumerate(hand.moves, 1):
                tricks = sum(rng.random() < 0.5 for _ in range(13))
                rows.append(
                    HandResult(
                        event=event, hand=hand, host_table=host, visitor_table=home,
                        tricks_played=tricks, visitor_tricks=tricks, entered_at=now,
                    )
                )  # fmt: skip
        HandResult.objects.bulk_create(rows, batch_size=2000)
        bump_revision(event, hands="all")

    def make(slug, level, teams, sources=(), links=()) -> Event:
        event = event_create(
            name=slug.replace("-", " ").title(), slug=slug, tables=len(teams),
            hands_per_day=days, level=level, season=season,
        )  # fmt: skip
        if links:
            links_record(event=event, sources=list(sources), teams=list(links), actor=None)
        teams_replace(event=event, rows=teams, actor=None)
        played(event)
        return event

    def top_two(event: Event) -> list[tuple]:
        chosen = snapshot.standings(event)[:2]
        by_table = snapshot.teams_by_table(event)
        return [(by_table[s.table], place, s.table) for place, s in enumerate(chosen, 1)]

    made = {}
    for a in range(1, areas + 1):
        slug = f"area-{a}"
        rows = [
            TeamRow(0, t, f"Club {a}-{t} Łódź Nguyễn", f"zone-{(a - 1) // 5 + 1}",
                    f"Ann {a}-{t}", f"Bob {a}-{t}", f"Cy {a}-{t}", f"Di {a}-{t}")
            for t in range(1, tables + 1)
        ]  # fmt: skip
        made[slug] = make(slug, "area", rows)
        print(f"\r{slug} played", end="", flush=True)

    def next_level(slug: str, level: str, sources: list[Event]) -> Event:
        going = [(source, *t) for source in sources for t in top_two(source)]
        going.sort(key=lambda g: g[2])  # zone order: every first-placed team, then the second
        rows, links = [], []
        for table, (source, team, place, source_table) in enumerate(going, 1):
            name = f"{team.name} ({source.slug})"
            rows.append(TeamRow(0, table, name, source.slug, team.player_a, team.player_b,
                                team.player_x, team.player_y))  # fmt: skip
            links.append((name, source.slug, place, source_table))
        return make(slug, level, rows, [s.slug for s in sources], links)

    zones = [
        next_level(f"zone-{z}", "zone", [made[f"area-{a}"] for a in range(5 * z - 4, 5 * z + 1)])
        for z in range(1, areas // 5 + 1)
    ]
    made["provincial"] = next_level("provincial", "provincial", zones)
    print()
    return {"season": season, "events": made}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--areas", type=int, default=40)
    parser.add_argument("--tables", type=int, default=72)
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    os.environ.setdefault("WHIST_BACKUP_SECONDS", "86400")
    database = setup()

    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tournaments.cache import store
    from tournaments.models import ClubEntry, Event, HandResult, Team
    from tournaments.services import ResultEntry, results_record

    start = time.perf_counter()
    built = build(args.areas, args.tables, args.hands)
    season, events = built["season"], built["events"]
    print(f"database: {database}")
    print(
        f"season built in {time.perf_counter() - start:.0f} s: {Event.objects.count()} events, "
        f"{Team.objects.count()} teams, {HandResult.objects.count()} results"
    )
    club = ClubEntry.objects.filter(event=events["provincial"]).first().club.slug
    urls = {
        "healthz": "/healthz",
        "season page": f"/seasons/{season.slug}/",
        "club page": f"/clubs/{club}/",
        "season csv": f"/seasons/{season.slug}/results.csv",
        "calendar": f"/seasons/{season.slug}/calendar.ics",
        "api seasons": "/api/v1/seasons/",
        "api season": f"/api/v1/seasons/{season.slug}/",
        "api club": f"/api/v1/clubs/{club}/",
        "api standings": "/api/v1/events/provincial/standings",
        "api rotation": "/api/v1/events/provincial/rotation",
        "api results": "/api/v1/events/provincial/results",
    }
    client = Client()

    def cold(url):
        cache.clear()
        store.clear_memory()
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            assert client.get(url).status_code == 200, url
        return time.perf_counter() - started, len(queries)

    client.get("/healthz")  # the first request loads what every request needs
    figures = {name: cold(url) for name, url in urls.items()}
    for url in urls.values():
        client.get(url)
    warm = {name: timed(lambda u=url: client.get(u), args.repeat) for name, url in urls.items()}
    base = warm["healthz"]
    print(f"\n{'address':<16}{'warm ms':>9}{'x healthz':>11}{'cold ms':>10}{'queries':>9}")
    for name in urls:
        seconds, queries = figures[name]
        print(
            f"{name:<16}{warm[name] * 1000:>9.2f}{warm[name] / base:>11.2f}"
            f"{seconds * 1000:>10.0f}{queries:>9}"
        )
    area = events[f"area-{min(7, args.areas)}"]
    results_record(event=area, entries=[ResultEntry(1, 1, 13)], actor=None)
    for name in ("season page", "club page", "api season"):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            client.get(urls[name])
        print(
            f"{name} after a corrected result in one area: "
            f"{(time.perf_counter() - started) * 1000:.0f} ms, {len(queries)} queries"
        )


if __name__ == "__main__":
    main()
