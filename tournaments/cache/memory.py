"""What this process keeps of derived values in its own memory, and which it is building now.

Phones ask for the same pages hundreds of times a second, so ``store`` keeps each value in this
process's memory as well as in Django's cache. Memory keeps, per event and scope, the values of
the newest revision this process has seen, and those of the one before (served while the new
one's are built: ``store.value_or_previous``), so old values never pile up here.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

EVENTS = 64  # a province's season of 49 events, its season and club pages
VALUES_PER_REVISION = 5000  # every table's page in two languages and encodings, and the rest
MISSING = object()

# Per event and scope, the values of its newest revision this process has seen.
_memory: dict[str, dict[str, tuple[int, dict]]] = {}
_lock = threading.Lock()
_builds: dict[str, threading.RLock] = {}  # per value's key, held while this process builds it


def values_at(event_id: str, scope: str, revision: int) -> dict:
    """The values kept in memory for ``revision`` (a throwaway dict if a newer one is kept)."""
    with _lock:
        scopes = _memory.get(event_id)
        if scopes is None:
            if len(_memory) >= EVENTS:
                _memory.pop(next(iter(_memory)))
            scopes = _memory[event_id] = {}
        kept = scopes.get(scope)
        if kept is None or kept[0] < revision:
            if kept is not None:  # served while the newer one's values are built
                scopes[f"{scope}:previous"] = kept
            kept = scopes[scope] = (revision, {})
        return kept[1] if kept[0] == revision else {}


def remember(values: dict, name: str, found) -> None:
    if len(values) < VALUES_PER_REVISION:
        values[name] = found


def previous(event_id: str, scope: str, name: str):
    """The value ``name`` this process kept at the revision before its newest, or MISSING."""
    with _lock:
        before = _memory.get(event_id, {}).get(f"{scope}:previous")
    return before[1].get(name, MISSING) if before else MISSING


def building_here(key: str) -> bool:
    """Whether a thread of this process is building the value of ``key`` now."""
    with _lock:
        return key in _builds


@contextmanager
def building(key: str):
    """Held while this thread builds the value of ``key``: other threads wait for it."""
    with _lock:
        lock = _builds.setdefault(key, threading.RLock())
    try:
        with lock:
            yield
    finally:
        with _lock:
            _builds.pop(key, None)  # waiters still hold it; later readers find the value


def clear() -> None:
    with _lock:
        _memory.clear()
