"""Entry slips: one per table, the table's secret entry code for its hosts only.

The table card stands on the table for everyone to read, so it carries the public code only;
whoever holds this slip enters that table's results. Four slips a page, with lines to cut
along: the table number as big as the slip allows, the entry QR code and its address, and
"for the table's hosts only". A table with no entry address yet gets a slip saying so (a
leader issues the missing addresses by printing the slips from the print page).

Drawn on the canvas (not platypus) because the big type is placed exactly.
"""

from __future__ import annotations

import io

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .. import links
from . import PrintData, PrintJob
from .common import (
    BOLD,
    INK,
    REGULAR,
    RULE,
    cut_to,
    draw_qr,
    fit_size,
    fit_text,
    page_size,
    wrap_characters,
    wrap_words,
)

EDGE = 30  # page margin
PER_PAGE = 4  # slips a page, two by two
GAP = 16  # around the cut lines


def build(data: PrintData, job: PrintJob) -> bytes:
    buffer = io.BytesIO()
    width, height = page_size(data.paper)
    canvas = Canvas(buffer, pagesize=(width, height))
    canvas.setTitle(f"{data.event.name} — {_('Entry slips')}")
    canvas.setAuthor("Military Whist Director")
    slip_w = (width - 2 * EDGE - GAP) / 2
    slip_h = (height - 2 * EDGE - GAP) / 2
    tables = data.tables(job)
    for start in range(0, len(tables), PER_PAGE):
        draw_cut_lines(canvas, width, height)
        for index, table in enumerate(tables[start : start + PER_PAGE]):
            x = EDGE + (index % 2) * (slip_w + GAP)
            y = height - EDGE - (index // 2 + 1) * slip_h - (index // 2) * GAP
            token = data.entry_tokens.get(table)
            url = links.table_entry_url(job.base_url, token) if token else ""
            draw_slip(canvas, data, table, url, x, y, slip_w, slip_h)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def draw_cut_lines(canvas: Canvas, width: float, height: float) -> None:
    """Dashed lines between the four slips."""
    canvas.saveState()
    canvas.setStrokeColor(RULE)
    canvas.setDash(4, 3)
    canvas.setLineWidth(0.8)
    canvas.line(EDGE, height / 2, width - EDGE, height / 2)
    canvas.line(width / 2, EDGE, width / 2, height - EDGE)
    canvas.restoreState()


def draw_slip(
    canvas: Canvas,
    data: PrintData,
    table: int,
    url: str,
    x: float,
    y: float,
    width: float,
    height: float,
) -> None:
    """One slip: who it is for, the table, the code and its address, how entry works."""
    middle = x + width / 2
    top = y + height
    canvas.setFillColor(INK)
    warning = _("For the table's hosts only")
    size = fit_size(warning, BOLD, width - 8, 15, 10)
    canvas.setFont(BOLD, size)
    canvas.drawCentredString(middle, top - 18, warning)
    keep = _("Keep this slip: never leave it on the table.")
    size = fit_size(keep, REGULAR, width - 8, 11, 9)
    canvas.setFont(REGULAR, size)
    canvas.drawCentredString(middle, top - 33, keep)
    label = pgettext("entry slip", "TABLE")
    canvas.setFont(BOLD, 16)
    canvas.drawCentredString(middle, top - 56, label)
    number = str(table)
    number_size = min(fit_size(number, BOLD, width - 16, 72), 72)
    canvas.setFont(BOLD, number_size)
    canvas.drawCentredString(middle, top - 62 - 0.73 * number_size, number)
    team_y = top - 62 - 0.73 * number_size - 18
    team_size, team_lines = fit_text(data.team_name(table), BOLD, width - 12, 13, 9)
    canvas.setFont(BOLD, team_size)
    for i, line in enumerate(team_lines):
        canvas.drawCentredString(middle, team_y - (team_size + 3) * i, line)
    below = team_y - (team_size + 3) * len(team_lines) - 6
    if not url:
        canvas.setFont(BOLD, 12)
        for i, line in enumerate(
            wrap_words(
                _("No entry address yet: a leader prints the entry slips."), BOLD, 12, width - 16
            )
        ):
            canvas.drawCentredString(middle, below - 30 - 15 * i, line)
        return
    caption = _("Enter this table's results")
    foot = wrap_words(
        _("The hosts enter the visitors' tricks; a visitor confirms."), REGULAR, 10, width - 12
    )
    address = address_lines(url, width - 12)
    foot_height = 13 * len(foot) + 10 * len(address) + 8
    code = max(60, min(width - 40, below - (y + foot_height) - 22))
    canvas.setFont(BOLD, fit_size(caption, BOLD, width - 8, 13, 9))
    canvas.drawCentredString(middle, below - 10, caption)
    draw_qr(canvas, url, middle - code / 2, below - 16 - code, code)
    text_y = below - 16 - code - 12
    canvas.setFont(REGULAR, 10)
    for line in foot:
        canvas.drawCentredString(middle, text_y, line)
        text_y -= 13
    for line, size in address:
        canvas.setFont(REGULAR, size)
        canvas.drawCentredString(middle, text_y, cut_to(line, REGULAR, size, width - 12))
        text_y -= size + 2


def address_lines(url: str, width: float) -> list[tuple[str, float]]:
    """The entry address as it is printed to be typed: on one line where it fits at 10 points,
    else the address's start (wrapped if it must) and then the secret whole and larger on a
    line of its own, never broken inside, since a break there reads as a character of its own."""
    if stringWidth(url, REGULAR, 10) <= width:
        return [(url, 10.0)]
    base, token = url.rstrip("/").rsplit("/", 1)
    size = fit_size(base + "/", REGULAR, width, 10, 8)
    start = [(line, size) for line in wrap_characters(base + "/", REGULAR, size, width)[:2]]
    return [*start, (token + "/", fit_size(token + "/", REGULAR, width, 12, 6))]
