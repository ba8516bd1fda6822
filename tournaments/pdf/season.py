"""The season's results sheet: every event by level with its date, winner and advancing teams,
then the road of each team of the last level, back through its zone to its area, with its
place at each. Letter or A4, in the reader's language; names fit their cells as everywhere.
"""

from __future__ import annotations

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table

from ..models import Level
from .common import (
    BOLD,
    INK,
    REGULAR,
    RULE,
    SHADE,
    escape,
    fitted_paragraph,
)
from .printout import Printout

TITLE = ParagraphStyle("title", fontName=BOLD, fontSize=24, leading=29, spaceAfter=6)
HEADING = ParagraphStyle("heading", fontName=BOLD, fontSize=17, leading=22, spaceBefore=12,
                         spaceAfter=6)  # fmt: skip
PADDING = 12


def _level(level: str) -> str:
    return str(Level(level).label) if level in Level.values else level


def _day(value) -> str:
    return formats.date_format(value, "j M Y") if value else "—"


def _table(heading: list[str], rows: list[list], widths: list[float]) -> Table:
    style = [
        ("FONT", (0, 0), (-1, 0), BOLD, 11),
        ("FONT", (0, 1), (-1, -1), REGULAR, 12),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 0), (-1, 0), 1.5, INK),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, RULE),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
    ]
    return Table([heading, *rows], colWidths=widths, repeatRows=1, style=style)


def _cell(text: str, width: float, *, bold: bool = False) -> Paragraph:
    return fitted_paragraph(text, BOLD if bold else REGULAR, width - PADDING, 12, 7, lines=3)


def season_sheet(summary, paper: str) -> bytes:
    season = summary.season
    printed = formats.date_format(timezone.localtime(), "DATETIME_FORMAT")
    printout = Printout(season.name, _("Season results"), paper, printed)
    width = printout.width
    story = [Paragraph(escape(season.name), TITLE)]
    event_widths = [width * 0.34, width * 0.16, width * 0.25, width * 0.25]
    for level, events in summary.levels:
        rows = []
        for e in events:
            winner = e.winner.team if e.winner else (_("playoff due") if e.final else "—")
            going = ", ".join(p.team for p in e.advancing) or "—"
            rows.append(
                [
                    _cell(e.name, event_widths[0], bold=True),
                    _day(e.starts_on),
                    _cell(winner, event_widths[2]),
                    _cell(going, event_widths[3]),
                ]
            )
        heading = [_("Event"), _("First day"), _("Winner"), _("Advancing")]
        story += [Paragraph(escape(_level(level)), HEADING), _table(heading, rows, event_widths)]
    for event, roads in summary.roads:
        depth = max((len(r.steps) for r in roads), default=1)
        name_width = width * 0.3
        step_width = (width - name_width - 40) / max(1, depth - 1) if depth > 1 else 0
        heading = [_("Place"), _("Team")] + [
            _("Came from") if i == 1 else _("Before that") for i in range(1, depth)
        ]
        rows = []
        for r in roads:
            own = r.steps[0] if r.steps else None
            cells = [
                str(own.place) if own and own.place else "—",
                _cell(r.team, name_width, bold=True),
            ]
            for step in r.steps[1:]:
                place = _("place %(place)s") % {"place": step.place} if step.place else "—"
                cells.append(_cell(f"{step.name} · {place}", step_width))
            cells += [""] * (depth + 1 - len(cells))
            rows.append(cells)
        widths = [40, name_width] + [step_width] * (depth - 1)
        road_title = _("The road to %(event)s") % {"event": event.name}
        story += [
            Spacer(1, 6),
            KeepTogether([Paragraph(escape(road_title), HEADING)]),
            _table(heading, rows, widths),
        ]
    if not summary.events:
        story.append(Paragraph(escape(_("No events in this season yet.")), HEADING))
    return printout.pdf(story)
