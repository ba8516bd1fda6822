"""Movement slips: for each hand, the list the leader calls out before the deal
("Hand 7 — travelling pairs: Table 1 to Table 4, Table 2 to Table 5, ...").

Several hands share a page, separated by a dashed line to cut along. A slip too long for one
page (very large events) carries its heading on to the next page. A hand whose travelling
pairs all move alike (the same number of tables up the circle) needs no list: such hands are
one line each ("Hand 7 · ♦ · A & B · move 11 tables up — Table 240 goes to Table 1"), a day's
lines on a page of their own, and only the other hands get the full list.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib.colors import toColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    Table,
    TableStyle,
)

from ..rules.hand_now import same_shift
from ..rules.types import Hand, Pair
from ..selectors.rotation import shift_words
from . import PrintData, PrintJob
from .common import (
    BOLD,
    INK,
    REGULAR,
    RULE,
    fit_size,
    trump_color,
    trump_font,
    trump_text,
)
from .printout import Printout

COLUMNS = 4
ROW_HEIGHT = 19
HEADING = ParagraphStyle("slip", fontName=BOLD, fontSize=20, leading=25)
DETAIL = ParagraphStyle("detail", fontName=REGULAR, fontSize=13, leading=17)
MOVE = ParagraphStyle("move", fontName=BOLD, fontSize=13, leading=16)
DAY = ParagraphStyle("day", fontName=BOLD, fontSize=16, leading=20, spaceAfter=4)


class CutLine(Flowable):
    """A dashed line across the page with a little space around it."""

    def __init__(self, width: float) -> None:
        super().__init__()
        self.width, self.height = width, 22

    def draw(self) -> None:
        self.canv.setStrokeColor(RULE)
        self.canv.setDash(4, 3)
        self.canv.setLineWidth(0.8)
        self.canv.line(0, self.height / 2, self.width, self.height / 2)


def pairs_text(pair: Pair) -> str:
    return _("A &amp; B") if pair is Pair.AB else _("X &amp; Y")


def trump_markup(hand: Hand) -> str:
    """The hand's trump in its own colour and font, as Paragraph markup."""
    colour = toColor(trump_color(hand.trump)).hexval().replace("0x", "#")
    trump = escape(trump_text(hand.trump))
    return f'<font name="{trump_font(hand.trump)}" color="{colour}">{trump}</font>'


def heading(data: PrintData, hand: Hand) -> list[Paragraph]:
    values = {"day": hand.day, "session": hand.session, "trump": trump_markup(hand)}
    if data.sessions_in_day(hand.day) > 1:
        detail = _("Day %(day)s · Session %(session)s · Trump: %(trump)s") % values
    else:
        detail = _("Day %(day)s · Trump: %(trump)s") % values
    called = _("Hand %(hand)s — travelling pairs (%(pairs)s):") % {
        "hand": hand.number,
        "pairs": pairs_text(hand.travelling),
    }
    return [Paragraph(called, HEADING), Paragraph(detail, DETAIL)]


def slip(data: PrintData, hand: Hand, tables: list[int], width: float) -> Table:
    """One hand's slip: its heading row (repeated if the slip runs on), then the moves."""
    call = _("Table %(home)s to Table %(host)s")
    calls = [call % {"home": t, "host": hand.moves[t]} for t in tables]
    widest = max(stringWidth(c, BOLD, 13) for c in calls)
    columns = max(1, min(COLUMNS, int(width // (widest + 14))))
    rows = math.ceil(len(calls) / columns)
    # Read down each column, as the leader calls them out.
    grid = [
        [calls[c * rows + r] if c * rows + r < len(calls) else "" for c in range(columns)]
        for r in range(rows)
    ]
    body = [[heading(data, hand)] + [""] * (columns - 1), *grid]
    style = TableStyle(
        [
            ("SPAN", (0, 0), (-1, 0)),
            ("LINEBELOW", (0, 0), (-1, 0), 1.5, INK),
            ("FONT", (0, 1), (-1, -1), BOLD, 13),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, 0), 6),
            ("TOPPADDING", (0, 1), (-1, 1), 5),
        ]
    )
    heights = [None] + [ROW_HEIGHT] * rows
    return Table(
        body,
        colWidths=[width / columns] * columns,
        rowHeights=heights,
        repeatRows=1,
        style=style,
        hAlign="LEFT",
    )


def day_lines(data: PrintData, day: int, hands: list[Hand], width: float) -> Table:
    """A day's hands whose pairs all move alike, a line each: hand, trump, (pairs,) the move."""
    pairs = {hand.travelling for hand in hands}
    if len(pairs) == 1:
        title = _("Day %(day)s — travelling pairs (%(pairs)s) all move alike:") % {
            "day": day,
            "pairs": pairs_text(hands[0].travelling),
        }
    else:
        title = _("Day %(day)s — travelling pairs all move alike:") % {"day": day}
    moves = [shift_words(hand.moves, data.event.tables, short=True) for hand in hands]
    first = max(stringWidth(_("Hand %(hand)s") % {"hand": h.number}, BOLD, 14) for h in hands)
    trump = max(stringWidth(trump_text(h.trump), BOLD, 13) for h in hands) + 8
    pairs_width = 54 if len(pairs) > 1 else 0
    widths = [first + 8, trump, pairs_width, width - first - 8 - trump - pairs_width]
    # Every line on one line, at one size: a day's 30 hands fit its page.
    size = min(fit_size(move, BOLD, widths[3] - 10, 13, 9) for move in moves)
    move_style = ParagraphStyle("move-line", parent=MOVE, fontSize=size, leading=size * 1.25)
    body = [[Paragraph(title, DAY), "", "", ""]]
    for hand, move in zip(hands, moves, strict=True):
        body.append(
            [
                _("Hand %(hand)s") % {"hand": hand.number},
                Paragraph(trump_markup(hand), MOVE),
                Paragraph(pairs_text(hand.travelling), MOVE) if len(pairs) > 1 else "",
                Paragraph(escape(move), move_style),
            ]
        )
    style = [
        ("SPAN", (0, 0), (-1, 0)),
        ("LINEBELOW", (0, 0), (-1, 0), 1.5, INK),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, RULE),
        ("FONT", (0, 1), (0, -1), BOLD, 14),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 1), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 2),
    ]
    return Table(body, colWidths=widths, repeatRows=1, style=style, hAlign="LEFT")


def build(data: PrintData, job: PrintJob) -> bytes:
    printout = Printout(data.event.name, _("Movement slips"), data.paper, data.printed)
    tables = data.tables(job)
    width = printout.width
    story = []
    alike: dict[int, list[Hand]] = {}
    for hand in data.rotation.hands:
        if same_shift(hand.moves, data.event.tables) is not None:
            alike.setdefault(hand.day, []).append(hand)
        else:
            story.append(KeepTogether([slip(data, hand, tables, width), CutLine(width)]))
    days = [day_lines(data, day, hands, width) for day, hands in sorted(alike.items())]
    pages = [item for day in days for item in (day, PageBreak())]
    story = pages + story if story else pages[:-1]
    return printout.pdf(story)
