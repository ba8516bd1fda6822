"""An event's archive as the text a backup writes, the unchanged records written once.

A hall backs the event up after every saved hand; at 250 tables its results and audit log are
some 25,000 records, and writing them all again cost a third of a second of the server's time
each time. Here each hand's results are kept written under the hand's own revision, and the
audit log (which only grows) as the text of the entries written so far, so a backup writes the
saved hand's records and the new audit entries. The text is exactly ``dumps(export_event())``.
"""

from __future__ import annotations

from ..archive.export import (
    RECORD_SEP,
    RESULT_FIELDS,
    audit_records,
    dumps,
    export_event,
    records_text,
    result_record,
)
from ..cache import facts, store
from ..models import AuditEntry, Event, Hand


def archive_text(event: Event, *, secrets: bool = False) -> str:
    """The event's whole archive as text, as ``dumps(export_event(event))`` writes it (with its
    entry addresses and accounts for ``secrets``: a backup)."""
    written = {"results": _results_text(event), "audit": _audit_text(event)}
    return dumps(export_event(event, records=False, secrets=secrets), written)


def _results_text(event: Event) -> str:
    event_id = store.identity(event.pk, event.created_at)
    hands = Hand.objects.filter(event=event).order_by("number")
    known = {
        pk: (number, f"whist:{event_id}:archived-results:{number}:{revision}")
        for pk, number, revision in hands.values_list("pk", "number", "revision")
    }
    found = facts.recall([key for _, key in known.values()])
    missing = [pk for pk, (_, key) in known.items() if key not in found]
    if missing:
        written = _write_hands(event_id, missing)
        found |= written
        facts.keep(written)
    chunks = (found.get(key, "") for _, key in sorted(known.values()))
    return RECORD_SEP.join(chunk for chunk in chunks if chunk)


def _write_hands(event_id: str, hand_ids: list[int]) -> dict[str, str]:
    """Each hand's results written, keyed by the hand's revision read in the same statement
    (a hand's text is never kept under a revision its results do not belong to)."""
    rows = (
        Hand.objects.filter(pk__in=hand_ids)
        .order_by("number", "results__host_table")
        .values_list(
            "number",
            "revision",
            *(f"results__{field}" for field in RESULT_FIELDS),
            "results__entered_at",
        )
    )
    records: dict[str, list[dict]] = {}
    for number, revision, *values, at in rows:
        kept = records.setdefault(f"whist:{event_id}:archived-results:{number}:{revision}", [])
        if at is not None:  # a hand with no result yet writes nothing
            kept.append(result_record(number, values, at))
    return {key: records_text(hand) for key, hand in records.items()}


def _audit_text(event: Event) -> str:
    """The audit log written, entries already written reused: the log only grows, in the
    order of its times and ids; anything else (a clock set back) writes it afresh."""
    key = f"whist:{store.identity(event.pk, event.created_at)}:archived-audit"
    entries = AuditEntry.objects.filter(event=event)
    kept = facts.recall([key]).get(key)  # (text, count, last id, last time)
    if kept is not None:
        text, count, last_id, last_at = kept
        new = audit_records(entries.filter(pk__gt=last_id))
        in_order = all(at >= last_at for _, at, _ in new)
        if in_order and entries.count() == count + len(new):
            if not new:
                return text
            added = records_text(record for _, _, record in new)
            text = RECORD_SEP.join(part for part in (text, added) if part)
            last_id = max(pk for pk, _, _ in new)
            facts.keep({key: (text, count + len(new), last_id, new[-1][1])})
            return text
    every = audit_records(entries)
    text = records_text(record for _, _, record in every)
    if every:
        last_id = max(pk for pk, _, _ in every)
        facts.keep({key: (text, len(every), last_id, every[-1][1])})
    return text
