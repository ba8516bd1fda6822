"""Flag-count sheets: one per session, a line per table for the verifiers who count the flags
in fives at the session's close, with lines for their signatures.

The expected count (flags on the table, loaned flags included) is left blank so the count is
made blind; when the leader asks, it is filled from the results entered so far, and the sheet
says how complete those results were.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from ..rules import flags as flag_rules
from ..rules.errors import RulesError
from ..rules.spans import spans
from ..rules.types import TableDay
from . import PrintData, PrintJob
from .common import (
    BOLD,
    INK,
    REGULAR,
    RULE,
    SHADE,
    fitted_paragraph,
    text_height,
)
from .printout import Printout

ROW_HEIGHT = 23
TITLE = ParagraphStyle("title", fontName=BOLD, fontSize=18, leading=23, spaceAfter=4)
NOTE = ParagraphStyle("note", fontName=REGULAR, fontSize=12, leading=16, spaceAfter=8)


def headings() -> list[str]:
    """The column headings, in the printout's language."""
    return [
        _("Table"),
        _("Team"),
        _("Expected"),
        _("Loaned"),
        _("Counted"),
        pgettext("person who counts", "Verifier"),
    ]


def chosen_sessions(data: PrintData, job: PrintJob) -> list[tuple[int, int, list]]:
    sessions = data.sessions()
    if job.session is None:
        return sessions
    chosen = [s for s in sessions if s[:2] == job.session]
    if not chosen:
        day, session = job.session
        raise RulesError(
            "Session: there is no day %(day)s session %(session)s in this event",
            field="session",
            day=day,
            session=session,
        )
    return chosen


def expected(data: PrintData, day: int, last_hand: int) -> dict[int, TableDay]:
    """Every table's flags at the end of ``last_hand`` from the results entered."""
    entered = [r for r in data.results if r.hand <= last_hand]
    summary, _ = flag_rules.day_ledger(data.event.tables, day, entered, data.event.flag_settings)
    return summary


def build(data: PrintData, job: PrintJob) -> bytes:
    printout = Printout(data.event.name, _("Flag-count sheets"), data.paper, data.printed)
    tables = data.tables(job)
    story: list = []
    for day, session, hands in chosen_sessions(data, job):
        if story:
            story.append(PageBreak())
        story += sheet(data, job, day, session, hands, tables, printout.width)
    return printout.pdf(story)


def sheet(
    data: PrintData,
    job: PrintJob,
    day: int,
    session: int,
    hands: list,
    tables: list[int],
    width: float,
) -> list:
    """One session's sheet: title, how to count, the table lines, then the signatures."""
    last = hands[-1].number
    several = data.sessions_in_day(day) > 1
    values = {"day": day, "session": session, "last": last}
    if several:
        title = _("Flag count — Day %(day)s · Session %(session)s · after hand %(last)s") % values
    else:
        title = _("Flag count — Day %(day)s · after hand %(last)s") % values
    if len(tables) != data.event.tables:
        title += " · " + _("Tables %(tables)s") % {"tables": spans(tables)}
    story = [Paragraph(title, TITLE)]
    numbers = {h.number for h in hands}
    if job.fill_counts:
        summary = expected(data, day, last)
        entered = sum(1 for r in data.results if r.hand in numbers)
        story.append(
            Paragraph(
                _(
                    "Expected counts from the results entered: %(entered)s of %(all)s for "
                    "hands %(first)s–%(last)s. Expected includes the flags loaned to the table."
                )
                % {
                    "entered": entered,
                    "all": len(hands) * data.event.tables,
                    "first": hands[0].number,
                    "last": last,
                },
                NOTE,
            )
        )
    else:
        summary = {}
        story.append(
            Paragraph(
                _(
                    "Count every flag on the table in fives, loaned flags included, and write "
                    "the count and your initials. The leader fills in the expected count."
                ),
                NOTE,
            )
        )
    heads = headings()
    widths = column_widths(width, heads)
    # The first row names the session on every page a long sheet runs on to.
    body = [[title] + [""] * (len(heads) - 1), heads]
    heights = [ROW_HEIGHT, ROW_HEIGHT]
    for table in tables:
        ledger = summary.get(table)
        team = fitted_paragraph(data.team_name(table), REGULAR, widths[1] - 12, 13, 9)
        body.append(
            [
                str(table),
                team,
                str(ledger.on_table) if ledger else "",
                str(ledger.loans) if ledger and ledger.loans else "",
                "",
                "",
            ]
        )
        heights.append(max(ROW_HEIGHT, text_height(team) + 6))
    filled = [summary[t] for t in tables if t in summary]
    body.append(
        [
            _("Total"),
            ngettext("%(count)s table", "%(count)s tables", len(tables)) % {"count": len(tables)},
            str(sum(d.on_table for d in filled)) if filled else "",
            str(sum(d.loans for d in filled)) if filled else "",
            "",
            "",
        ]
    )
    heights.append(ROW_HEIGHT)
    story.append(count_table(body, widths, heights))
    if len(tables) == data.event.tables:
        story.append(Spacer(1, 6))
        story.append(
            Paragraph(
                _(
                    "All %(tables)s tables together hold %(tables)s × %(each)s = %(flags)s "
                    "flags plus every flag the leader loaned."
                )
                % {
                    "tables": len(tables),
                    "each": data.event.flags_per_table,
                    "flags": len(tables) * data.event.flags_per_table,
                },
                NOTE,
            )
        )
    story.append(Spacer(1, 18))
    story.append(KeepTogether(signatures(width)))
    return story


def column_widths(width: float, heads: list[str]) -> list[float]:
    """Fixed columns wide enough for their heading in any language; the team takes the rest."""
    widths = [
        max(base, stringWidth(head, BOLD, 12) + 14)
        for base, head in zip([48, 0, 70, 58, 78, 96], heads, strict=True)
    ]
    widths[1] = width - sum(widths) + widths[1]
    return widths


def count_table(body: list[list], widths: list[float], heights: list[float]) -> Table:
    style = TableStyle(
        [
            ("SPAN", (0, 0), (-1, 0)),
            ("FONT", (0, 0), (-1, 0), BOLD, 11),
            ("FONT", (0, 1), (-1, 1), BOLD, 12),
            ("FONT", (0, 2), (-1, -1), REGULAR, 13),
            ("FONT", (0, 2), (0, -1), BOLD, 15),
            ("FONT", (2, 2), (3, -1), BOLD, 15),
            ("FONT", (0, -1), (-1, -1), BOLD, 13),
            ("ALIGN", (0, 1), (0, -1), "CENTER"),
            ("ALIGN", (2, 1), (-1, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("BACKGROUND", (0, 1), (-1, 1), SHADE),
            ("BACKGROUND", (0, -1), (-1, -1), SHADE),
            ("LINEBELOW", (0, 1), (-1, 1), 1.5, INK),
            ("LINEABOVE", (0, -1), (-1, -1), 1.5, INK),
            ("GRID", (0, 2), (-1, -1), 0.5, RULE),
            ("BOX", (0, 1), (-1, -1), 1.2, INK),
            ("BOX", (4, 2), (4, -1), 1.5, INK),
        ]
    )
    return Table(body, colWidths=widths, rowHeights=heights, repeatRows=2, style=style)


def signatures(width: float) -> list:
    """Lines for two verifiers and the leader, with the time of the count."""
    verifier = pgettext("person who counts", "Verifier")
    rows = [[verifier, "", verifier, ""], [_("Leader (checked)"), "", _("Time"), ""]]
    style = TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), BOLD, 13),
            ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
            ("TOPPADDING", (0, 0), (-1, -1), 22),
            ("LINEBELOW", (1, 0), (1, -1), 1, INK),
            ("LINEBELOW", (3, 0), (3, -1), 1, INK),
            ("LEFTPADDING", (2, 0), (2, -1), 18),
        ]
    )
    label, gap = 120, 84
    line = (width - label - gap) / 2
    return [Table(rows, colWidths=[label, line, gap, line], style=style, hAlign="LEFT")]
