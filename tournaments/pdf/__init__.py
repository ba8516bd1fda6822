"""Printouts with reportlab: table cards, the master rotation sheet, movement slips,
flag-count sheets and standings.

``render(event, job)`` loads everything a printout needs in a fixed number of queries (the
rotation, the teams and, when asked for, the results or the standings) and returns the PDF
bytes. Each printout lives in its own module with ``build(data, job) -> bytes``; none of
them touches the database.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field

from django.utils import timezone

from .. import links, selectors
from ..models import Event, Team
from ..rules.errors import RulesError
from ..rules.types import Result, Rotation, Standing

WHATS = {
    "cards": "Table cards",
    "rotation": "Master rotation sheet",
    "slips": "Movement slips",
    "counts": "Flag-count sheets",
    "standings": "Standings",
}
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

    def tables(self, job: PrintJob) -> list[int]:
        """The tables this printout covers: the leader's subset or all of them, in order."""
        return sorted(job.tables) if job.tables else list(range(1, self.event.tables + 1))

    def team_name(self, table: int) -> str:
        team = self.teams.get(table)
        return team.name if team else f"Table {table}"

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
        match = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not match:
            raise RulesError(
                f"Tables: {part!r} is not a table number or a range like 5-8", field="tables"
            )
        first, last = int(match[1]), int(match[2] or match[1])
        if first > last:
            first, last = last, first
        if first < 1 or last > tables:
            raise RulesError(
                f"Tables: this event has tables 1 to {tables}; {part!r} is outside",
                field="tables",
            )
        chosen.update(range(first, last + 1))
    return tuple(sorted(chosen))


def parse_session(text: str) -> tuple[int, int] | None:
    """'1.2' -> day 1, session 2; blank means every session."""
    if not text.strip():
        return None
    match = re.fullmatch(r"\s*(\d+)[.\-/ ](\d+)\s*", text)
    if not match:
        raise RulesError(f"Session: write day.session, e.g. 1.2, not {text!r}", field="session")
    return int(match[1]), int(match[2])


def load(event: Event, job: PrintJob, *, now=None) -> PrintData:
    """Read what ``job`` needs: at most the rotation, teams, results and standings queries."""
    if job.what not in WHATS:
        raise RulesError(
            f"Unknown printout {job.what!r}; choose one of {', '.join(WHATS)}", field="what"
        )
    paper = job.paper or event.paper
    printed = f"{timezone.localtime(now or timezone.now()):%Y-%m-%d %H:%M}"
    standings, played = [], 0
    if job.what == "standings":
        standings, played = selectors.standings(event), selectors.hands_played(event)
    return PrintData(
        event=event,
        rotation=selectors.rotation(event),
        teams=selectors.teams_by_table(event),
        paper=paper,
        printed=printed,
        results=selectors.results(event) if job.what == "counts" and job.fill_counts else [],
        standings=standings,
        hands_played=played,
    )


def build(data: PrintData, job: PrintJob) -> bytes:
    """The PDF for ``job`` from data already loaded."""
    module = {"rotation": "rotation_sheet"}.get(job.what, job.what)
    return importlib.import_module(f"{__name__}.{module}").build(data, job)


def render(event: Event, job: PrintJob, *, now=None) -> bytes:
    """The PDF for ``job``: load, then build."""
    return build(load(event, job, now=now), job)


def filename(event: Event, job: PrintJob) -> str:
    """``provincial-demo-cards-tables-3-7.pdf``: says what is inside when it is downloaded."""
    subset = "-tables-" + "-".join(str(t) for t in job.tables) if job.tables else ""
    if len(subset) > 40:
        subset = f"-{len(job.tables)}-tables"
    return f"{event.slug}-{job.what}{subset}.pdf"
