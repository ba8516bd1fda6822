"""The standby's follower: a thread that asks the hall for every change of every event in play
and writes each answer to disk as it comes (``services.standby_received``), and a second one
that applies them, in order, once, with the events' secrets (``services.standby_follow``).

The ask is a long poll (``views/standby.py``): it carries the hall's revision of each event
the standby holds or has on disk, which is also the standby's confirmation of them, and the
hall answers as soon as an event moves past it. The next ask goes as soon as an answer is on
disk, before it is applied, so the hall's saves wait for a write to disk, not for the apply.
A hall that does not answer is asked again after 1, 2, 3, then every 5 seconds, so a standby
that was away catches up by itself. It stops once this laptop is no longer a standby (a
takeover, by the button or the command).
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
from ..services import standby, standby_follow, standby_received

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
    standby_received.forget()  # nothing of a hall followed before, no takeover's mark
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
    """One ask, its answer written to disk (``standby_received.keep``) for the applier; the
    number of changes received. The next ask confirms them: the hall answers the saves they
    carry without waiting for them to be applied."""
    if standby_received.taking_over():
        return 0  # a takeover reads the received answers: nothing more is confirmed
    now = standby.role()
    if now.role != LaptopRole.STANDBY:
        return 0
    answer = ask(
        feed_of(now.hall),
        "/standby/changes",
        {
            "held": standby_received.held(),
            "entries_since": standby_follow.entries_since(),
            "wait": wait,
        },
        key=now.key,
    )
    if standby.role().role != LaptopRole.STANDBY:
        return 0  # taken over while the ask was open: nothing more from the old hall
    received = answer.get("changes", [])
    if received:
        standby_received.keep(answer)
        _arrived.set()
    return len(received)


_arrived = threading.Event()  # a change was written to disk: the applier has work


def _run() -> None:
    failures = 0
    while True:
        close_old_connections()
        try:
            if standby.role().role != LaptopRole.STANDBY:
                return
            if standby_received.taking_over():
                time.sleep(0.2)  # a takeover under way: it ends this follower, or fails
                continue
            follow_once()
            failures = 0
        except (OSError, ValueError, KeyRefused, DatabaseError, HTTPException) as error:
            log.warning("standby: the hall did not answer: %s", error)
            _feeds.clear()  # a hall started again has another door
            time.sleep(BACKOFF[min(failures, len(BACKOFF) - 1)])
            failures += 1


def _apply() -> None:
    """Apply what was received as it comes (and what an earlier run left unapplied)."""
    while True:
        _arrived.wait(1.0)
        _arrived.clear()
        close_old_connections()
        try:
            if standby.role().role != LaptopRole.STANDBY:
                return
            standby_received.apply()
        except (OSError, ValueError, KeyError, TypeError, DatabaseError) as error:
            log.warning("standby: what the hall sent is not applied yet: %s", error)
            time.sleep(1)


def start() -> threading.Thread:
    threading.Thread(target=_apply, name="standby-applier", daemon=True).start()
    thread = threading.Thread(target=_run, name="standby-follower", daemon=True)
    thread.start()
    return thread
