"""A checked publication written into the province's copy of the event, inside the caller's
transaction and under its lock (``publication.publish``): the settings, then the hands'
results it carries whole, and the parts of the archive that are small and carry no revision
(loans, closes, counts, playoffs) replaced when they differ. The records are written as the
archive import writes them."""

from __future__ import annotations

from datetime import date

from ..archive.export import (
    EVENT_FIELDS,
    HAND_FIELDS,
    export_event,
)
from ..models import (
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
from .archive_rows import write_closes, write_links, write_playoffs, write_results
from .clubs import match_event

# The settings a publication may change; the slug, the season and the creation stay the
# province's own.
SETTINGS = tuple(f for f in EVENT_FIELDS if f != "slug")


def apply_archive(
    event: Event, archive: dict, *, whole: bool, hands: list[int], held: dict | None = None
) -> None:
    """Write ``archive`` (the event once the change is applied, as ``_checked`` made it);
    ``held``: the event's export as the check read it, when it has one (not read twice)."""
    if held is None:
        held = export_event(event, records=False, setup=whole)
    data = archive["event"]
    changed = {f: data[f] for f in SETTINGS if getattr(event, f) != data[f]}
    starts_on = date.fromisoformat(data["starts_on"]) if data["starts_on"] else None
    changed |= {
        "starts_on": starts_on,
        "play_ends_after": data.get("play_ends_after"),
        "print_language": data.get("print_language", "en-ca"),
    }
    Event.objects.filter(pk=event.pk).update(**changed)
    for field, value in changed.items():
        setattr(event, field, value)
    if whole:
        _hands(event, archive["hands"])
        _teams(event, archive, held)
        numbers = [h["hand"] for h in archive["hands"]]
    else:
        numbers = hands
    by_number = dict(Hand.objects.filter(event=event).values_list("number", "pk"))
    HandResult.objects.filter(event=event, hand__number__in=numbers).delete()
    wanted = set(numbers)
    write_results(event, [r for r in archive["results"] if r["hand"] in wanted], by_number)
    if archive["loans"] != held["loans"]:
        Loan.objects.filter(event=event).delete()
        Loan.objects.bulk_create(Loan(event=event, **loan) for loan in archive["loans"])
    if archive["closes"] != held["closes"]:
        _closes(event, archive["closes"])
    if archive.get("counts", []) != held.get("counts", []):
        DraftCount.objects.filter(event=event).delete()
        DraftCount.objects.bulk_create(
            DraftCount(event=event, **c) for c in archive.get("counts", [])
        )
    if archive["playoffs"] != held["playoffs"]:
        _playoffs(event, archive["playoffs"])


def _hands(event: Event, hands: list[dict]) -> None:
    """The rotation as the hall has it: hands updated in place, missing ones made, those the
    hall no longer has removed (with their results)."""
    Hand.objects.filter(event=event).exclude(number__in=[h["hand"] for h in hands]).delete()
    known = {h.number: h for h in Hand.objects.filter(event=event)}
    update, create = [], []
    for h in hands:
        values = {f: h[f] for f in HAND_FIELDS}
        row = known.get(h["hand"])
        if row is None:
            create.append(Hand(event=event, number=h["hand"], **values))
        elif any(getattr(row, f) != values[f] for f in HAND_FIELDS):
            for f in HAND_FIELDS:
                setattr(row, f, values[f])
            update.append(row)
    Hand.objects.bulk_update(update, HAND_FIELDS, batch_size=200)
    Hand.objects.bulk_create(create)


def _teams(event: Event, archive: dict, held: dict) -> None:
    teams_changed = archive["teams"] != held["teams"]
    if teams_changed:
        Team.objects.filter(event=event).delete()
        Team.objects.bulk_create(Team(event=event, **t) for t in archive["teams"])
    links = archive.get("links", {"sources": [], "teams": []})
    if links != held["links"]:
        EventSource.objects.filter(event=event).delete()
        TeamSource.objects.filter(event=event).delete()
        write_links(event, links)
    if teams_changed or links != held["links"]:
        match_event(event)  # as after an import; a second of a 250-table event's time


def _closes(event: Event, closes: list[dict]) -> None:
    DayClose.objects.filter(event=event).delete()
    write_closes(event, closes)


def _playoffs(event: Event, playoffs: list[dict]) -> None:
    PlayoffGroup.objects.filter(event=event).delete()
    write_playoffs(event, playoffs)
