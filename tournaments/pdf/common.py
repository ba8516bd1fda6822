"""What every printout shares: paper, fonts, trump spelling, the page header and footer, and
fitting people's text to its cell.

All text is DejaVu Sans, shipped beside this module (``fonts/``, with its licence), so names
such as Nguyễn, Wałęsa, Dvořák or Şahin print on every system and trumps print as "♥ Hearts";
hearts and diamonds are dark red. Names come from registration files and can be long: every
user text goes through ``fit_text`` (wrap, then shrink, then cut with "…") and, in a Paragraph,
through ``escape`` so that ``<b>`` or ``<img>`` in a name is printed, never obeyed.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape

import segno
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy
from reportlab.lib import colors
from reportlab.lib.fonts import addMapping
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from ..rules.types import Trump

PAPERS = {"letter": LETTER, "a4": A4}
MARGIN = 36  # half an inch: safe on every office printer
FONTS = Path(__file__).with_name("fonts")
REGULAR = "WhistSans"
BOLD = "WhistSans-Bold"
ELLIPSIS = "…"
INK = colors.black
RED = colors.HexColor("#a00000")  # hearts and diamonds; still dark enough to read far away
SHADE = colors.HexColor("#e6e6e6")
RULE = colors.HexColor("#555555")


def _register_fonts() -> None:
    """DejaVu Sans as the printouts' one family (``<b>`` in a Paragraph picks the bold)."""
    for name, file in ((REGULAR, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / file)))
    for italic in (0, 1):
        addMapping(REGULAR, 0, italic, REGULAR)
        addMapping(REGULAR, 1, italic, BOLD)


_register_fonts()


def page_size(paper: str, *, across: bool = False) -> tuple[float, float]:
    """The page in points; ``across`` turns it to landscape (table cards)."""
    size = PAPERS.get(paper, LETTER)
    return landscape(size) if across else size


def suit_font() -> str:
    """The font with suit symbols: the printouts' own bold."""
    return BOLD


_TRUMP_WORDS = {
    Trump.HEARTS: pgettext_lazy("trump", "Hearts"),
    Trump.SPADES: pgettext_lazy("trump", "Spades"),
    Trump.DIAMONDS: pgettext_lazy("trump", "Diamonds"),
    Trump.CLUBS: pgettext_lazy("trump", "Clubs"),
    Trump.NO_TRUMP: pgettext_lazy("trump", "No trump"),
}


def trump_word(trump: Trump) -> str:
    """The trump's word in the printout's language ("Hearts", "Cœur"): a 250-card run asks
    12,500 times, so only the one word is translated."""
    return str(_TRUMP_WORDS[trump])


def trump_text(trump: Trump | None) -> str:
    """How a hand's trump is printed: symbol and word where the font allows, else the word."""
    if trump is None:
        return pgettext("trump of a hand", "Cut")
    if trump is Trump.NO_TRUMP:
        return trump_word(trump)
    return f"{trump.symbol} {trump_word(trump)}"


def trump_font(trump: Trump | None) -> str:
    if trump in (None, Trump.NO_TRUMP):
        return BOLD
    return suit_font()


def trump_color(trump: Trump | None) -> colors.Color:
    return RED if trump in (Trump.HEARTS, Trump.DIAMONDS) else INK


def fit_size(text: str, font: str, width: float, largest: float, smallest: float = 6) -> float:
    """The biggest font size up to ``largest`` at which ``text`` fits in ``width``."""
    natural = pdfmetrics.stringWidth(text, font, 1) or 1
    return max(smallest, min(largest, width / natural))


def wrap_words(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines of ``text`` within ``width``: broken at spaces and after the hyphens of a joined
    name (Nguyễn-Wałęsa), and inside a word only when a piece alone is wider than the line."""
    lines: list[str] = []
    for word in text.split():
        for index, part in enumerate(re.findall(r"[^-]+-*|-+", word)):
            joint = " " if index == 0 else ""  # a hyphen's piece joins its word unspaced
            trial = f"{lines[-1]}{joint}{part}" if lines else part
            if lines and pdfmetrics.stringWidth(trial, font, size) <= width:
                lines[-1] = trial
            elif pdfmetrics.stringWidth(part, font, size) <= width:
                lines.append(part)
            else:
                pieces = wrap_characters(part, font, size, width)
                joined = f"{lines[-1]}{joint}{pieces[0]}" if lines else ""
                if lines and pdfmetrics.stringWidth(joined, font, size) <= width:
                    lines[-1] = joined
                    pieces.pop(0)
                lines.extend(pieces)
    return lines or [""]


def cut_to(text: str, font: str, size: float, width: float) -> str:
    """``text`` as it fits ``width``, ending in "…" when something had to go."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + ELLIPSIS, font, size) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def fit_text(
    text: str, font: str, width: float, largest: float, smallest: float = 7, lines: int = 2
) -> tuple[float, list[str]]:
    """The biggest size (``largest`` down to ``smallest``) at which ``text`` wraps into at
    most ``lines`` lines of ``width``, and those lines; at ``smallest`` the last line that
    fits is cut with "…", so no name ever leaves its cell."""
    size = largest
    while True:
        wrapped = wrap_words(text, font, size, width)
        if len(wrapped) <= lines:
            return size, wrapped
        if size <= smallest:
            kept = wrapped[:lines]
            kept[-1] = cut_to(f"{kept[-1]} {wrapped[lines]}", font, size, width)
            return size, kept
        size = max(smallest, size - 0.5)


def fitted_paragraph(
    text: str,
    font: str,
    width: float,
    largest: float,
    smallest: float = 7,
    lines: int = 2,
    *,
    align: int = 0,
) -> Paragraph:
    """A table cell's user text as a Paragraph that stays inside ``width``: wrapped, shrunk
    or cut by ``fit_text``, and escaped so markup in a name prints as typed."""
    size, wrapped = fit_text(text, font, width, largest, smallest, lines)
    style = ParagraphStyle(
        f"fit-{font}-{size}-{align}",
        fontName=font,
        fontSize=size,
        leading=size * 1.18,
        alignment=align,
    )
    return Paragraph("<br/>".join(escape(line) for line in wrapped), style)


def text_height(cell: object) -> float:
    """The height of a ``fitted_paragraph`` (0 for plain text cells)."""
    if not isinstance(cell, Paragraph):
        return 0
    return cell.style.leading * (cell.text.count("<br/>") + 1)


def escape(text: str) -> str:
    """User text for a Paragraph: ``<``, ``>`` and ``&`` are printed, not read as markup."""
    return xml_escape(text)


def session_label(day: int, session: int, first: int, last: int, sessions_in_day: int) -> str:
    """'Day 1 · Session 2 · hands 16–30' (the session is left out when a day has one)."""
    values = {"day": day, "session": session, "first": first, "last": last}
    if sessions_in_day > 1:
        return _("Day %(day)s · Session %(session)s · hands %(first)s–%(last)s") % values
    return _("Day %(day)s · hands %(first)s–%(last)s") % values


def header_footer(event_name: str, title: str, printed: str) -> Callable[[Canvas, object], None]:
    """A platypus page callback: event and printout at the top, page number at the foot."""

    def draw(canvas: Canvas, doc) -> None:
        width, height = canvas._pagesize
        canvas.saveState()
        canvas.setFillColor(INK)
        canvas.setFont(BOLD, 12)
        canvas.drawRightString(width - MARGIN, height - MARGIN + 12, title)
        room = width - 2 * MARGIN - pdfmetrics.stringWidth(title, BOLD, 12) - 18
        size = fit_size(event_name, BOLD, room, 12, 8)
        canvas.setFont(BOLD, size)
        canvas.drawString(MARGIN, height - MARGIN + 12, cut_to(event_name, BOLD, size, room))
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.8)
        canvas.line(MARGIN, height - MARGIN + 6, width - MARGIN, height - MARGIN + 6)
        canvas.setFont(REGULAR, 9)
        canvas.drawString(MARGIN, MARGIN - 18, _("Printed %(when)s") % {"when": printed})
        canvas.drawRightString(width - MARGIN, MARGIN - 18, _("Page %(page)s") % {"page": doc.page})
        canvas.restoreState()

    return draw


def wrap_characters(text: str, font: str, size: float, width: float) -> list[str]:
    """Break an address (no spaces to break at) into lines that fit ``width``."""
    lines = [""]
    for char in text:
        if lines[-1] and pdfmetrics.stringWidth(lines[-1] + char, font, size) > width:
            lines.append("")
        lines[-1] += char
    return lines


def draw_qr(canvas: Canvas, url: str, x: float, y: float, size: float, border: int = 2) -> None:
    """The QR code of ``url`` made by segno, drawn as one path of dark runs.

    The mask is named: left to choose, segno scores all eight on every code (3.6 ms a code,
    most of a 250-card print); any mask reads the same, and mask 2 is the one it picks for
    four in five of the hall's table links (0.75 ms a code)."""
    matrix = segno.make(url, error="m", boost_error=False, mask=2).matrix
    module = size / (len(matrix) + 2 * border)
    path = canvas.beginPath()
    for r, row in enumerate(matrix):
        column = 0
        for dark, run in itertools.groupby(row):
            length = len(list(run))
            if dark:
                left = x + (column + border) * module
                path.rect(left, y + size - (r + border + 1) * module, length * module, module)
            column += length
    canvas.setFillColor(INK)
    canvas.drawPath(path, stroke=0, fill=1)


class Lettering:
    """A page's rotation text gathered into one PDF text object, setting fonts and colours
    only when they change: a 250-card run draws 25,000 cells."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas, self.text = canvas, canvas.beginText()
        self.font: tuple[str, float] | None = None
        self.color = None

    def put(self, x: float, y: float, text: str, font: str, size: float, color=INK, centre=False):
        if centre:
            x -= pdfmetrics.stringWidth(text, font, size) / 2
        if self.font != (font, size):
            self.text.setFont(font, size)
            self.font = (font, size)
        if self.color != color:
            self.text.setFillColor(color)
            self.color = color
        self.text.setTextOrigin(x, y)
        self.text.textOut(text)

    def finish(self) -> None:
        self.canvas.drawText(self.text)
