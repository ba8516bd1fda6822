"""What the hall last sent its standby of each event, so the next round sends only what
differs (issue 39): a phone's save then travels as its one result and its one entry, not as
its hand's 250 results, its phones' 250 entries and the tables' 250 entry addresses (over a
250-table hand a round's answer fell from 32 to 140 KB to 1.5 KB; a leader's save's answer
waits for the round). The staff accounts go with every round, and a round goes for them alone
when they changed since they were sent last (a password changed: ``accounts_moved``).

The standby holds an event at revision R exactly as the hall sent it up to R, so a change from
R (``base``) may leave out what the round that brought R sent and is unchanged: the results of
a hand the standby holds (``rows``: the hands sent only as their changed results, which the
standby lays over its own, ``standby_follow.completed``), the phones' entries it holds, and
the entry addresses when they are the same (then not even read). Only this process's memory
is read, and only for the revision it sent last: a standby that asks from any other revision
(a hall started again, a round lost on the way) is sent everything, as before.

A standby asking from the revision sent last is not even read for what it holds: only the
results and entries written since (their ``revision``), so a round costs the hall the rows a
save wrote, not its hand's 250 (``changes_since(rows=True)``). A hand's count of results, read
with them, shows a result gone since: that round is read and sent as before.
"""

from __future__ import annotations

import hashlib
import json
import threading

from ..archive.feed import changes_since, one_moment
from ..archive.secrets import addresses_mark, export_secrets
from ..models import Event
from ..selectors import standby as standby_reads
from . import standby
from .standby_publishing import hall_publishing

_lock = threading.Lock()
_sent: dict[str, dict] = {}  # event slug -> what the standby holds at the revision sent last
_accounts: dict[str, str | None] = {"mark": None}  # the staff accounts as sent last


def answer(event: Event, base: int, *, rows: bool) -> dict:
    """The change of ``event`` from ``base`` and its secrets; with ``rows``, for a standby
    that lays changed results over its own."""
    found = _read(event, base, rows=rows, partial=rows and holds(event.slug, base))
    if rows:
        found = trimmed(*found)
        if found is None:  # a result went, or another round came between: read it all
            found = trimmed(*_read(event, base, rows=True, partial=False))
    return {"change": found[0], "secrets": found[1]}


def _read(event: Event, base: int, *, rows: bool, partial: bool) -> tuple[dict, dict, tuple]:
    # One committed moment for the change, its secrets and its phones' entries: an entry
    # never arrives without the result it recorded.
    with one_moment():
        change = changes_since(event, base, source=standby.SOURCE, rows=partial)
        mark = addresses_mark(event)
        known = rows and holds_addresses(change, mark)
        secrets = export_secrets(event, addresses=not known) | hall_publishing(event)
        secrets["entries"] = standby_reads.phone_entries(event, change)
    return change, secrets, mark


def holds(slug: str, base: int) -> bool:
    """The standby holds exactly what this hall sent it of ``slug`` up to ``base``."""
    with _lock:
        was = _sent.get(slug)
        return base > 0 and was is not None and was["revision"] == base


def holds_addresses(change: dict, mark: tuple) -> bool:
    """The standby holds the entry addresses as they are (``archive.secrets.addresses_mark``)
    at the revision ``change`` starts from: they need not be read or sent."""
    with _lock:
        was = _sent.get(change["event"])
        return (
            not change["whole"]
            and was is not None
            and was["revision"] == change["base"]
            and was["addresses"] == mark
        )


def trimmed(change: dict, secrets: dict, mark: tuple) -> tuple[dict, dict] | None:
    """``change`` and its ``secrets`` (read in one moment with the addresses' ``mark``),
    without what the standby holds already; remembered as what the standby holds at the
    change's revision. Secrets without addresses: the standby holds them (``holds_addresses``).
    None for a change read as only its written rows (``counts``) that cannot be completed:
    a result went since, or the standby no longer holds what the read was for."""
    change = dict(change)
    counts = change.pop("counts", None)
    slug = change["event"]
    hands: dict[int, dict[int, dict]] = {hand: {} for hand in change["hands"]}
    for record in change["archive"]["results"]:
        hands.setdefault(record["hand"], {})[record["host_table"]] = record
    entries = {(e["table"], e["phone_id"]): e for e in secrets.get("entries", [])}
    with _lock:
        was = _sent.get(slug)
        if change["whole"] or was is None or was["revision"] != change["base"]:
            if counts is not None:
                return None
            was = {"hands": {}, "entries": {}}
            change, secrets = {**change, "rows": []}, dict(secrets)
        elif counts is not None and not _complete(was["hands"], hands, counts):
            return None
        else:
            change, secrets = _left_out(change, secrets, was, hands, entries, counts)
        # Kept in place: only this round reads what the standby held before it.
        for hand, records in hands.items():
            if counts is None:
                was["hands"][hand] = records
            else:
                was["hands"][hand].update(records)
        was["entries"].update(entries)
        _sent[slug] = {**was, "revision": change["revision"], "addresses": mark}
    return change, secrets


def _complete(held: dict, hands: dict, counts: dict) -> bool:
    """Each hand's results held, with those written since laid over them, are the hall's."""
    return all(
        hand in held and len(held[hand].keys() | records.keys()) == counts.get(hand)
        for hand, records in hands.items()
    )


def _left_out(change, secrets, was, hands, entries, counts) -> tuple[dict, dict]:
    held = was["hands"]
    # A hand the standby holds goes as its changed results, unless one of them went (only
    # a hand sent whole can say so; a read of the written rows only was checked by counts).
    rows = [
        hand
        for hand in change["hands"]
        if hand in held and (counts is not None or held[hand].keys() <= hands[hand].keys())
    ]
    kept = [
        record
        for hand, records in hands.items()
        for table, record in records.items()
        if hand not in rows or held[hand].get(table) != record
    ]
    archive = {**change["archive"], "results": kept}
    sent = [e for key, e in entries.items() if was["entries"].get(key) != e]
    return {**change, "archive": archive, "rows": rows}, {**secrets, "entries": sent}


def accounts_moved(accounts: list[dict]) -> bool:
    """The staff ``accounts`` differ from those sent last (a password changed, an account
    made): a round goes for them even when no event moved."""
    with _lock:
        return _accounts["mark"] != _accounts_mark(accounts)


def accounts_sent(accounts: list[dict]) -> None:
    with _lock:
        _accounts["mark"] = _accounts_mark(accounts)


def _accounts_mark(accounts: list[dict]) -> str:
    return hashlib.sha256(json.dumps(accounts, sort_keys=True).encode()).hexdigest()


def forget() -> None:
    """A hall started again, or for the tests: nothing sent yet."""
    with _lock:
        _sent.clear()
        _accounts["mark"] = None
