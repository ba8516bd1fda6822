"""The master rotation sheet: a grid of hands (rows) by home tables (columns) giving the table
each team's travelling pair visits, with the trump of every hand.

A page holds up to ``TABLES_PER_PAGE`` tables side by side and one day's hands (a bar starts
each session); more tables or a longer day continue on further pages, each with the full
headings, so no cell is ever cut. Pages go table group by table group, so the sheets for
tables 1–16 stack together.
"""

from __future__ import annotations

import math

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import PageBreak, Paragraph, Spacer, Table, TableStyle

from ..rules.spans import spans
from ..rules.types import Pair
from . import PrintData, PrintJob
from .common import (
    BOLD,
    INK,
    REGULAR,
    RULE,
    SHADE,
    session_label,
    trump_color,
    trump_font,
    trump_text,
)
from .printout import Printout

TABLES_PER_PAGE = 16
ROW_HEIGHT = 19
HAND_WIDTH = 38
TRUMP_WIDTH = 78
PAIR_WIDTH = 30
TITLE = ParagraphStyle("title", fontName=BOLD, fontSize=15, leading=19, spaceAfter=6)


def table_groups(tables: list[int]) -> list[list[int]]:
    """The tables in page-wide groups of at most ``TABLES_PER_PAGE``, sizes balanced."""
    groups = math.ceil(len(tables) / TABLES_PER_PAGE)
    size = math.ceil(len(tables) / groups)
    return [tables[i : i + size] for i in range(0, len(tables), size)]


def hand_pages(data: PrintData, rows_per_page: int) -> list[list]:
    """Each day's hands, with a bar label before each session when the day has several,
    cut into pages of at most ``rows_per_page`` rows."""
    pages: list[list] = []
    for day in data.rotation.days:
        rows: list = []
        for block_day, session, hands in data.sessions():
            if block_day != day:
                continue
            if data.sessions_in_day(day) > 1:
                rows.append(session_label(day, session, hands[0].number, hands[-1].number, 2))
            rows.extend(hands)
        pages.extend(rows[i : i + rows_per_page] for i in range(0, len(rows), rows_per_page))
    return pages


def build(data: PrintData, job: PrintJob) -> bytes:
    printout = Printout(data.event.name, _("Master rotation sheet"), data.paper, data.printed)
    heading_height = TITLE.leading + TITLE.spaceAfter + 2 * ROW_HEIGHT
    rows_per_page = int((printout.height - heading_height) // ROW_HEIGHT)
    show_pair = any(h.travelling is not Pair.AB for h in data.rotation.hands)
    story: list = []
    for group in table_groups(data.tables(job)):
        for rows in hand_pages(data, rows_per_page):
            if story:
                story.append(PageBreak())
            hands = [r for r in rows if not isinstance(r, str)]
            story.append(
                Paragraph(
                    _("Tables %(tables)s · hands %(first)s–%(last)s (day %(day)s)")
                    % {
                        "tables": spans(group),
                        "first": hands[0].number,
                        "last": hands[-1].number,
                        "day": hands[0].day,
                    },
                    TITLE,
                )
            )
            story.append(grid(rows, group, printout.width, show_pair))
    if not story:
        story.append(Spacer(1, 1))
    return printout.pdf(story)


def grid(rows: list, tables: list[int], width: float, show_pair: bool) -> Table:
    """One page of the grid: two heading rows, then a bar or a hand per row."""
    fixed = [HAND_WIDTH, TRUMP_WIDTH] + ([PAIR_WIDTH] if show_pair else [])
    cell = min(40, (width - sum(fixed)) / len(tables))
    lead = [_("Hand"), _("Trump")] + ([_("Pair")] if show_pair else [])
    across = _("Home table: where its travelling pair goes")
    if stringWidth(across, BOLD, 11) > cell * len(tables) - 4:
        across = _("Goes to")
    body = [
        lead + [across] + [""] * (len(tables) - 1),
        [""] * len(lead) + [str(t) for t in tables],
    ]
    style = [
        ("FONT", (0, 0), (-1, 1), BOLD, 11),
        ("FONT", (0, 2), (-1, -1), REGULAR, 12),
        ("FONT", (0, 2), (0, -1), BOLD, 12),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("SPAN", (len(lead), 0), (-1, 0)),
        ("LINEBELOW", (0, 1), (-1, 1), 1.5, INK),
        ("GRID", (0, 2), (-1, -1), 0.4, RULE),
        ("BOX", (0, 0), (-1, -1), 1.2, INK),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LEFTPADDING", (0, 0), (-1, -1), 1),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1),
    ]
    style += [("SPAN", (i, 0), (i, 1)) for i in range(len(lead))]
    for index, row in enumerate(rows, 2):
        if isinstance(row, str):
            body.append([row] + [""] * (len(lead) + len(tables) - 1))
            style += [
                ("SPAN", (0, index), (-1, index)),
                ("BACKGROUND", (0, index), (-1, index), INK),
                ("TEXTCOLOR", (0, index), (-1, index), colors.white),
                ("FONT", (0, index), (-1, index), BOLD, 11),
                ("ALIGN", (0, index), (-1, index), "LEFT"),
            ]
            continue
        pair = [row.travelling.value] if show_pair else []
        body.append(
            [str(row.number), trump_text(row.trump), *pair] + [str(row.moves[t]) for t in tables]
        )
        style += [
            ("FONT", (1, index), (1, index), trump_font(row.trump), 10),
            ("TEXTCOLOR", (1, index), (1, index), trump_color(row.trump)),
        ]
        if index % 2:
            style.append(("BACKGROUND", (0, index), (-1, index), SHADE))
    widths = fixed + [cell] * len(tables)
    heights = [ROW_HEIGHT] * len(body)
    return Table(body, colWidths=widths, rowHeights=heights, repeatRows=2, style=TableStyle(style))
