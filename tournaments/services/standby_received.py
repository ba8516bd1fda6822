"""The standby's changes received from its hall and not applied yet (issue 39).

Each change the hall sends (with its secrets and the accounts) is written to this laptop's
disk, whole or not at all and flushed to it (``keep``), before the standby asks again, and
that ask is its confirmation: the hall answers a save once the save is on the standby's disk,
without waiting for it to be applied, which takes longer. The follower applies what was
received afterwards, in order and once, an event's changes as one when it fell behind
(``apply``); a takeover applies every one first (``take_over``).

A takeover first leaves a mark in the folder, and the follower confirms nothing once the mark
is there (it looks after writing a change and before asking again): so every change the hall
was told of was written before the mark, and the takeover, which reads the folder after
making it, applies it.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from pathlib import Path

from django.conf import settings

from ..archive.feed import merged
from ..rules.errors import RulesError
from . import standby, standby_follow
from .locks import write_transaction

log = logging.getLogger(__name__)

FOLDER = "standby-received"  # in the data folder
MARK = "taking-over"
_applying = threading.Lock()  # one apply at a time in this process


def folder() -> Path:
    return Path(settings.DATA_DIR) / FOLDER


def pending() -> list[Path]:
    """The changes received and not applied yet, oldest first. Each file is named by its
    number, its event and the hall's revision it brings: ``000000000012.games.41.json``;
    the accounts alone (a password changed) by its number: ``000000000013.accounts.json``."""
    return sorted(folder().glob("*.json"))


def keep(answer: dict) -> None:
    """Write the changes of the hall's ``answer`` (with the accounts it names) to disk, each
    whole or not at all, flushed to the disk before it is confirmed."""
    base = folder()
    base.mkdir(parents=True, exist_ok=True)
    # After every file still there: the applier removes the oldest first.
    number = max([int(p.name.split(".")[0]) for p in pending()], default=0)
    accounts = answer.get("accounts", [])
    items = answer.get("changes", []) or [{}]  # no change: the accounts alone
    for item in items:
        number += 1
        change = item.get("change")
        named = f"{change['event']}.{int(change['revision'])}" if change else "accounts"
        name = f"{number:012d}.{named}.json"
        temporary = base / f".{name}.tmp"
        with open(temporary, "w", encoding="utf-8") as out:
            out.write(json.dumps({**item, "accounts": accounts}))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, base / name)
    _sync_folder(base)


def _sync_folder(base: Path) -> None:
    """The new names reach the disk too (a folder cannot be opened to be flushed on Windows,
    whose renames are written through)."""
    if os.name == "nt":
        return
    handle = os.open(base, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _read(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None  # applied meanwhile (by a takeover, in another process)


def held() -> dict[str, int]:
    """The hall's revision of every event this standby holds, applied or received: what it
    asks from, and confirms. (The folder first, then the database: a change applied in
    between is in the database by the time its file goes.)"""
    received: dict[str, int] = {}
    for path in pending():
        parts = path.name.split(".")
        if len(parts) == 4:  # not the accounts alone
            slug, revision = parts[1], int(parts[2])
            received[slug] = max(revision, received.get(slug, 0))
    applied = standby_follow.held()
    return {**applied, **{s: r for s, r in received.items() if r > applied.get(s, 0)}}


def taking_over() -> bool:
    return (folder() / MARK).exists()


def apply(*, for_takeover: bool = False) -> int:
    """Apply every change received, in order, each event's changes as one; the number of
    events changed. Nothing while a takeover is under way, unless it is the takeover's."""
    with _applying:
        if taking_over() and not for_takeover:
            return 0
        if not pending():
            return 0
        changed = 0
        # What is received and what is held, read and written on in one transaction: a
        # takeover in another process applies nothing twice and nothing out of order.
        with write_transaction():
            paths = pending()
            items = [item for item in (_read(p) for p in paths) if item is not None]
            if items:
                standby_follow.accounts(items[-1].get("accounts", []))
            for change, secrets in _chains(items, standby_follow.held()):
                try:
                    standby_follow.follow(change, secrets)  # a savepoint of its own
                    changed += 1
                except (RulesError, KeyError, TypeError, ValueError) as error:
                    log.warning("standby: a change of %s refused: %s", change["event"], error)
        for path in paths:
            path.unlink(missing_ok=True)
        return changed


def _chains(items: list[dict], applied: dict[str, int]) -> list[tuple[dict, dict]]:
    """Each event's received changes that follow on from what it holds, as one change."""
    chains: dict[str, tuple[dict, dict]] = {}
    for item in items:
        if "change" not in item:
            continue  # the accounts alone (applied from the newest item)
        change, secrets = item["change"], item.get("secrets", {})
        slug = change["event"]
        if change["whole"] and change["base"] == 0:  # the whole event: starts afresh
            chains[slug] = (change, secrets)
            continue
        tip = chains[slug][0]["revision"] if slug in chains else applied.get(slug, 0)
        if change["base"] != tip:
            continue  # held already, or after a gap: the hall sends it again
        if slug in chains:
            earlier, kept = chains[slug]
            chains[slug] = (merged(earlier, change), _secrets_merged(kept, secrets))
        else:
            chains[slug] = (change, secrets)
    return list(chains.values())


def _secrets_merged(earlier: dict, later: dict) -> dict:
    """The later secrets, with the phones' entries of both (the later one of a phone's) and
    the earlier entry addresses when the later left them out (unchanged)."""
    entries = {(e["table"], e["phone_id"]): e for e in earlier.get("entries", [])}
    entries |= {(e["table"], e["phone_id"]): e for e in later.get("entries", [])}
    return {**earlier, **later, "entries": list(entries.values())}


def take_over(*, actor=None):
    """The standby becomes the hall (``standby.take_over``) once every change it received is
    applied: the mark first, so nothing is confirmed after the folder is read."""
    base = folder()
    base.mkdir(parents=True, exist_ok=True)
    mark = base / MARK
    mark.touch()
    _sync_folder(base)
    try:
        apply(for_takeover=True)
        became = standby.take_over(actor=actor)
    except BaseException:
        mark.unlink(missing_ok=True)  # still a standby: it goes on confirming
        raise
    for path in pending():  # received after the mark: never confirmed, from the old hall
        path.unlink(missing_ok=True)
    return became


def forget() -> None:
    """A laptop paired as a standby anew: no mark and nothing received from another hall."""
    for path in [*pending(), folder() / MARK]:
        path.unlink(missing_ok=True)
