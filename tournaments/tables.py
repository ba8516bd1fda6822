"""django-tables2 tables: standings computed in pure Python render and export as CSV here."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name="Rank", attrs={"td": {"class": "num"}})
    table = tables.Column(verbose_name="Table", attrs={"td": {"class": "num"}})
    team = tables.Column(verbose_name="Team")
    zone = tables.Column(verbose_name="Zone")
    total = tables.Column(verbose_name="Total", attrs={"td": {"class": "num total"}})

    class Meta:
        orderable = True
        attrs = {"class": "standings"}
        template_name = "django_tables2/table.html"

    def __init__(self, data, *, days: int, **kwargs) -> None:
        extra = [
            (
                f"day{i}",
                tables.Column(verbose_name=f"Day {i}", attrs={"td": {"class": "num"}}, default="—"),
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
