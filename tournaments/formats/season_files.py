"""A season's files for others' programs: the results CSV for the games office and the
iCalendar feed of its event dates. Both are interfaces: English, whatever the reader's language.

The CSV has one row per team per event::

    season,level,zone,event,event_name,first_day,place,tied,table,team,club,day_1,...,day_N,total,advancing

``day_1`` .. ``day_N`` are the team's net flags each day (N: the most days of any event of the
season; an event with fewer days leaves the rest empty), ``place`` its competition rank (shared
places marked ``tied``: yes), ``advancing`` yes for the teams that go on to the next level,
``club`` the club's short name once its match is decided (its page is ``/clubs/<club>/``).

The calendar (RFC 5545) has one all-day event per event with a first day: its name, level
and page. It is written here, a few lines of text, rather than with a library: every value is
escaped and every line folded at 75 octets as the RFC asks.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from ..rules.seasons import EventResult

FIXED_COLUMNS = (
    "season", "level", "zone", "event", "event_name", "first_day", "place", "tied", "table",
    "team", "club",
)  # fmt: skip


def csv_rows(season: str, events: Iterable[EventResult]) -> list[list[object]]:
    """The header and one row per team per event, events in the order given."""
    events = list(events)
    days = max((len(p.days) for e in events for p in e.placings), default=0)
    days = max(days, max((e.days for e in events), default=0))
    header = [*FIXED_COLUMNS, *(f"day_{d}" for d in range(1, days + 1)), "total", "advancing"]
    rows: list[list[object]] = [header]
    for e in events:
        for p in e.placings:
            flags = list(p.days) + [""] * (days - len(p.days))
            rows.append(
                [
                    season, e.level, p.zone, e.slug, e.name,
                    e.starts_on.isoformat() if e.starts_on else "",
                    p.place, "yes" if p.tied else "no", p.table, p.team, p.club,
                    *flags, p.total, "yes" if p.advancing else "no",
                ]
            )  # fmt: skip
    return rows


def _escape(text: str) -> str:
    return (
        text.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
        .replace("\r", "\\n")
    )


def _fold(line: str) -> str:
    """A content line cut into lines of at most 75 octets, each continuation starting with a
    space, never inside a character."""
    out, current = [], b""
    for char in line:
        encoded = char.encode()
        limit = 75 if not out else 74
        if len(current) + len(encoded) > limit:
            out.append(current)
            current = b""
        current += encoded
    out.append(current)
    return "\r\n ".join(part.decode() for part in out)


def calendar(
    season: str, events: Iterable[EventResult], base_url: str, host: str, *, now: datetime
) -> str:
    """The season's iCalendar text: one all-day VEVENT per event that has a first day."""
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Military Whist Director//Season calendar//EN",
        "CALSCALE:GREGORIAN",
        f"X-WR-CALNAME:{_escape(season)}",
    ]
    for e in events:
        if e.starts_on is None:
            continue
        end = e.starts_on + timedelta(days=max(1, e.days))
        lines += [
            "BEGIN:VEVENT",
            f"UID:{e.slug}@{host or 'military-whist-director'}",
            f"DTSTAMP:{stamp}",
            f"DTSTART;VALUE=DATE:{e.starts_on:%Y%m%d}",
            f"DTEND;VALUE=DATE:{end:%Y%m%d}",
            f"SUMMARY:{_escape(e.name)}",
            f"DESCRIPTION:{_escape(f'{season} · {e.level}')}",
            f"URL:{base_url}/events/{e.slug}/",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "".join(_fold(line) + "\r\n" for line in lines)
