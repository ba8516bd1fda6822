"""Printouts with reportlab: table cards, the master rotation sheet, movement slips,
flag-count sheets, standings and the tables' entry slips.

``render(event, job)`` loads everything a printout needs in a fixed number of queries (the
rotation, the teams and, when asked for, the results or the standings) and returns the PDF
bytes. Each printout lives in its own module with ``build(data, job) -> bytes``; none of
them touches the database.

Printouts speak the event's print language (``Event.print_language``), or the one a job asks
for, whatever the language of the leader's pages: everything from ``load`` to the last page is
built under ``translation.override``.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field

from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import links, selectors, snapshot
from ..models import Event, Team
from ..rules.errors import RulesError
from ..rules.types import Result, Rotation, Standing

WHATS = {
    "cards": gettext_lazy("Table cards"),
    "rotation": gettext_lazy("Master rotation sheet"),
    "slips": gettext_lazy("Movement slips"),
    "counts": gettext_lazy("Flag-count sheets"),
    "standings": gettext_lazy("Standings"),
    "entry": gettext_lazy("Entry slips (for the table's hosts only)"),
}
# What ``print_event --lang`` accepts, and the language each means.
LANGUAGE_NAMES = {"en": "en-ca", "en-ca": "en-ca", "fr": "fr-ca", "fr-ca": "fr-ca"}
DEFAULT_BASE_URL = links.FALLBACK  # where QR codes point without WHIST_PUBLIC_URL


@dataclass(frozen=True)
class PrintJob:
    """What the leader asked for. Empty ``tables`` means every table; empty ``paper`` the
    event's own; ``session`` (day, session) limits the count sheets to one session."""

    what: str
    tables: tuple[int, ...] = ()
    paper: str = ""
    base_url: str = DEFAULT_BASE_URL
    fill_counts: bool = False
    session: tuple[int, int] | None = None
    language: str = ""  # empty: the event's print language


@dataclass(frozen=True)
class PrintData:
    """The event as the printouts see it, read once."""

    event: Event
    rotation: Rotation
    teams: dict[int, Team]
    paper: str
    printed: str
    results: list[Result] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)
    hands_played: int = 0
    entry_tokens: dict[int, str] = field(default_factory=dict)

    def tables(self, job: PrintJob) -> list[int]:
        """The tables this printout covers: the leader's subset or all of them, in order."""
        return sorted(job.tables) if job.tables else list(range(1, self.event.tables + 1))

    def team_name(self, table: int) -> str:
        team = self.teams.get(table)
        return team.name if team else _("Table %(table)s") % {"table": table}

    def sessions(self) -> list[tuple[int, int, list]]:
        """(day, session, hands) for every session of the rotation, in playing order."""
        blocks: list[tuple[int, int, list]] = []
        for hand in self.rotation.hands:
            if not blocks or blocks[-1][:2] != (hand.day, hand.session):
                blocks.append((hand.day, hand.session, []))
            blocks[-1][2].append(hand)
        return blocks

    def sessions_in_day(self, day: int) -> int:
        return len({h.session for h in self.rotation.hands if h.day == day})


def parse_tables(text: str, tables: int) -> tuple[int, ...]:
    """'3,7' or '3 7' or '5-8' -> table numbers; blank means every table."""
    chosen: set[int] = set()
    for part in re.split(r"[,\s;]+", text.strip()):
        if not part:
            continue
        # Digits 0-9, at most four: never '٣' or the 5,000 digits int() refuses.
        match = re.fullmatch(r"([0-9]{1,4})(?:-([0-9]{1,4}))?", part)
        if not match:
            raise RulesError(
                "Tables: %(part)r is not a table number or a range like 5-8",
                field="tables",
                part=part,
            )
        first, last = int(match[1]), int(match[2] or match[1])
        if first > last:
            first, last = last, first
        if first < 1 or last > tables:
            raise RulesError(
                "Tables: this event has tables 1 to %(tables)s; %(part)r is outside",
                field="tables",
                tables=tables,
                part=part,
            )
        chosen.update(range(first, last + 1))
    return tuple(sorted(chosen))


def parse_session(text: str) -> tuple[int, int] | None:
    """'1.2' -> day 1, session 2; blank means every session."""
    if not text.strip():
        return None
    match = re.fullmatch(r"\s*(\d+)[.\-/ ](\d+)\s*", text)
    if not match:
        raise RulesError(
            "Session: write day.session, e.g. 1.2, not %(text)r", field="session", text=text
        )
    return int(match[1]), int(match[2])


def load(event: Event, job: PrintJob, *, now=None) -> PrintData:
    """Read what ``job`` needs: at most the rotation, teams, results and standings queries."""
    if job.what not in WHATS:
        raise RulesError(
            "Unknown printout %(what)r; choose one of %(whats)s",
            field="what",
            what=job.what,
            whats=", ".join(WHATS),
        )
    paper = job.paper or event.paper
    printed = printed_at(timezone.localtime(now or timezone.now()))
    standings, played = [], 0
    if job.what == "standings":
        standings, played = snapshot.standings(event), snapshot.hands_played(event)
    return PrintData(
        event=event,
        rotation=snapshot.rotation(event),
        teams=snapshot.teams_by_table(event),
        paper=paper,
        printed=printed,
        results=selectors.results(event) if job.what == "counts" and job.fill_counts else [],
        standings=standings,
        hands_played=played,
        entry_tokens=selectors.entry_tokens(event) if job.what == "entry" else {},
    )


def printed_at(moment) -> str:
    """When a printout was made, in the active language's short form (2025-06-10 14 h 05)."""
    if translation.get_language().startswith("fr"):
        # Django's fr_CA short format reads its "h" as the 12-hour clock: say it here.
        return formats.date_format(moment, "Y-m-d H\xa0\\h\xa0i")
    return f"{moment:%Y-%m-%d %H:%M}"


def language_of(event: Event, job: PrintJob) -> str:
    """The language ``job`` prints in: the one it asks for, else the event's."""
    return job.language or event.print_language or "en-ca"


def build(data: PrintData, job: PrintJob) -> bytes:
    """The PDF for ``job`` from data already loaded, in the printout's language."""
    module = {"rotation": "rotation_sheet", "entry": "entry_slips", "slips": "movement_slips"}.get(
        job.what, job.what
    )
    with translation.override(language_of(data.event, job)):
        return importlib.import_module(f"{__name__}.{module}").build(data, job)


def render(event: Event, job: PrintJob, *, now=None) -> bytes:
    """The PDF for ``job``: load, then build, both in the printout's language."""
    with translation.override(language_of(event, job)):
        return build(load(event, job, now=now), job)


def filename(event: Event, job: PrintJob) -> str:
    """``provincial-demo-cards-tables-3-7.pdf``: says what is inside when it is downloaded."""
    subset = "-tables-" + "-".join(str(t) for t in job.tables) if job.tables else ""
    if len(subset) > 40:
        subset = f"-{len(job.tables)}-tables"
    return f"{event.slug}-{job.what}{subset}.pdf"
