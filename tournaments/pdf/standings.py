"""Standings for the wall: event name, level and date, then a line per team with its flags
for each day and its total in big type. Shared ranks are marked "=" and places decided by a
playoff name the playoff hands; the teams that advance are marked once all hands are played.
"""

from __future__ import annotations

import io

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Spacer, Table

from ..rules.types import Standing
from . import PrintData, PrintJob
from .common import (
    BOLD,
    INK,
    REGULAR,
    RULE,
    SHADE,
    document,
    escape,
    fitted_paragraph,
    header_footer,
    page_size,
    text_height,
    usable,
)

TITLE = ParagraphStyle("title", fontName=BOLD, fontSize=26, leading=31, spaceAfter=4)
SUBTITLE = ParagraphStyle("subtitle", fontName=REGULAR, fontSize=15, leading=20, spaceAfter=10)
LEGEND = ParagraphStyle("legend", fontName=REGULAR, fontSize=12, leading=16, spaceBefore=10)
ROW_HEIGHT = 26


def subtitle(data: PrintData) -> str:
    """'Provincial · 2025-06-10 · Final standings' or '... · after hand 37 of 50'."""
    event = data.event
    total = len(data.rotation.hands)
    parts = [event.get_level_display()]
    if event.starts_on:
        parts.append(formats.date_format(event.starts_on, "l j F Y"))
    if data.hands_played >= total:
        parts.append(_("Final standings"))
    else:
        parts.append(
            _("Standings after hand %(played)s of %(total)s")
            % {"played": data.hands_played, "total": total}
        )
    return " · ".join(parts)


def note(row: Standing, final: bool, event) -> str:
    """What the last column says: the playoff hands, a playoff still due, or advancing."""
    notes = []
    if row.playoff:
        hands = ", ".join(str(h) for h in row.playoff)
        notes.append(
            ngettext("playoff hand %(hands)s", "playoff hands %(hands)s", len(row.playoff))
            % {"hands": hands}
        )
    elif final and row.tied and (event.playoff_places is None or row.rank <= event.playoff_places):
        notes.append(_("playoff due"))
    if final and row.rank <= event.advancing and not row.tied:
        notes.append(_("advances"))
    return "; ".join(notes)


def build(data: PrintData, job: PrintJob) -> bytes:
    buffer = io.BytesIO()
    title = _("Standings")
    doc = document(buffer, data.event.name, title, page_size(data.paper))
    final = bool(data.rotation.hands) and data.hands_played >= len(data.rotation.hands)
    story = [
        Paragraph(escape(data.event.name), TITLE),
        Paragraph(escape(subtitle(data)), SUBTITLE),
        standings_table(data, final, usable(doc)[0]),
        Paragraph(
            _(
                "= shares the place with the other teams on the same total. Days are net "
                "flags (flags on the table less loans); places with playoff hands were decided "
                "by those tie-break hands."
            ),
            LEGEND,
        ),
    ]
    if not data.standings:
        story.insert(2, Spacer(1, 12))
    decorate = header_footer(data.event.name, title, data.printed)
    doc.build(story, onFirstPage=decorate, onLaterPages=decorate)
    return buffer.getvalue()


PADDING = 12  # a cell's left and right padding together


def standings_table(data: PrintData, final: bool, width: float) -> Table:
    days = max((len(s.days) for s in data.standings), default=0)
    zones = any(s.zone for s in data.standings)
    heading = [_("Place"), _("Table"), _("Team")] + ([_("Zone")] if zones else [])
    heading += [_("Day %(day)s") % {"day": d} for d in range(1, days + 1)] + [_("Total"), ""]
    # Day columns as wide as their heading ("Journée 2" is longer than "Day 2").
    day_width = max([46] + [stringWidth(h, BOLD, 12) + PADDING for h in heading[3 + zones : -2]])
    fixed = [50, 44] + ([76] if zones else []) + [day_width] * days + [60, 96]
    team_width = max(100, width - sum(fixed))
    widths = fixed[:2] + [team_width] + fixed[2:]
    body, heights = [heading], [20]
    for row in data.standings:
        rank = f"{row.rank}=" if row.tied else str(row.rank)
        # Names wrap, shrink and at worst end in "…" inside their own column.
        team = fitted_paragraph(row.team, BOLD, team_width - PADDING, 15, 9, lines=3)
        cells = [rank, str(row.table), team]
        if zones:
            cells.append(fitted_paragraph(row.zone, REGULAR, fixed[2] - PADDING, 13, 8, lines=3))
        cells += [str(d) for d in row.days] + [""] * (days - len(row.days))
        note_text = note(row, final, data.event)
        cells += [str(row.total), fitted_paragraph(note_text, REGULAR, fixed[-1] - PADDING, 11, 7)]
        body.append(cells)
        heights.append(max(ROW_HEIGHT, *(text_height(c) + 6 for c in cells[2:] if c)))
    total_column = len(heading) - 2
    style = [
        ("FONT", (0, 0), (-1, 0), BOLD, 12),
        ("FONT", (0, 1), (-1, -1), REGULAR, 15),
        ("FONT", (0, 1), (0, -1), BOLD, 16),
        ("FONT", (total_column, 1), (total_column, -1), BOLD, 18),
        ("ALIGN", (0, 0), (1, -1), "CENTER"),
        ("ALIGN", (3 + int(zones), 0), (total_column, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 0), (-1, 0), 1.5, INK),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, RULE),
        ("BACKGROUND", (total_column, 0), (total_column, -1), SHADE),
    ]
    advancing = data.event.advancing
    if final and 0 < advancing < len(body) - 1:
        style.append(("LINEBELOW", (0, advancing), (-1, advancing), 2, INK))
    return Table(body, colWidths=widths, rowHeights=heights, repeatRows=1, style=style)
