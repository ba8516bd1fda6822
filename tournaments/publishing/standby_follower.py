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

import http.client
import json
import logging
import sys
import threading
import time
import urllib.request
from http.client import HTTPException
from urllib.parse import urlsplit

from django.db import DatabaseError, close_old_connections

from ..models import LaptopRole
from ..services import standby, standby_received

log = logging.getLogger(__name__)

WAIT = 25  # seconds the hall may hold an ask open
BACKOFF = (1, 2, 3, 5)
FOLLOWING_SWITCH = 0.0005  # seconds: Python's thread switch interval while following
HALL_SWITCH = sys.getswitchinterval()  # Python's own (5 ms), once this laptop is the hall


class KeyRefused(Exception):
    """The hall refused this standby's key (another standby paired since?)."""


def ask(
    hall: str,
    path: str,
    body: dict,
    *,
    key: str = "",
    timeout: float = WAIT + 10,
    keep: bool = False,
    sent=None,
) -> dict:
    """POST ``body`` to ``hall``'s ``path``, its JSON answer. ``keep``: on the connection kept
    from the last ask (the follower's, asking every moment), opened anew when the hall closed
    it; ``sent``: called once the ask is on its way, before its answer is waited for."""
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    data = json.dumps(body).encode()
    for again in (False, True):
        connection = _connection(hall, timeout, keep=keep and not again)
        try:
            connection.request("POST", _path(hall, path), body=data, headers=headers)
            if sent is not None:
                sent()
            answer = connection.getresponse()
            text = answer.read()
            break
        except (ConnectionError, HTTPException) as error:
            connection.close()
            if not keep or again:
                raise
            # The hall closed the kept connection (started again, or idle too long): an ask
            # only says what this laptop holds, so asking again on a new one is harmless.
            log.info("standby: asking the hall again on a new connection: %s", error)
        except BaseException:
            connection.close()
            raise
    if not keep or answer.will_close:
        connection.close()
    if answer.status == 403:
        raise KeyRefused(text[:2000].decode(errors="replace"))
    if answer.status != 200:
        raise OSError(f"the hall answered {answer.status} {answer.reason}")
    return json.loads(text)


_kept: dict[str, http.client.HTTPConnection] = {}  # the follower's connection, by hall


def _connection(hall: str, timeout: float, *, keep: bool) -> http.client.HTTPConnection:
    parts = urlsplit(hall)
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    if keep and hall in _kept and _kept[hall].sock is not None:
        _kept[hall].timeout = timeout
        _kept[hall].sock.settimeout(timeout)
        return _kept[hall]
    connection = kind(parts.hostname, parts.port, timeout=timeout)
    if keep:
        _kept[hall] = connection
    return connection


def _path(hall: str, path: str) -> str:
    return urlsplit(hall).path.rstrip("/") + path


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
    body = {
        "held": standby_received.held(),
        "wait": wait,
        "rows": True,  # a hand this laptop holds may come as its changed results only
    }
    answer = ask(
        feed_of(now.hall), "/standby/changes", body, key=now.key, keep=True, sent=_received_on_disk
    )
    if standby.role().role != LaptopRole.STANDBY:
        return 0  # taken over while the ask was open: nothing more from the old hall
    received = answer.get("changes", [])
    if received or answer.get("accounts_changed"):
        standby_received.keep(answer)
        _unapplied.set()
    return len(received)


_unapplied = threading.Event()  # a change was written to disk: the applier has work
_arrived = threading.Event()  # ... and the ask confirming it is on its way: the applier starts


def _received_on_disk() -> None:
    """Once the ask confirming what was written is sent, the applier starts on it: not
    before, so it never slows the confirmation the hall's saves wait for."""
    if _unapplied.is_set():
        _unapplied.clear()
        _arrived.set()


def _run() -> None:
    failures = 0
    while True:
        close_old_connections()
        try:
            if standby_received.taking_over():
                time.sleep(0.2)  # a takeover under way: it ends this follower, or fails
                continue
            # follow_once reads the role before it asks: read again only when nothing came.
            if not follow_once() and standby.role().role != LaptopRole.STANDBY:
                return
            failures = 0
        except (OSError, ValueError, KeyRefused, DatabaseError, HTTPException) as error:
            log.warning("standby: the hall did not answer: %s", error)
            _feeds.clear()  # a hall started again has another door
            for connection in _kept.values():
                connection.close()
            _kept.clear()
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
    # The applier's long stretches of Python would hold each confirmation back by up to
    # Python's switch interval (5 ms) at every read, write and ask of the follower, and a
    # leader's save waits for that confirmation: the standby switches every half millisecond,
    # and goes back to Python's own interval once it is the hall (``_run`` ends).
    sys.setswitchinterval(FOLLOWING_SWITCH)
    threading.Thread(target=_apply, name="standby-applier", daemon=True).start()
    thread = threading.Thread(target=_following, name="standby-follower", daemon=True)
    thread.start()
    return thread


def _following() -> None:
    try:
        _run()
    finally:
        sys.setswitchinterval(HALL_SWITCH)
