"""The publishing soak's figures (bench/publishing_soak.py): what the province's publication
log says of the hall's revisions (each one published once, in order), the results of the two
databases compared, the saves' answers with and without publishing, and the servers' errors."""

from __future__ import annotations

import statistics
import time

import psycopg
from _province import DATABASE_URL

RESULTS = (
    "SELECT h.number, r.host_table, r.visitor_table, r.tricks_played, r.visitor_revokes, "
    "r.host_revokes, r.visitor_tricks FROM tournaments_handresult r JOIN tournaments_hand h "
    "ON h.id = r.hand_id JOIN tournaments_event e ON e.id = r.event_id WHERE e.slug = %s"
)
LOG = (
    "SELECT l.base, l.revision, l.size FROM tournaments_publicationlog l JOIN tournaments_event "
    "e ON e.id = l.event_id WHERE e.slug = %s ORDER BY l.id"
)
COPY = (
    "SELECT c.revision FROM tournaments_publishedcopy c JOIN tournaments_event e "
    "ON e.id = c.event_id WHERE e.slug = %s"
)


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else (values or [0])[0]


def province_rows(sql: str, slug: str) -> list[tuple]:
    with psycopg.connect(DATABASE_URL) as db:
        return db.execute(sql, (slug,)).fetchall()


def chain(steps: list[tuple[int, int, int]], final: int) -> dict[str, int]:
    """Each of the hall's revisions 1..``final`` should be brought by exactly one publication
    (base, revision], and each publication should start where the one before it ended."""
    brought = [0] * (final + 1)
    for base, revision, _size in steps:
        for r in range(base + 1, min(revision, final) + 1):
            brought[r] += 1
    pairs = zip(steps, steps[1:], strict=False)
    return {
        "lost": sum(1 for r in range(1, final + 1) if brought[r] == 0),
        "twice": sum(1 for r in range(1, final + 1) if brought[r] > 1),
        "out of order": sum(1 for a, b in pairs if b[1] <= a[1]),  # a step back
        "beyond": sum(1 for _b, r, _s in steps if r > final),
    }


def saves_line(name: str, took: list[float]) -> str:
    if not took:
        return f"  {name}: none"
    median = statistics.median(took) * 1000
    return f"  {name}: {len(took)} saves, p50 {median:.0f} ms, p95 {p95(took) * 1000:.0f} ms"


def in_segments(done, segments, kind: str, on: bool) -> list[float]:
    return [
        took
        for began, took, k in done
        if k == kind and any(a <= began < b and o == on for a, b, o, *_cpu in segments)
    ]


def report(figures: dict, hall, province, slug: str) -> None:
    saves, chaos = figures["saves"], figures["chaos"]
    final = hall.query("SELECT revision FROM tournaments_event WHERE slug = ?", slug)[0][0]
    deadline = time.monotonic() + 30  # the pages are equal: the copy's revision follows
    while (held := province_rows(COPY, slug)) and held[0][0] != final:
        if time.monotonic() > deadline:
            break
        time.sleep(0.5)
    steps = province_rows(LOG, slug)
    hall_results = set(hall.query(RESULTS.replace("%s", "?"), slug))
    province_results = set(province_rows(RESULTS, slug))
    counted = chain(steps, final)
    sizes = [s for _b, _r, s in steps]
    print(f"soak of {figures['minutes']} min, 250 tables:")
    for key in sorted(saves.tally):
        print(f"  {key}: {saves.tally[key]}")
    for told in saves.told:
        print(f"    told: {told}")
    print(
        f"  province stopped {chaos.stops['SIGTERM']} times by SIGTERM, "
        f"{chaos.stops['SIGKILL']} by SIGKILL; down {figures['down'] * 100:.0f} % of the time; "
        f"a start answered in {statistics.median(chaos.starts or [0]):.1f} s (median), "
        f"{max(chaos.starts or [0]):.1f} s (max)"
    )
    from_command, from_answer = figures["catch_up"]
    print(
        f"  after the last start: the province's standings.json, API standings and results "
        f"equal the hall's {from_command:.1f} s after the start command, {from_answer:.1f} s "
        f"after it answered (equal at the end: {figures['equal']})"
    )
    print(
        f"  hall at revision {final}, province's copy at {held[0][0] if held else None}; "
        f"{len(steps)} publications applied, {statistics.mean(sizes or [0]) / 1024:.1f} KB "
        f"mean, {max(sizes or [0]) / 1024:.1f} KB max (as sent, gzipped)"
    )
    print(
        f"  revisions lost {counted['lost']}, published twice {counted['twice']}, "
        f"publications out of order {counted['out of order']}, beyond the hall {counted['beyond']}"
    )
    print(
        f"  results: hall {len(hall_results)}, province {len(province_results)}; only on the "
        f"hall {len(hall_results - province_results)}, only on the province "
        f"{len(province_results - hall_results)}"
    )
    print(f"  the hall's sender was told (besides 'no internet'): {figures['errors'] or 'nothing'}")
    for name, log in (("hall", hall.log), ("province", province.log)):
        text = log.read_text(errors="replace")
        print(f"  {name} log: {text.count('Traceback')} tracebacks")
    on_off = {o: in_segments(saves.done, figures["segments"], "phone", o) for o in (True, False)}
    print("  a phone's save answered (segments of 20 s, publishing on and off in turn):")
    print(saves_line("publishing on ", on_off[True]))
    up = [
        (max(a, c), min(b, d), True)
        for a, b, o, _c in figures["segments"]
        if o
        for c, d in chaos.up
    ]
    print(saves_line("  of which the province up", in_segments(saves.done, up, "phone", True)))
    down = [
        took
        for began, took, kind in saves.done
        if kind == "phone"
        and any(a <= began < b and o for a, b, o, _c in figures["segments"])
        and not any(a <= began < b for a, b, _o in up)
    ]
    print(saves_line("  of which the province down", down))
    print(saves_line("publishing off", on_off[False]))
    if on_off[True] and on_off[False]:
        change = (p95(on_off[True]) / p95(on_off[False]) - 1) * 100
        print(f"  p95 with publishing {change:+.0f} % of without")
    pairs = [
        (
            p95(in_segments(saves.done, [a], "phone", True)),
            p95(in_segments(saves.done, [b], "phone", False)),
        )
        for a, b in zip(figures["segments"][::2], figures["segments"][1::2], strict=False)
    ]
    ratios = " ".join(f"{on / off:.2f}" for on, off in pairs if on and off)
    print(f"  p95 on / p95 off, segment by segment: {ratios}")
    for on in (True, False):
        cpu = sum(c for _a, _b, o, c in figures["segments"] if o == on)
        done = len(in_segments(saves.done, figures["segments"], "phone", on))
        name = "on " if on else "off"
        print(
            f"  the hall's CPU, publishing {name}: {cpu * 1000 / max(done, 1):.0f} ms a phone save"
        )
    grid_on = in_segments(saves.done, figures["segments"], "grid", True)
    grid_off = in_segments(saves.done, figures["segments"], "grid", False)
    print(saves_line("grid, publishing on ", grid_on))
    print(saves_line("grid, publishing off", grid_off))
