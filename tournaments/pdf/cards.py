"""Table cards: one landscape card per table, stood on the table for the whole event.

Left: the table number as big as the panel allows (read across a hall), the home team, its
players by pair, and a QR code to the table's public page. The card stands on the table for
everyone to read, so it never carries the secret entry code: that goes on the table's entry
slip, for its hosts only (``entry_slips``). Right: the table's whole rotation
in two columns: for each hand where our travelling pair goes, who visits us, and the trump,
with a black bar at each day and session. Rows shrink to fit; only when even the smallest
readable row cannot hold every hand does the rotation go on to a second page, and then the
break falls between sessions.

Drawn on the canvas (not platypus) because the big type is placed exactly.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .. import links
from ..rules.types import Hand, Pair
from . import PrintData, PrintJob
from .card_rows import (
    COLUMN_GAP,
    COLUMNS,
    EDGE,
    HEADER_HEIGHT,
    TITLE_HEIGHT,
    CardLayout,
    Row,
    columns_of,
    paginate,
    rotation_rows,
)
from .common import (
    BOLD,
    INK,
    REGULAR,
    SHADE,
    Lettering,
    cut_to,
    draw_qr,
    fit_size,
    fit_text,
    page_size,
    trump_color,
    trump_font,
    trump_text,
    wrap_characters,
)

WHITE = (1, 1, 1)
QR_SIZE = 104
NAME_SMALLEST = 9  # points: names wrap to two lines before they shrink below this


def build(data: PrintData, job: PrintJob) -> bytes:
    buffer = io.BytesIO()
    layout = CardLayout(page_size(data.paper, across=True))
    canvas = Canvas(buffer, pagesize=(layout.width, layout.height))
    canvas.setTitle(f"{data.event.name} — {_('Table cards')}")
    canvas.setAuthor("Military Whist Director")
    pages = paginate(rotation_rows(data), layout.rows_per_page)
    visitors = {
        h.number: {host: home for home, host in h.moves.items()} for h in data.rotation.hands
    }
    for table in data.tables(job):
        url = links.table_page_url(job.base_url, data.event.slug, table)
        for index, rows in enumerate(pages):
            draw_identity(canvas, layout, data, table, url)
            note = ""
            if len(pages) > 1:
                note = _("page %(page)s of %(pages)s") % {"page": index + 1, "pages": len(pages)}
                note += " · "
            draw_rotation(canvas, layout, data, table, rows, note, visitors)
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@dataclass(frozen=True)
class Lines:
    """A name wrapped for its place on the card: its size and lines (two at most)."""

    size: float
    lines: list[str]

    @property
    def height(self) -> float:
        return (self.size + 3) * len(self.lines)


def draw_identity(
    canvas: Canvas, layout: CardLayout, data: PrintData, table: int, url: str
) -> None:
    """The left panel: TABLE, the number, the team, its players and the public QR code.
    Names wrap to two lines at 9 points at least; the number takes the room they leave."""
    x, width = EDGE, layout.left_width
    middle = x + width / 2
    top = layout.height - EDGE
    team = data.teams.get(table)
    name = Lines(*fit_text(data.team_name(table), BOLD, width, 24, NAME_SMALLEST))
    zone = None
    if team and team.zone:
        text = team.zone
        if not text.lower().startswith("zone"):
            text = _("Zone %(zone)s") % {"zone": text}
        zone = Lines(*fit_text(text, REGULAR, width, 13, NAME_SMALLEST))
    players = {
        role: Lines(
            *fit_text(
                (getattr(team, f"player_{role.lower()}", "") if team else "") or "—",
                REGULAR,
                width - 24,
                15,
                NAME_SMALLEST,
            )
        )
        for role in "ABXY"
    }
    below_number = (
        34
        + name.height
        + (zone.height + 4 if zone else 0)
        + 8
        + 2 * (17 + 5)
        + sum(max(19, p.height + 4) for p in players.values())
        + QR_SIZE
        + 8
    )
    room = top - 40 - EDGE - below_number
    canvas.setFillColor(INK)
    canvas.setFont(BOLD, 30)
    canvas.drawCentredString(middle, top - 26, pgettext("table card", "TABLE"))
    number = str(table)
    size = max(60, min(fit_size(number, BOLD, width - 8, 250), 0.40 * layout.height, room / 0.73))
    canvas.setFont(BOLD, size)
    baseline = top - 40 - 0.73 * size
    canvas.drawCentredString(middle, baseline, number)
    y = baseline - 34
    canvas.setFont(BOLD, name.size)
    for line in name.lines:
        canvas.drawCentredString(middle, y, line)
        y -= name.size + 3
    if zone:
        y -= 2
        canvas.setFont(REGULAR, zone.size)
        for line in zone.lines:
            canvas.drawCentredString(middle, y, line)
            y -= zone.size + 3
    y -= 8
    all_ab = all(h.travelling is Pair.AB for h in data.rotation.hands)
    groups = [
        ("A", "B", _("Travelling pair") if all_ab else _("Pair A–B")),
        ("X", "Y", _("Home pair (defends)") if all_ab else _("Pair X–Y")),
    ]
    for first, second, heading in groups:
        canvas.setFont(BOLD, 11)
        canvas.drawString(x, y, heading.upper())
        y -= 17
        for role in (first, second):
            player = players[role]
            canvas.setFont(BOLD, 15)
            canvas.drawString(x, y, role)
            canvas.setFont(REGULAR, player.size)
            for i, line in enumerate(player.lines):
                canvas.drawString(x + 22, y - (player.size + 3) * i, line)
            y -= max(19, player.height + 4)
        y -= 5
    draw_qr(canvas, url, x, EDGE, QR_SIZE)
    text_x = x + QR_SIZE + 8
    canvas.setFont(BOLD, 11)
    for i, line in enumerate(_("Scan for this\ntable's results").splitlines()[:2]):
        canvas.drawString(text_x, EDGE + QR_SIZE - 16 - 14 * i, line)
    canvas.setFont(REGULAR, 7)
    for i, line in enumerate(wrap_characters(url, REGULAR, 7, width - QR_SIZE - 8)[:4]):
        canvas.drawString(text_x, EDGE + 30 - 9 * i, line)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.5)
    rule_x = layout.right_x - 11
    canvas.line(rule_x, EDGE, rule_x, layout.height - EDGE)


def draw_rotation(
    canvas: Canvas,
    layout: CardLayout,
    data: PrintData,
    table: int,
    rows: list[Row],
    note: str,
    visitors: dict[int, dict[int, int]],
) -> None:
    """The right panel: title, then the rows in columns under their headings."""
    show_pair = any(h.travelling is not Pair.AB for h in data.rotation.hands)
    top = layout.height - EDGE
    hands = [r.hand.number for r in rows if r.hand]
    canvas.setFillColor(INK)
    canvas.setFont(BOLD, 14)
    heading = _("Table %(table)s · every hand") % {"table": table}
    canvas.drawString(layout.right_x, top - 14, heading)
    right = layout.right_x + layout.right_width
    span = _("hands %(first)s–%(last)s") % {"first": hands[0], "last": hands[-1]}
    title = f"{note}{span} · {data.event.name}"
    # The rest of the line, whatever the heading's length in the printout's language.
    room = layout.right_width - max(170, stringWidth(heading, BOLD, 14) + 16)
    size = fit_size(title, REGULAR, room, 11, NAME_SMALLEST)
    canvas.setFont(REGULAR, size)
    canvas.drawRightString(right, top - 14, cut_to(title, REGULAR, size, room))
    height = layout.row_height(len(rows))
    width = layout.column_width
    edges = cell_edges(width, show_pair)
    shades, bars = canvas.beginPath(), canvas.beginPath()
    lettering = Lettering(canvas)
    for index, column in enumerate(columns_of(rows, COLUMNS)):
        x = layout.right_x + index * (width + COLUMN_GAP)
        draw_headings(canvas, x, width, top - TITLE_HEIGHT, show_pair)
        y = layout.rows_top
        for shade, row in enumerate(column):
            if row.hand is None:
                bars.rect(x, y - height + 1, width, height - 2)
                size = fit_size(row.label, BOLD, width - 8, 0.62 * height, 7)
                lettering.put(x + 4, y - height / 2 - size * 0.35, row.label, BOLD, size, WHITE)
            else:
                if shade % 2:
                    shades.rect(x, y - height, width, height)
                visitor = visitors[row.hand.number][table]
                hand_cells(lettering, x, y, edges, height, row.hand, table, visitor, show_pair)
            y -= height
    canvas.setFillColor(SHADE)
    canvas.drawPath(shades, stroke=0, fill=1)
    canvas.setFillColor(INK)
    canvas.drawPath(bars, stroke=0, fill=1)
    lettering.finish()


def cell_edges(width: float, show_pair: bool) -> list[float]:
    """Left edges of the hand, [pair,] go-to, visitors-from and trump cells, and the end."""
    shares = [0.11, 0.12, 0.17, 0.18, 0.42] if show_pair else [0.13, 0.22, 0.22, 0.43]
    edges = [0.0]
    for share in shares:
        edges.append(edges[-1] + share * width)
    return edges


def draw_headings(canvas: Canvas, x: float, width: float, top: float, show_pair: bool) -> None:
    edges = cell_edges(width, show_pair)
    labels = [
        (pgettext("table card heading", "Hand"), ""),
        (pgettext("table card heading", "Our pair"), pgettext("table card heading", "goes to")),
        (pgettext("table card heading", "Visitors"), pgettext("table card heading", "from")),
        (pgettext("table card heading", "Trump"), ""),
    ]
    if show_pair:
        labels[1:2] = [
            (pgettext("table card heading", "Our"), pgettext("table card heading", "pair")),
            (pgettext("table card heading", "goes"), pgettext("table card heading", "to")),
        ]
    for (first, second), left, right in zip(labels, edges, edges[1:], strict=False):
        middle = x + (left + right) / 2
        # French headings run longer: each shrinks to its own cell rather than overlap.
        room = right - left - 2
        size = min(fit_size(first, BOLD, room, 10), fit_size(second, BOLD, room, 10))
        canvas.setFont(BOLD, size)
        canvas.drawCentredString(middle, top - 11 if second else top - 17, first)
        if second:
            canvas.drawCentredString(middle, top - 22, second)
    canvas.setLineWidth(1.5)
    canvas.line(x, top - HEADER_HEIGHT + 1, x + width, top - HEADER_HEIGHT + 1)


def hand_cells(
    lettering: Lettering,
    x: float,
    y: float,
    edges: list[float],
    height: float,
    hand: Hand,
    table: int,
    visitor: int,
    show_pair: bool,
) -> None:
    """One hand: its number, [which pair travels,] where it goes, who visits, the trump."""
    size = 0.7 * height
    baseline = y - height / 2 - 0.35 * size
    cells = [(str(hand.number), BOLD), (str(hand.moves[table]), BOLD), (str(visitor), REGULAR)]
    if show_pair:
        cells.insert(1, (hand.travelling.value, REGULAR))
    for (text, font), left, right in zip(cells, edges, edges[1:], strict=False):
        fitted = fit_size(text, font, right - left - 4, size)
        lettering.put(x + (left + right) / 2, baseline, text, font, fitted, centre=True)
    text, font = trump_text(hand.trump), trump_font(hand.trump)
    fitted = fit_size(text, font, edges[-1] - edges[-2] - 4, size)
    lettering.put(x + edges[-2] + 2, baseline, text, font, fitted, trump_color(hand.trump))
