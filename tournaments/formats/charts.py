"""Flags over hands for one table, drawn as inline SVG (no JavaScript, prints as it shows).

Pure Python: the points come from rules values, the template draws them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext

from ..rules.flags import flags_won
from ..rules.types import FlagSettings, Result

WIDTH, HEIGHT, PAD_LEFT, PAD_RIGHT, PAD_Y = 640, 220, 36, 10, 16


@dataclass(frozen=True)
class Point:
    hand: int
    day: int
    net: int


def table_series(table: int, results: Iterable[Result], settings: FlagSettings) -> list[Point]:
    """The table's net flags after every hand with a result touching it, day by day."""
    change: dict[tuple[int, int], int] = {}
    for r in results:
        if table in (r.host_table, r.visitor_table):
            flags = flags_won(r.visitor_tricks, settings)
            key = (r.hand, r.day)
            change[key] = change.get(key, 0) + (flags if r.visitor_table == table else -flags)
    net_by_day: dict[int, int] = {}
    points = []
    for (hand, day), delta in sorted(change.items()):
        net_by_day[day] = net_by_day.get(day, settings.flags_per_table) + delta
        points.append(Point(hand, day, net_by_day[day]))
    return points


def chart(points: list[Point], hands_total: int, day_starts: list[int], start: int) -> dict:
    """Polylines (one per day), grid lines and labels in SVG user units."""
    values = [p.net for p in points] + [start, 0]
    low, high = min(values), max(values)
    high = max(high + 1, low + 4)
    low = min(low, 0)
    span_x = max(hands_total, 1)

    def x(hand: float) -> float:
        return round(PAD_LEFT + (hand / span_x) * (WIDTH - PAD_LEFT - PAD_RIGHT), 1)

    def y(net: float) -> float:
        return round(PAD_Y + (high - net) / (high - low) * (HEIGHT - 2 * PAD_Y), 1)

    lines = []
    for day_index, first in enumerate(day_starts, 1):
        day_points = [p for p in points if p.day == day_index]
        if not day_points:
            continue
        coords = [(x(first - 1), y(start))] + [(x(p.hand), y(p.net)) for p in day_points]
        lines.append(" ".join(f"{a},{b}" for a, b in coords))
    step = max(1, round((high - low) / 5))
    ticks = [{"y": y(v), "label": v} for v in range(low - low % step, high + 1, step) if v >= low]
    days = [
        {"x": x(first - 1), "label": gettext("Day %(day)s") % {"day": i}}
        for i, first in enumerate(day_starts, 1)
    ]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": PAD_LEFT,
        "right": WIDTH - PAD_RIGHT,
        "lines": lines,
        "ticks": ticks,
        "days": days,
        "start_y": y(start),
        "zero_y": y(0),
        "last": points[-1] if points else None,
    }
