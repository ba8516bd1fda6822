"""One practice table per deal: the session keeps a separate entry for every deal a browser has
open, so two tabs on two deals never share one.

Every request names its game and deal (the deal number and the options that change the cards
or the computer: trump, level, pack, players) and says how many moves the tab has seen
(``after``). The entry holds only the seed, the options and the moves made; a move from a tab
that has not seen the latest moves (the deal went on, or was dealt again, in another tab) is
refused, and the tab is shown where the deal stands.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module

from django.conf import settings
from django.http import JsonResponse
from django.utils.translation import gettext as _

SESSION_KEY = "practice_tables"
KEPT = 24  # deals a browser keeps at once; the one touched longest ago goes first
MAX_SEED = 999_999
# Two requests of one browser (two tabs) read, change and write the session one at a time.
_LOCKS = [threading.Lock() for _ in range(64)]


def deal_seed(text: object) -> int | None:
    """The deal number typed (digits 0-9 only, not '²' or '٣'), from 1 to ``MAX_SEED``, or None."""
    text = str(text if text is not None else "").strip()
    if text.isascii() and text.isdigit() and len(text) <= 6 and 0 < int(text) <= MAX_SEED:
        return int(text)
    return None


def fresh_seed() -> int:
    return secrets.randbelow(MAX_SEED) + 1


class Refused(Exception):
    """A request for a deal this browser cannot play now, with the words and status to answer."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status

    def response(self, state: dict | None = None) -> JsonResponse:
        return JsonResponse({"error": self.message, **(state or {})}, status=self.status)


def body(request) -> dict:
    """A request's JSON body as a dict (empty if it is not one)."""
    try:
        found = json.loads(request.body or b"{}")
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def table_key(game: str, params, options: dict) -> str:
    """``"whist:1234:H:strong"``: the game, the deal and its options, in a fixed order."""
    seed = deal_seed(params.get("deal"))
    if seed is None:
        raise Refused(_("Give a deal number from 1 to %(most)s.") % {"most": MAX_SEED}, 400)
    return ":".join([game, str(seed), *(str(options[name]) for name in sorted(options))])


def no_table() -> Refused:
    return Refused(
        _("This deal is not in play in this browser: open its address again to deal it."), 404
    )


def check_seen(params, made: int) -> None:
    """Refuse a move from a tab that has not seen the deal's latest moves."""
    seen = params.get("after")
    if seen is None:
        return
    if str(seen) != str(made):
        raise Refused(
            _(
                "This deal went on in another tab or window: the table now shows where it "
                "stands. Play on from here."
            ),
            409,
        )


@contextmanager
def tables(request) -> Iterator[dict]:
    """The browser's deals, read afresh and written back under a lock, so that two tabs'
    requests at the same moment cannot write over each other's deal."""
    key = request.session.session_key
    if key is None:  # a browser's first deal: no other request can share its session yet
        held = dict(request.session.get(SESSION_KEY, {}))
        yield held
        request.session[SESSION_KEY] = _trimmed(held)
        return
    with _LOCKS[hash(key) % len(_LOCKS)]:
        store = import_module(settings.SESSION_ENGINE).SessionStore(key)
        before = store.get(SESSION_KEY, {})
        held = dict(before)
        yield held
        if held != before:
            store[SESSION_KEY] = _trimmed(held)
            store.save()
            if store.session_key != key:  # the session had expired: the browser needs the new key
                request.session = store


def touch(held: dict, key: str, stored: dict) -> None:
    """Keep ``stored`` as the deal ``key``, the most recently touched."""
    held.pop(key, None)
    held[key] = stored


def _trimmed(held: dict) -> dict:
    return dict(list(held.items())[-KEPT:])
