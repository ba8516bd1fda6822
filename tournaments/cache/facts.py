"""Facts kept in memory and in Django's cache: values true under their key for as long as anyone
can ask, because the key names the revision they were read at (a hand's tally, its rows, its
archived records, under the hand's own revision)."""

from __future__ import annotations

import threading
from collections import OrderedDict

from django.core.cache import cache
from django.db import transaction

KEEP_SECONDS = 3600  # how long Django's cache keeps one (a newer revision's replaces it)
_lock = threading.Lock()

# Values true under their key for as long as anyone can ask (a hand's tally under the hand's
# own revision): this process's most recent, newest last.
_facts: OrderedDict[str, object] = OrderedDict()
_MOST_FACTS = 4000  # a hall event's 50 hands, and a province's events


def recall(keys: list[str]) -> dict[str, object]:
    """The facts kept under ``keys``: from memory, else from Django's cache."""
    with _lock:
        found = {key: _facts[key] for key in keys if key in _facts}
    if missing := [key for key in keys if key not in found]:
        shared = cache.get_many(missing)
        found |= shared
        _remember_facts(shared)
    return found


def keep(found: dict[str, object]) -> None:
    """Keep facts read in a transaction once it commits (at once outside one)."""

    def keep_them() -> None:
        cache.set_many(found, KEEP_SECONDS)
        _remember_facts(found)

    transaction.on_commit(keep_them)


def _remember_facts(found: dict[str, object]) -> None:
    with _lock:
        _facts.update(found)
        while len(_facts) > _MOST_FACTS:
            _facts.popitem(last=False)


def forget_all() -> None:
    """Forget what this process keeps in memory (a test starts with nothing kept)."""
    with _lock:
        _facts.clear()
