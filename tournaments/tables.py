"""django-tables2 tables: standings computed in pure Python render and export as CSV here."""

from __future__ import annotations

from collections.abc import Sequence

import django_tables2 as tables
from django.utils.html import format_html

from .rules.types import Standing


class StandingsTable(tables.Table):
    rank = tables.Column(
        verbose_name="Rank", attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    table = tables.Column(
        verbose_name="Table", attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    team = tables.Column(verbose_name="Team", attrs={"td": {"class": "team"}})
    zone = tables.Column(
        verbose_name="Zone", attrs={"td": {"class": "zone"}, "th": {"class": "zone"}}
    )
    total = tables.Column(
        verbose_name="Total", attrs={"td": {"class": "num total"}, "th": {"class": "num"}}
    )

    class Meta:
        orderable = True
        attrs = {"class": "standings"}
        template_name = "django_tables2/table.html"

    def __init__(self, data, *, days: int, **kwargs) -> None:
        extra = [
            (
                f"day{i}",
                tables.Column(
                    verbose_name=f"Day {i}",
                    attrs={"td": {"class": "num day"}, "th": {"class": "num day"}},
                    default="—",
                ),
            )
            for i in range(1, days + 1)
        ]
        super().__init__(data, extra_columns=extra, **kwargs)
        self.sequence = ["rank", "table", "team", "zone", *[n for n, _ in extra], "total"]
        if not any(r.get("zone") for r in data):
            self.columns.hide("zone")

    def render_rank(self, value, record):
        if record.get("tied"):
            return format_html('{}<abbr title="tied" class="tie">=</abbr>', value)
        return value

    def value_rank(self, value, record):
        """In the CSV a shared rank reads '2=' as on the printed sheet."""
        return f"{value}=" if record.get("tied") else value


def standings_table(rows: Sequence[Standing], **kwargs) -> StandingsTable:
    """The standings table for rows from ``selectors.standings``."""
    days = max((len(s.days) for s in rows), default=0)
    data = [
        {
            "rank": s.rank,
            "tied": s.tied,
            "table": s.table,
            "team": s.team,
            "zone": s.zone,
            "total": s.total,
            **{f"day{i}": d for i, d in enumerate(s.days, 1)},
        }
        for s in rows
    ]
    return StandingsTable(data, days=days, **kwargs)
