"""An event's complete, versioned JSON archive, written: export -> import -> export is
identical (``services/archive_import.py`` reads it back).

User accounts and roles are not part of an event archive (they belong to an installation);
who entered a result or made a change travels as a user name.
"""

from __future__ import annotations

import json
from datetime import datetime

from ..models import (
    AuditEntry,
    DayClose,
    DraftCount,
    Event,
    EventSource,
    Hand,
    HandResult,
    Loan,
    PlayoffGroup,
    Team,
    TeamSource,
)
from ..rules.event_settings import ARCHIVED
from .secrets import export_secrets

FORMAT = "military-whist-director/event"
VERSION = 2  # 2: the event's season and its links; version 1 archives still import
VERSIONS = (1, 2)
EVENT_FIELDS = ARCHIVED  # the settings an archive carries as they are (rules.event_settings)
HAND_FIELDS = ("day", "session", "trump", "travelling", "moves")  # and its number, as "hand"
TEAM_FIELDS = ("home_table", "name", "zone", "player_a", "player_b", "player_x", "player_y")
RESULT_FIELDS = (
    "host_table",
    "visitor_table",
    "tricks_played",
    "visitor_revokes",
    "host_revokes",
    "visitor_tricks",
    "version",
    "entered_by",
)
PLAYOFF_FIELDS = ("rank", "total", "tables", "draw", "draw_seed")
PLAYOFF_HAND_FIELDS = (
    "match",
    "first_table",
    "second_table",
    "first_tricks",
    "trump_cut",
    "dealer_cut",
    "version",
    "entered_by",
)


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def _export_playoffs(event: Event) -> list[dict]:
    groups = PlayoffGroup.objects.filter(event=event).prefetch_related("hands").order_by("rank")
    return [
        {
            **{f: getattr(g, f) for f in PLAYOFF_FIELDS},
            "created_at": _when(g.created_at),
            "hands": [
                {
                    **{f: getattr(h, f) for f in PLAYOFF_HAND_FIELDS},
                    "entered_at": _when(h.entered_at),
                }
                for h in sorted(g.hands.all(), key=lambda h: h.match)
            ],
        }
        for g in groups
    ]


def _export_counts(event: Event) -> list[dict]:
    return list(
        DraftCount.objects.filter(event=event)
        .order_by("day", "session", "table")
        .values("day", "session", "table", "count", "closed_on_table")
    )


def export_event(
    event: Event, *, records: bool = True, secrets: bool = False, setup: bool = True
) -> dict:
    """The event's archive; without ``records``, all but its results and audit log (which
    ``snapshot.archive`` writes from the records it keeps); with ``secrets``, its entry
    addresses and accounts too (the backups' copy: ``secrets.py``); without ``setup``, not
    its links, hands and teams either (a standby's check of a change that moves none)."""
    closes = DayClose.objects.filter(event=event).prefetch_related("records")
    archive = {
        "format": FORMAT,
        "version": VERSION,
        "event": {
            **{f: getattr(event, f) for f in EVENT_FIELDS},
            "starts_on": event.starts_on.isoformat() if event.starts_on else None,
            "created_at": _when(event.created_at),
            # Only when play ended early, so archives of every other event are unchanged.
            **({"play_ends_after": event.play_ends_after} if event.play_ends_after else {}),
            # Only when printouts are not in English, for the same reason.
            **({"print_language": event.print_language} if event.print_language != "en-ca" else {}),
            "season": event.season.name if event.season_id else None,
        },
        # Rows, not models: a backup of a 250-table event reads 12,500 results and as many
        # audit entries while the phones wait on the same process.
        "loans": list(
            Loan.objects.filter(event=event)
            .order_by("hand", "table")
            .values("day", "hand", "table", "flags")
        ),
        "closes": [
            {
                "day": c.day,
                "session": c.session,
                "closed_by": c.closed_by,
                "closed_at": _when(c.closed_at),
                "override_note": c.override_note,
                "records": [
                    {
                        "table": r.table,
                        "on_table": r.on_table,
                        "loans": r.loans,
                        "net_flags": r.net_flags,
                        "physical_count": r.physical_count,
                    }
                    for r in sorted(c.records.all(), key=lambda r: r.table)
                ],
            }
            for c in sorted(closes, key=lambda c: (c.day, c.session))
        ],
        "playoffs": _export_playoffs(event),
    }
    if setup:
        archive |= {
            "links": export_links(event),
            "hands": [
                {"hand": h.number, **{f: getattr(h, f) for f in HAND_FIELDS}}
                for h in Hand.objects.filter(event=event).order_by("number")
            ],
            "teams": [
                {f: getattr(t, f) for f in TEAM_FIELDS}
                for t in Team.objects.filter(event=event).order_by("home_table")
            ],
        }
    # Only while counts are typed and not yet closed, so every other archive is unchanged.
    if counts := _export_counts(event):
        archive["counts"] = counts
    if records:
        archive["results"] = result_records(HandResult.objects.filter(event=event))
        archive["audit"] = [r for _, _, r in audit_records(AuditEntry.objects.filter(event=event))]
    if secrets:
        archive["secrets"] = export_secrets(event)
    return archive


def link_rows(event: Event) -> tuple[list[str], list[tuple]]:
    """Which events ``event`` came from (in zone order) and, in the database's order of team
    names, where each of its teams came from: (team, source slug, place, table)."""
    sources = EventSource.objects.filter(event=event).order_by("position")
    teams = TeamSource.objects.filter(event=event).order_by("team")
    return (
        list(sources.values_list("source_slug", flat=True)),
        list(teams.values_list("team", "source_slug", "place", "source_table")),
    )


def export_links(event: Event) -> dict:
    """Which events ``event`` came from (in zone order) and where each of its teams came from."""
    sources, teams = link_rows(event)
    return {
        "sources": sources,
        "teams": [  # sorted here: a database's collation may order names otherwise
            {"team": team, "source": source, "place": place, "table": table}
            for team, source, place, table in sorted(teams)
        ],
    }


def result_records(rows) -> list[dict]:
    """The archive's records of the results ``rows`` (a query), in hand and table order."""
    return [
        result_record(hand, values, at)
        for hand, *values, at in rows.order_by("hand__number", "host_table").values_list(
            "hand__number", *RESULT_FIELDS, "entered_at"
        )
    ]


def result_record(hand: int, values, at: datetime) -> dict:
    """One result's record: its hand, ``RESULT_FIELDS``' ``values`` and when it was entered."""
    return {"hand": hand, **dict(zip(RESULT_FIELDS, values, strict=True)), "entered_at": _when(at)}


def audit_records(entries) -> list[tuple[int, datetime, dict]]:
    """The archive's records of the audit ``entries`` (a query) in the archive's order, each
    with its id and time."""
    return [
        (
            pk,
            at,
            {
                "at": _when(at),
                "actor": actor,
                "action": action,
                "target": target,
                "before": before,
                "after": after,
            },
        )
        for pk, at, actor, action, target, before, after in entries.order_by(
            "at", "id"
        ).values_list("pk", "at", "actor", "action", "target", "before", "after")
    ]


def dumps(archive: dict, written: dict[str, str] | None = None) -> str:
    """The archive as text, one record per line under each sorted key, so equal archives are
    equal bytes and a person can still read and compare them. Each record goes through json's
    C encoder: an indented dump of a 250-table event took a second of the hall server's time
    at every automatic backup. ``written`` holds lists already written as ``records_text``
    writes them (a backup reuses the records that did not change)."""
    written = written or {}
    parts = []
    for key in sorted({*archive, *written}):
        if key in written:
            records = written[key]
        else:
            value = archive[key]
            is_list = isinstance(value, list) and value
            records = records_text(value) if is_list else None
        text = f"[\n  {records}\n ]" if records else _compact(archive.get(key, []))
        parts.append(f" {_compact(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def records_text(records) -> str:
    """A list's records as the archive writes them, one a line (joinable: ``RECORD_SEP``)."""
    return RECORD_SEP.join(_compact(record) for record in records)


RECORD_SEP = ",\n  "


def _compact(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(", ", ": "))
