"""The frame every flowing printout shares (rotation sheet, movement slips, flag-count sheets,
standings, the season's results): half-inch margins, the title in the PDF's metadata, the
room a page leaves inside its frame, and every page's header and footer."""

from __future__ import annotations

import io

from reportlab.platypus import SimpleDocTemplate

from .common import MARGIN, header_footer, page_size


class Printout:
    """One printout on its way: ``width`` and ``height`` are the room inside a page's frame
    (which pads its edges by 6 points); ``pdf(story)`` lays the story out on the pages."""

    def __init__(self, name: str, title: str, paper: str, printed: str) -> None:
        self._buffer = io.BytesIO()
        self._doc = SimpleDocTemplate(
            self._buffer,
            pagesize=page_size(paper),
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN + 8,
            bottomMargin=MARGIN,
            title=f"{name} — {title}",
            author="Military Whist Director",
        )
        self._decorate = header_footer(name, title, printed)
        self.width, self.height = self._doc.width - 12, self._doc.height - 12

    def pdf(self, story: list) -> bytes:
        self._doc.build(story, onFirstPage=self._decorate, onLaterPages=self._decorate)
        return self._buffer.getvalue()
