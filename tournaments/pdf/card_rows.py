"""A table card's rotation laid out: its rows (a hand, or the bar that starts a day or
session), the pages they need and the two columns of each page, and where everything goes on
a card (``cards.py`` draws it)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.translation import gettext as _

from ..rules.types import Hand
from . import PrintData
from .common import session_label

EDGE = 30  # page margin of a card
LEFT_SHARE = 0.34  # of the printable width, for the table number, team and QR code
TITLE_HEIGHT = 24
HEADER_HEIGHT = 26
ROW_LARGEST = 21  # points per row when there are few hands
ROW_SMALLEST = 15  # below this a card goes on to a second page
COLUMNS = 2
COLUMN_GAP = 16


@dataclass(frozen=True)
class Row:
    """One line of a card's rotation: a hand, or the bar that starts a day or session."""

    hand: Hand | None = None
    label: str = ""


def rotation_rows(data: PrintData) -> list[list[Row]]:
    """The rotation as one block of rows per session, each led by its bar."""
    blocks = data.sessions()
    with_bars = len(blocks) > 1
    result = []
    for day, session, hands in blocks:
        label = session_label(
            day, session, hands[0].number, hands[-1].number, data.sessions_in_day(day)
        )
        result.append(([Row(label=label)] if with_bars else []) + [Row(hand=h) for h in hands])
    return result


def paginate(blocks: list[list[Row]], per_page: int) -> list[list[Row]]:
    """Whole sessions per page while they fit; a session longer than a page is cut."""
    pages: list[list[Row]] = [[]]
    for block in blocks:
        if pages[-1] and len(pages[-1]) + len(block) > per_page:
            pages.append([])
        rest = block
        while len(pages[-1]) + len(rest) > per_page:
            room = per_page - len(pages[-1])
            pages[-1].extend(rest[:room])
            label = _("%(session)s (continued)") % {"session": block[0].label}
            rest = [Row(label=label)] + rest[room:]
            pages.append([])
        pages[-1].extend(rest)
    return pages


def columns_of(rows: list[Row], columns: int) -> list[list[Row]]:
    """Rows split into balanced columns; a bar never ends a column."""
    per_column = math.ceil(len(rows) / columns)
    result, start = [], 0
    for _column in range(columns):
        end = min(len(rows), start + per_column)
        if end < len(rows) and end > start and rows[end - 1].hand is None:
            end -= 1
        result.append(rows[start:end])
        start = end
    result[-1].extend(rows[start:])
    return result


class CardLayout:
    """Where everything goes on a card of the given page size (the same for every table)."""

    def __init__(self, size: tuple[float, float]) -> None:
        self.width, self.height = size
        printable = self.width - 2 * EDGE
        self.left_width = printable * LEFT_SHARE
        self.right_x = EDGE + self.left_width + 22
        self.right_width = self.width - EDGE - self.right_x
        self.column_width = (self.right_width - COLUMN_GAP * (COLUMNS - 1)) / COLUMNS
        self.rows_top = self.height - EDGE - TITLE_HEIGHT - HEADER_HEIGHT
        self.rows_height = self.rows_top - EDGE
        self.rows_per_page = COLUMNS * int(self.rows_height // ROW_SMALLEST)

    def row_height(self, rows: int) -> float:
        per_column = max(1, math.ceil(rows / COLUMNS))
        return max(ROW_SMALLEST, min(ROW_LARGEST, self.rows_height / per_column))
