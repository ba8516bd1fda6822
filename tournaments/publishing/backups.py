"""Automatic backups, so a laptop that dies mid-event loses nothing but its hardware.

After every change to an event (at most one file every few seconds per event, the last change
always included) and at every close, the event's archive (the ``export_event`` format) is
written to the backups folder: to a temporary file first, then renamed, so a backup is never
half-written. The newest 20 of each event are kept, and every close's copy for good.
``WHIST_BACKUP_DIR`` points it at a USB stick; ``restore`` brings them back. A backup also
holds the tables' entry addresses and the event's accounts (``archive/secrets.py``), so a spare
laptop restored from the stick keeps every printed slip and login: the stick is a key.
"""

from __future__ import annotations

import atexit
import os
import re
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.db import connection

from ..models import Event
from ..snapshot.archive import archive_text

KEEP = 20
# A large event's archive takes seconds to write: wait at least ten times as long as the last one
# took, so backups never take more than a tenth of the laptop's time from the phones.
PACE = 10
STALE_SECONDS = 180  # a change not backed up for this long is worth a warning
_NAME = re.compile(
    r"^(?P<slug>.+)-(?P<stamp>\d{8}T\d{12}Z)-r(?P<revision>\d+)(?P<kind>-\w+)?\.json$"
)


@dataclass(frozen=True)
class Status:
    """The newest backup of one event, as the leader's pages show it."""

    path: Path | None
    at: datetime | None
    revision: int | None
    error: str = ""

    def stale(
        self, revision: int, now: datetime | None = None, due_in: float | None = None
    ) -> bool:
        """True when the event changed since the newest backup, long enough ago to matter,
        or the last try failed. ``due_in``: seconds until this process writes the next backup
        (``pending``); while it is due within its normal delay nothing is wrong yet."""
        if self.error:
            return True
        if self.revision is not None and self.revision >= revision:
            return False
        if due_in is not None and due_in > -STALE_SECONDS:
            return False
        if self.at is None:
            return revision > 0
        return ((now or datetime.now(UTC)) - self.at).total_seconds() > STALE_SECONDS


def folder() -> Path | None:
    configured = settings.BACKUP_DIR
    return Path(configured) if configured else None


def event_folder(slug: str) -> Path | None:
    base = folder()
    return base / slug if base else None


def write_backup(event, *, kind: str = "", base: Path | None = None) -> Path:
    """Write ``event``'s archive now; ``kind`` ("close", "manual") marks a copy kept for good.
    ``base``: another backups folder than the hall's (a spare stick), laid out the same."""
    target = base / event.slug if base else event_folder(event.slug)
    target.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    name = f"{event.slug}-{stamp}-r{event.revision}{f'-{kind}' if kind else ''}.json"
    temporary = target / f".{name}.tmp"
    with open(temporary, "w", encoding="utf-8") as out:
        out.write(archive_text(event, secrets=True))  # a spare laptop keeps slips and logins
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, target / name)
    _prune(target)
    if base is None:  # the hall's folder has the event's backup again
        _failures.pop(event.slug, None)
    return target / name


def _prune(target: Path) -> None:
    rolling = sorted(p for p in target.glob("*.json") if not _NAME.match(p.name)["kind"])
    for old in rolling[:-KEEP]:
        old.unlink(missing_ok=True)


def backups_of(slug: str, base: Path | None = None) -> list[Path]:
    """Every backup of the event (in the backups folder, or ``base``), oldest first."""
    target = base / slug if base else event_folder(slug)
    if target is None or not target.is_dir():
        return []
    return sorted((p for p in target.glob("*.json") if _NAME.match(p.name)), key=_stamp)


def _stamp(path: Path) -> str:
    return _NAME.match(path.name)["stamp"]


def status(slug: str) -> Status:
    found = backups_of(slug)
    error = _failures.get(slug, "")
    if not found:
        return Status(None, None, None, error)
    newest = found[-1]
    match = _NAME.match(newest.name)
    at = datetime.strptime(match["stamp"], "%Y%m%dT%H%M%S%fZ").replace(tzinfo=UTC)
    return Status(newest, at, int(match["revision"]), error)


_failures: dict[str, str] = {}


def catch_up() -> list[Path]:
    """Back up every event changed since its newest backup (the hall's start: events loaded
    or changed from the command line are on the stick before play begins)."""
    if folder() is None:
        return []
    return [
        write_backup(event)
        for event in Event.objects.order_by("slug")
        if status(event.slug).revision != event.revision
    ]


class _Writer:
    """One background thread per process: it coalesces the requests of busy minutes into at
    most one file every ``interval`` seconds per event, the last change always written."""

    def __init__(self) -> None:
        self.due: dict[int, float] = {}
        self.kinds: dict[int, str] = {}
        self.last: dict[int, float] = {}
        self.took: dict[int, float] = {}
        self.writing = 0
        self.writing_now: set[int] = set()
        self.wake = threading.Condition()
        self.thread: threading.Thread | None = None

    def request(self, event_id: int, kind: str = "") -> None:
        interval = settings.BACKUP_SECONDS
        with self.wake:
            now = time.monotonic()
            interval = max(interval, PACE * self.took.get(event_id, 0))
            ready = now if kind else max(now, self.last.get(event_id, 0) + interval)
            self.due[event_id] = min(self.due.get(event_id, ready), ready)
            self.kinds[event_id] = kind or self.kinds.get(event_id, "")
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="backups", daemon=True)
                self.thread.start()
                atexit.register(self.flush)  # a command-line run writes before it exits
            self.wake.notify()

    def pending(self, event_id: int) -> float | None:
        """Seconds until the event's next backup is written (0 while it is being written,
        less than 0 when late), or None when none is waiting."""
        with self.wake:
            if event_id in self.writing_now:
                return 0.0
            due = self.due.get(event_id)
        return None if due is None else due - time.monotonic()

    def _run(self) -> None:
        while True:
            with self.wake:
                while not self.due:
                    self.wake.wait()
                event_id, when = min(self.due.items(), key=lambda item: item[1])
                if when > time.monotonic():
                    self.wake.wait(when - time.monotonic())
                    continue
                del self.due[event_id]
                kind = self.kinds.pop(event_id, "")
                self.last[event_id] = time.monotonic()
                self.writing += 1
                self.writing_now.add(event_id)
            began = time.monotonic()
            try:
                self._write(event_id, kind)
            finally:
                self._finished(event_id, time.monotonic() - began)

    def _finished(self, event_id: int, took: float) -> None:
        """Note a write's duration; a change requested while it was written waits ``PACE``
        times as long from now (it was paced by the previous, perhaps much smaller, write)."""
        with self.wake:
            self.writing -= 1
            self.writing_now.discard(event_id)
            self.took[event_id], self.last[event_id] = took, time.monotonic()
            if event_id in self.due and not self.kinds.get(event_id):
                pause = max(settings.BACKUP_SECONDS, PACE * took)
                self.due[event_id] = max(self.due[event_id], self.last[event_id] + pause)

    def _write(self, event_id: int, kind: str) -> None:
        event = None
        try:
            event = Event.objects.filter(pk=event_id).first()
            if event is not None:
                write_backup(event, kind=kind)
        except Exception as error:  # noqa: BLE001 - a failed backup is shown, never raised
            if event is not None:
                _failures[event.slug] = f"{type(error).__name__}: {error}"
        finally:
            connection.close()  # this thread's own connection

    def flush(self, timeout: float = 30) -> None:
        """Write what is waiting now (a command-line run about to exit)."""
        deadline = time.monotonic() + timeout
        with self.wake:
            for event_id in self.due:
                self.due[event_id] = time.monotonic()
            self.wake.notify()
        while (self.due or self.writing) and time.monotonic() < deadline:
            time.sleep(0.05)


writer = _Writer()


def pending(event_id: int) -> float | None:
    """Seconds until this process writes the event's next backup, or None (``_Writer.pending``)."""
    return writer.pending(event_id)


def request(event_id: int, *, kind: str = "") -> None:
    """Back the event up soon (``kind`` set: now, and keep that copy for good)."""
    if folder() is not None:
        writer.request(event_id, kind)


def on_backup_due(sender, *, event_id: int, kind: str = "", **kwargs) -> None:
    """A write committed (``services.audit.backup_due``, connected in ``apps.py``)."""
    request(event_id, kind=kind)
