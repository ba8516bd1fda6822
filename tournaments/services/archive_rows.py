"""An archive's records written as rows, for the two writes that read archives: the import (a
new event, ``archive_import``) and a follower's apply of the hall's changes to an event it
holds (``publication_apply``). Each writes the records of one part whole; the caller has
cleared what it replaces and holds the transaction."""

from __future__ import annotations

from datetime import datetime

from ..archive.export import PLAYOFF_FIELDS, PLAYOFF_HAND_FIELDS, RESULT_FIELDS
from ..models import (
    DayClose,
    DayRecord,
    Event,
    EventSource,
    HandResult,
    PlayoffGroup,
    PlayoffHandResult,
    TeamSource,
)
from .audit import revision_brought


def parse_when(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def write_results(event: Event, results, hand_ids: dict[int, int]) -> None:
    """``results``: the archive's result records; ``hand_ids``: each hand number's row id.
    The rows take the revision the write brings (the event's, read under its lock, plus one)."""
    HandResult.objects.bulk_create(
        (
            HandResult(
                event=event,
                hand_id=hand_ids[r["hand"]],
                revision=revision_brought(event.revision),
                entered_at=parse_when(r["entered_at"]),
                **{f: r[f] for f in RESULT_FIELDS},
            )
            for r in results
        ),
        batch_size=500,
    )


def write_closes(event: Event, closes: list[dict]) -> None:
    for c in closes:
        close = DayClose.objects.create(
            event=event,
            day=c["day"],
            session=c["session"],
            closed_by=c["closed_by"],
            closed_at=parse_when(c["closed_at"]),
            override_note=c["override_note"],
        )
        DayRecord.objects.bulk_create(DayRecord(close=close, **r) for r in c["records"])


def write_playoffs(event: Event, playoffs: list[dict]) -> None:
    for p in playoffs:
        group = PlayoffGroup.objects.create(
            event=event,
            created_at=parse_when(p["created_at"]),
            **{f: p[f] for f in PLAYOFF_FIELDS},
        )
        PlayoffHandResult.objects.bulk_create(
            PlayoffHandResult(
                group=group,
                entered_at=parse_when(h["entered_at"]),
                **{f: h[f] for f in PLAYOFF_HAND_FIELDS},
            )
            for h in p["hands"]
        )


def write_links(event: Event, links: dict) -> None:
    """Where the event's teams came from: the events it follows and each team's place there."""
    EventSource.objects.bulk_create(
        EventSource(event=event, position=i, source_slug=slug)
        for i, slug in enumerate(links["sources"], 1)
    )
    TeamSource.objects.bulk_create(
        TeamSource(
            event=event,
            team=t["team"],
            source_slug=t["source"],
            place=t["place"],
            source_table=t["table"],
        )
        for t in links["teams"]
    )
