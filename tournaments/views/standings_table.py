"""django-tables2 tables: standings computed in pure Python render and export as CSV here."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import django_tables2 as tables
from django.template import engines
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from ..rules.types import Standing
from ..selectors.ranking import standing_note
from ..snapshot.team_links import TeamLink


class StandingsTable(tables.Table):
    rank = tables.Column(
        verbose_name=_("Rank"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    table = tables.Column(
        verbose_name=_("Table"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    team = tables.Column(verbose_name=_("Team"), attrs={"td": {"class": "team"}})
    zone = tables.Column(
        verbose_name=_("Zone"), attrs={"td": {"class": "zone"}, "th": {"class": "zone"}}
    )
    total = tables.Column(
        verbose_name=_("Total"), attrs={"td": {"class": "num total"}, "th": {"class": "num"}}
    )
    note = tables.Column(verbose_name=_("Note"), attrs={"td": {"class": "note"}}, default="")

    class Meta:
        orderable = True
        attrs = {"class": "standings"}
        template_name = "tournaments/_standings_table.html"

    def __init__(self, data, *, days: int, event_slug: str = "", **kwargs) -> None:
        self.event_slug = event_slug
        extra = [
            (
                f"day{i}",
                tables.Column(
                    verbose_name=gettext("Day %(day)s") % {"day": i},
                    attrs={"td": {"class": "num day"}, "th": {"class": "num day"}},
                    default="—",
                ),
            )
            for i in range(1, days + 1)
        ]
        if not any(r.get("note") for r in data):
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "note")
        super().__init__(data, extra_columns=extra, **kwargs)
        self.sequence = ["rank", "table", "team", "zone", *[n for n, _ in extra], "total", "note"]
        if not any(r.get("zone") for r in data):
            self.columns.hide("zone")

    def render_table(self, value, record):
        """The table number links to the table's own page (its rotation and flags)."""
        if not self.event_slug:
            return value
        url = reverse("tournaments:table", args=[self.event_slug, value])
        return format_html('<a href="{}">{}</a>', url, value)

    def value_table(self, value, record):
        return value

    def render_team(self, value, record):
        """A team's name links to its club's page (every club reachable from its events); a
        linked zone shows under it too, for a phone, which hides the zone column."""
        name = value
        if record.get("team_link"):
            name = format_html('<a href="{}">{}</a>', record["team_link"], value)
        if record.get("zone_link") and record.get("zone"):
            return format_html(
                '{}<span class="team-zone"><a href="{}">{}</a></span>',
                name,
                record["zone_link"],
                record["zone"],
            )
        return name

    def value_team(self, value, record):
        return value

    def render_zone(self, value, record):
        """A next-level event's zone links to the event the team came from, when it is here."""
        if not record.get("zone_link"):
            return value
        return format_html('<a href="{}">{}</a>', record["zone_link"], value)

    def value_zone(self, value, record):
        return value

    def render_rank(self, value, record):
        if record.get("tied"):
            return format_html('{}<abbr title="{}" class="tie">=</abbr>', value, gettext("tied"))
        if record.get("playoff"):
            return format_html(
                '{}<abbr title="{}" class="playoff">{}</abbr>',
                value,
                gettext("decided by playoff"),
                pgettext("playoff mark", "P"),
            )
        return value

    def body_rows(self) -> SafeString:
        """The ``<tbody>`` rows as django-tables2's own template writes them, cell for cell (a
        test compares the two), in a fraction of the time: django-tables2 inspects each cell's
        render method, and a 250-table page is rendered afresh after every saved hand. The
        HTML is ``jinja2/tournaments/standings_rows.html``'s; the values are escaped here."""
        columns = [(c.name, c.attrs["td"].as_html(), c.default) for c in self.columns]
        link = ""
        if self.event_slug:
            link = reverse("tournaments:table", args=[self.event_slug, 999999])
        rows = []
        for parity, record in enumerate(self.data):
            cells = []
            for name, attrs, default in columns:
                value = record.get(name)
                cell = {"attrs": mark_safe(attrs)}  # noqa: S308 - django-tables2's attributes
                if value is None or value == "":
                    value = default
                cell["text"] = escape(value)
                if name == "rank":
                    cell |= {"tied": record.get("tied"), "playoff": record.get("playoff")}
                elif name == "table" and link:
                    cell["link"] = link.replace("999999", str(value))
                elif name in ("team", "zone") and value != default:
                    cell["link"] = record.get(f"{name}_link")
                    if name == "team" and record.get("zone_link") and record.get("zone"):
                        cell["zone"] = (record["zone_link"], escape(record["zone"]))
                cells.append(cell)
            rows.append(("odd" if parity % 2 else "even", cells))
        words = {
            "tied": gettext("tied"),
            "playoff": gettext("decided by playoff"),
            "playoff_mark": pgettext("playoff mark", "P"),
        }
        template = engines["jinja2"].env.get_template("tournaments/standings_rows.html")
        return mark_safe(template.render(rows=rows, words=words))  # noqa: S308 - escaped there

    def value_rank(self, value, record):
        """In the CSV a shared rank reads '2=' as on the printed sheet."""
        return f"{value}=" if record.get("tied") else value


def standings_table(
    rows: Sequence[Standing],
    *,
    advancing: Collection[int] = (),
    due: Collection[int] = (),
    event_slug: str = "",
    links: Mapping[str, TeamLink] | None = None,
    **kwargs,
) -> StandingsTable:
    """The standings table for rows from ``selectors.standings``; ``advancing`` and ``due``
    are the tables that advance and that still have a playoff to play; ``links`` (by team
    name, ``snapshot.team_links``) where each team's name and zone link."""
    days = max((len(s.days) for s in rows), default=0)
    addresses = _addresses(links or {})
    data = [
        {
            "rank": s.rank,
            "tied": s.tied,
            "table": s.table,
            "team": s.team,
            "zone": s.zone,
            **addresses.get(s.team, {}),
            "total": s.total,
            "playoff": s.playoff,
            "note": standing_note(s, advancing, due),
            **{f"day{i}": d for i, d in enumerate(s.days, 1)},
        }
        for s in rows
    ]
    return StandingsTable(data, days=days, event_slug=event_slug, **kwargs)


def _addresses(links: Mapping[str, TeamLink]) -> dict[str, dict[str, str]]:
    """By team name, the addresses its name and zone link to (reversed once, not per team: a
    250-table page is rendered afresh after every saved hand)."""
    club = reverse("tournaments:club", args=["slug-here"])
    event = reverse("tournaments:event", args=["slug-here"])
    found = {}
    for team, link in links.items():
        found[team] = {
            "team_link": club.replace("slug-here", link.club) if link.club else "",
            "zone_link": event.replace("slug-here", link.came_from) if link.came_from else "",
        }
    return found
