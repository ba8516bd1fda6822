"""Standings for the wall: event name, level and date, then a line per team with its flags
for each day and its total in big type. Shared ranks are marked "=" and places decided by a
playoff name the playoff hands; the teams that advance are marked once all hands are played.

The team's name takes every point of the page's width the other columns leave (a zone or note
column only when some team has one, narrowed for the longest names), so a 40-character name
stays on one line and 30 teams or more fit a Letter page. Every name prints at one size, the
largest at which each of them fits two lines, never under 9 points: a wall of standings read
from across the hall shows no name smaller than its neighbours.
"""

from __future__ import annotations

from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Spacer, Table

from ..rules.playoffs import places_that_matter
from ..rules.types import Standing
from ..selectors.ranking import standing_note
from . import PrintData, PrintJob
from .common import (
    BOLD,
    INK,
    REGULAR,
    RULE,
    SHADE,
    escape,
    fitted_paragraph,
    text_height,
    wrap_words,
)
from .printout import Printout

TITLE = ParagraphStyle("title", fontName=BOLD, fontSize=18, leading=22, spaceAfter=2)
SUBTITLE = ParagraphStyle("subtitle", fontName=REGULAR, fontSize=13, leading=17, spaceAfter=6)
LEGEND = ParagraphStyle("legend", fontName=REGULAR, fontSize=11, leading=15, spaceBefore=8)
ROW_HEIGHT = 19
HEADING_HEIGHT = 18
NAME_LARGEST, NAME_SMALLEST = 12, 9
NARROWEST_SIDE = 64  # the zone and note columns give way to long names down to this width


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


def standings_notes(rows: list[Standing], final: bool, event) -> list[str]:
    """What the last column says: the playoff hands, a playoff still due, or advancing (once
    every hand is played)."""
    mattering = places_that_matter(event.playoff_places, event.advancing)
    due = {r.table for r in rows if final and r.tied and r.rank <= mattering}
    advancing = {r.table for r in rows if final and r.rank <= event.advancing and not r.tied}
    return [standing_note(row, advancing, due) for row in rows]


def build(data: PrintData, job: PrintJob) -> bytes:
    printout = Printout(data.event.name, _("Standings"), data.paper, data.printed)
    final = bool(data.rotation.hands) and data.hands_played >= len(data.rotation.hands)
    story = [
        Paragraph(escape(data.event.name), TITLE),
        Paragraph(escape(subtitle(data)), SUBTITLE),
        standings_table(data, final, printout.width),
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
    return printout.pdf(story)


PADDING = 12  # a cell's left and right padding together


def _fits(name: str, size: float, width: float) -> bool:
    return len(wrap_words(name, REGULAR, size, width)) <= 2


def _team_width(names: list[str], width: float, fixed: list, zones: bool, notes: bool) -> float:
    """The team column: what the other columns leave; where the longest name would not fit two
    lines at 9 points, the zone and note columns (``fixed``, narrowed in place) give way."""
    team_width = max(100, width - sum(fixed))
    sides = [i for i, present in ((2, zones), (len(fixed) - 1, notes)) if present]
    while sides and not all(_fits(n, NAME_SMALLEST, team_width - PADDING) for n in names):
        narrowed = [i for i in sides if fixed[i] > NARROWEST_SIDE]
        if not narrowed:
            break
        for i in narrowed:
            fixed[i] = max(NARROWEST_SIDE, fixed[i] - 4)
        team_width = max(100, width - sum(fixed))
    return team_width


def _names_size(names: list[str], width: float) -> float:
    """The one size of every name: the largest, 12 down to 9 points, at which all fit."""
    size = NAME_LARGEST
    while size > NAME_SMALLEST and not all(_fits(n, size, width) for n in names):
        size -= 0.5
    return size


def standings_table(data: PrintData, final: bool, width: float) -> Table:
    days = max((len(s.days) for s in data.standings), default=0)
    zones = any(s.zone for s in data.standings)
    notes = standings_notes(data.standings, final, data.event)
    heading = [_("Place"), _("Table"), _("Team")] + ([_("Zone")] if zones else [])
    heading += [_("Day %(day)s") % {"day": d} for d in range(1, days + 1)] + [_("Total")]
    heading += [""] if any(notes) else []
    # Every column as narrow as its heading and values allow; the team takes the rest.
    day_width = max(
        [36] + [stringWidth(h, BOLD, 10) + PADDING for h in heading[3 + zones :][:days]]
    )
    fixed = [
        max(34, stringWidth(heading[0], BOLD, 10) + PADDING),
        max(34, stringWidth(heading[1], BOLD, 10) + PADDING),
    ]
    if zones:
        widest = max(stringWidth(s.zone, REGULAR, 10) for s in data.standings) + PADDING
        fixed.append(min(96, max(stringWidth(heading[3], BOLD, 10) + PADDING, widest)))
    fixed += [day_width] * days + [max(44, stringWidth(_("Total"), BOLD, 10) + PADDING)]
    if any(notes):
        fixed.append(96)
    team_width = _team_width([s.team for s in data.standings], width, fixed, zones, any(notes))
    widths = fixed[:2] + [team_width] + fixed[2:]
    name_size = _names_size([s.team for s in data.standings], team_width - PADDING)
    body, heights = [heading], [HEADING_HEIGHT]
    for row, note_text in zip(data.standings, notes, strict=True):
        rank = f"{row.rank}=" if row.tied else str(row.rank)
        # Names take one line, else two down to 9 points, and at worst end in "…".
        team = fitted_paragraph(row.team, REGULAR, team_width - PADDING, name_size, name_size)
        cells = [rank, str(row.table), team]
        if zones:
            cells.append(fitted_paragraph(row.zone, REGULAR, fixed[2] - PADDING, 10, 9))
        cells += [str(d) for d in row.days] + [""] * (days - len(row.days))
        cells.append(str(row.total))
        if any(notes):
            cells.append(fitted_paragraph(note_text, REGULAR, fixed[-1] - PADDING, 9, 7))
        body.append(cells)
        heights.append(max(ROW_HEIGHT, *(text_height(c) + 5 for c in cells[2:] if c)))
    total_column = 3 + int(zones) + days
    style = [
        ("FONT", (0, 0), (-1, 0), BOLD, 10),
        ("FONT", (0, 1), (-1, -1), REGULAR, 12),
        ("FONT", (0, 1), (0, -1), BOLD, 13),
        ("FONT", (total_column, 1), (total_column, -1), BOLD, 14),
        ("ALIGN", (0, 0), (1, -1), "CENTER"),
        ("ALIGN", (3 + int(zones), 0), (total_column, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LINEBELOW", (0, 0), (-1, 0), 1.5, INK),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, RULE),
        ("BACKGROUND", (total_column, 0), (total_column, -1), SHADE),
    ]
    advancing = data.event.advancing
    rows = data.standings
    # The line under the advancing places, never through a tie: a tie across it is a playoff.
    if final and 0 < advancing < len(rows) and rows[advancing - 1].rank != rows[advancing].rank:
        style.append(("LINEBELOW", (0, advancing), (-1, advancing), 2, INK))
    return Table(body, colWidths=widths, rowHeights=heights, repeatRows=1, style=style)
