"""What every printout shares: paper, fonts, trump spelling, the page header and footer.

Text is Helvetica (built into every PDF reader). Helvetica has no suit symbols, so trumps are
drawn in DejaVu Sans when Debian's fonts-dejavu-core is installed ("♥ Hearts") and spelt as a
word otherwise ("Hearts"); hearts and diamonds are dark red either way.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from pathlib import Path

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import SimpleDocTemplate

from ..rules.types import Trump

PAPERS = {"letter": LETTER, "a4": A4}
MARGIN = 36  # half an inch: safe on every office printer
REGULAR = "Helvetica"
BOLD = "Helvetica-Bold"
INK = colors.black
RED = colors.HexColor("#a00000")  # hearts and diamonds; still dark enough to read far away
SHADE = colors.HexColor("#e6e6e6")
RULE = colors.HexColor("#555555")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
SUIT_FONT_NAME = "WhistSuits-Bold"


def document(buffer, event_name: str, title: str, pagesize) -> SimpleDocTemplate:
    """The page frame every flowing printout shares: half-inch margins, titled metadata."""
    return SimpleDocTemplate(
        buffer,
        pagesize=pagesize,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN + 8,
        bottomMargin=MARGIN,
        title=f"{event_name} — {title}",
        author="Military Whist Director",
    )


def usable(doc) -> tuple[float, float]:
    """Width and height inside a platypus frame (which pads its edges by 6 points)."""
    return doc.width - 12, doc.height - 12


def page_size(paper: str, *, across: bool = False) -> tuple[float, float]:
    """The page in points; ``across`` turns it to landscape (table cards)."""
    size = PAPERS.get(paper, LETTER)
    return landscape(size) if across else size


@functools.cache
def suit_font() -> str | None:
    """The registered font with suit symbols, or None when DejaVu Sans is not installed."""
    path = DEJAVU / "DejaVuSans-Bold.ttf"
    if not path.exists():
        return None
    try:
        pdfmetrics.registerFont(TTFont(SUIT_FONT_NAME, str(path)))
    except Exception:  # a broken font file must never stop the printing  # noqa: BLE001
        return None
    return SUIT_FONT_NAME


def trump_text(trump: Trump | None) -> str:
    """How a hand's trump is printed: symbol and word where the font allows, else the word."""
    if trump is None:
        return "Cut"
    if trump is Trump.NO_TRUMP or suit_font() is None:
        return trump.label
    return f"{trump.symbol} {trump.label}"


def trump_font(trump: Trump | None) -> str:
    if trump in (None, Trump.NO_TRUMP):
        return BOLD
    return suit_font() or BOLD


def trump_color(trump: Trump | None) -> colors.Color:
    return RED if trump in (Trump.HEARTS, Trump.DIAMONDS) else INK


def fit_size(text: str, font: str, width: float, largest: float, smallest: float = 6) -> float:
    """The biggest font size up to ``largest`` at which ``text`` fits in ``width``."""
    natural = pdfmetrics.stringWidth(text, font, 1) or 1
    return max(smallest, min(largest, width / natural))


def session_label(day: int, session: int, first: int, last: int, sessions_in_day: int) -> str:
    """'Day 1 · Session 2 · hands 16–30' (the session is left out when a day has one)."""
    part = f" · Session {session}" if sessions_in_day > 1 else ""
    return f"Day {day}{part} · hands {first}–{last}"


def header_footer(event_name: str, title: str, printed: str) -> Callable[[Canvas, object], None]:
    """A platypus page callback: event and printout at the top, page number at the foot."""

    def draw(canvas: Canvas, doc) -> None:
        width, height = canvas._pagesize
        canvas.saveState()
        canvas.setFillColor(INK)
        canvas.setFont(BOLD, 12)
        canvas.drawString(MARGIN, height - MARGIN + 12, event_name)
        canvas.drawRightString(width - MARGIN, height - MARGIN + 12, title)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.8)
        canvas.line(MARGIN, height - MARGIN + 6, width - MARGIN, height - MARGIN + 6)
        canvas.setFont(REGULAR, 9)
        canvas.drawString(MARGIN, MARGIN - 18, f"Printed {printed}")
        canvas.drawRightString(width - MARGIN, MARGIN - 18, f"Page {doc.page}")
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
    """The QR code from reportlab's QR widget, drawn as one path (the widget's own drawing
    makes a shape per module, ten times slower on a 250-card run)."""
    code = QrCodeWidget(url, barLevel="M").qr
    code.make()
    count = code.getModuleCount()
    module = size / (count + 2 * border)
    path = canvas.beginPath()
    for r, row in enumerate(code.modules):
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
