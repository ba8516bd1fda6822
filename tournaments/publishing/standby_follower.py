"""The standby's follower: a thread that asks the hall for every change of every event in play
and applies each, in order, once, with the event's secrets (``services.standby_follow``).

The ask is a long poll (``views/standby.py``): it carries the hall's revision of each event
the standby holds, which is also the standby's confirmation of them, and the hall answers as
soon as an event moves past it. A hall that does not answer is asked again after 1, 2, 3,
then every 5 seconds, so a standby that was away catches up by itself. It stops once this
laptop is no longer a standby (a takeover, by the button or the command).
"""

from __future__ import annotations

import json
import logging
import threading
import time
import urllib.error
import urllib.request
from http.client import HTTPException

from django.db import DatabaseError, close_old_connections

from ..models import LaptopRole
from ..rules.errors import RulesError
from ..services import standby, standby_follow

log = logging.getLogger(__name__)

WAIT = 25  # seconds the hall may hold an ask open
BACKOFF = (1, 2, 3, 5)


class KeyRefused(Exception):
    """The hall refused this standby's key (another standby paired since?)."""


def ask(hall: str, path: str, body: dict, *, key: str = "", timeout: float = WAIT + 10) -> dict:
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(  # noqa: S310 - the hall's http(s) address
        hall.rstrip("/") + path, data=json.dumps(body).encode(), method="POST", headers=headers
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310
            return json.loads(answer.read())
    except urllib.error.HTTPError as answer:
        if answer.code == 403:
            raise KeyRefused(answer.read(2000).decode(errors="replace")) from None
        raise


def pair(hall: str, code: str, *, name: str, origin: str) -> str:
    """The standby's key for the leader's pairing ``code``; this laptop follows ``hall``."""
    answer = ask(hall, "/standby/pair", {"code": code, "name": name, "origin": origin}, timeout=15)
    standby.become_standby(hall=hall.rstrip("/"), key=answer["key"])
    return answer["key"]


_feeds: dict[str, str] = {}  # the hall's address -> the door it names for its standby


def feed_of(hall: str) -> str:
    """Where to ask ``hall`` for its changes: the door its ``/standby.json`` names, or itself."""
    if hall not in _feeds:
        with urllib.request.urlopen(hall.rstrip("/") + "/standby.json", timeout=10) as answer:  # noqa: S310
            _feeds[hall] = json.loads(answer.read(10_000)).get("feed") or hall
    return _feeds[hall]


def follow_once(*, wait: float = WAIT) -> int:
    """One ask and what it brought applied; the number of changes applied."""
    now = standby.role()
    if now.role != LaptopRole.STANDBY:
        return 0
    answer = ask(
        feed_of(now.hall),
        "/standby/changes",
        {
            "held": standby_follow.held(),
            "entries_since": standby_follow.entries_since(),
            "wait": wait,
        },
        key=now.key,
    )
    if standby.role().role != LaptopRole.STANDBY:
        return 0  # taken over while the ask was open: nothing more from the old hall
    standby_follow.accounts(answer.get("accounts", []))
    applied = 0
    for item in answer.get("changes", []):
        try:
            standby_follow.follow(item["change"], item.get("secrets", {}))
            applied += 1
        except (RulesError, KeyError, TypeError, ValueError) as error:
            log.warning(
                "standby: a change of %s refused: %s", item.get("change", {}).get("event"), error
            )
    return applied


def _run() -> None:
    failures = 0
    while True:
        close_old_connections()
        try:
            if standby.role().role != LaptopRole.STANDBY:
                return
            follow_once()
            failures = 0
        except (OSError, ValueError, KeyRefused, DatabaseError, HTTPException) as error:
            log.warning("standby: the hall did not answer: %s", error)
            _feeds.clear()  # a hall started again has another door
            time.sleep(BACKOFF[min(failures, len(BACKOFF) - 1)])
            failures += 1


def start() -> threading.Thread:
    thread = threading.Thread(target=_run, name="standby-follower", daemon=True)
    thread.start()
    return thread
