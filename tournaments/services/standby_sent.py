"""What the hall last sent its standby of each event, so the next round sends only what
differs (issue 39): a phone's save then travels as its one result and its one entry, not as
its hand's 250 results, its phones' 250 entries and the tables' 250 entry addresses (over a
250-table hand a round's answer fell from 32 to 140 KB to 1.5 KB; a save's answer waits for
the round).

The standby holds an event at revision R exactly as the hall sent it up to R, so a change from
R (``base``) may leave out what the round that brought R sent and is unchanged: the results of
a hand the standby holds (``rows``: the hands sent only as their changed results, which the
standby lays over its own, ``standby_follow.completed``), the phones' entries it holds, and
the entry addresses when they are the same (then not even read). Only this process's memory
is read, and only for the revision it sent last: a standby that asks from any other revision
(a hall started again, a round lost on the way) is sent everything, as before.
"""

from __future__ import annotations

import threading

_lock = threading.Lock()
_sent: dict[str, dict] = {}  # event slug -> what the standby holds at the revision sent last


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


def trimmed(change: dict, secrets: dict, mark: tuple) -> tuple[dict, dict]:
    """``change`` and its ``secrets`` (read in one moment with the addresses' ``mark``),
    without what the standby holds already; remembered as what the standby holds at the
    change's revision. Secrets without addresses: the standby holds them (``holds_addresses``)."""
    slug = change["event"]
    hands: dict[int, dict[int, dict]] = {hand: {} for hand in change["hands"]}
    for record in change["archive"]["results"]:
        hands.setdefault(record["hand"], {})[record["host_table"]] = record
    entries = {(e["table"], e["phone_id"]): e for e in secrets.get("entries", [])}
    with _lock:
        was = _sent.get(slug)
        if change["whole"] or was is None or was["revision"] != change["base"]:
            was = {"hands": {}, "entries": {}}
            change, secrets = {**change, "rows": []}, dict(secrets)
        else:
            change, secrets = _left_out(change, secrets, was, hands, entries)
        # Kept in place: only this round reads what the standby held before it.
        was["hands"].update(hands)
        was["entries"].update(entries)
        _sent[slug] = {**was, "revision": change["revision"], "addresses": mark}
    return change, secrets


def _left_out(change, secrets, was, hands, entries) -> tuple[dict, dict]:
    held = was["hands"]
    # A hand the standby holds goes as its changed results, unless one of them went (only
    # a hand sent whole can say so).
    rows = [
        hand for hand in change["hands"] if hand in held and held[hand].keys() <= hands[hand].keys()
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


def forget() -> None:
    """A hall started again, or for the tests: nothing sent yet."""
    with _lock:
        _sent.clear()
