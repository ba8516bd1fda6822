"""The scripts' words (Django's JavaScript catalog) as written for each language: they change
only with a new installation, as Django's own translations, which are read once too."""

from __future__ import annotations

import threading
from collections.abc import Callable

_written: dict[str, tuple[bytes, str]] = {}
_lock = threading.Lock()


def scripts_words(language: str, write: Callable[[], tuple[bytes, str]]) -> tuple[bytes, str]:
    """The catalog's body and content type for ``language``, written by ``write()`` the first
    time it is asked for."""
    with _lock:
        kept = _written.get(language)
    if kept is None:
        kept = write()
        with _lock:
            _written[language] = kept
    return kept
