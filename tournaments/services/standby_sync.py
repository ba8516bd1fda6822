"""The hall's side of following, in this process's memory: which revision of each event the
standby confirmed, when it last asked, and the waits that hang on them.

A save's answer, once its write commits (``audit.bump_revision``) and before it goes
(``whistdirector/standby_doors.py``), waits here until the standby confirms the save's
revision (a second, three while the standby confirms other saves meanwhile), and only while
a standby answers (it asked within ``ANSWERING``): no acknowledged save lives only on the
hall. A phone's entry is the exception (``journaled``): the phone keeps it in its journal
until its day closes and sends it again to a hall that lacks it, so its answer goes at once,
and the round that carries it waits up to ``GATHER`` for more of them unless some answer
waits on it: a burst of tables' saves costs the hall a few rounds, not one each. The
standby's long poll (``views/standby.py``) waits here for the next commit. The hall is one
process, so memory is the place; a write of another process (a command) is seen by the
poll's own look at the revisions every half second.
"""

from __future__ import annotations

import threading
import time

ACK_WAIT = 1.0  # seconds a save's answer waits for a standby that confirms nothing
ACK_LONGEST = 3.0  # seconds it waits at most for a standby that confirms other saves meanwhile
ANSWERING = 5.0  # seconds since the standby's last poll for it to count as answering
GATHER = 0.25  # seconds a round waits for more phones' saves while no answer waits on it

FEED: dict = {"port": None}  # the port the standby asks through (``two_laptops.start_feed``)
_changed = threading.Condition()
_mine = threading.local()  # this request's commits, for its answer to wait on
_confirmed: dict[str, int] = {}  # event slug -> the hall's revision the standby holds
# slug -> (revision, when, whether an answer waits on it), for those not confirmed yet
_committed: dict[str, list[tuple[int, float, bool]]] = {}
_state = {"seen": 0.0, "polls": 0, "lag": None, "lost_at": None, "progressed": 0.0}
_commits = [0]  # how many writes committed in this process: the poll waits only if none since


def committed(slug: str, revision: int) -> None:
    """A write of ``slug`` committed at ``revision`` (run once it commits): wake the poll;
    the request's answer waits for the standby (``settle``)."""
    with _changed:
        if answering():
            awaited = not getattr(_mine, "journaled", False)
            _committed.setdefault(slug, []).append((revision, time.monotonic(), awaited))
            if awaited:
                _mine.pending = [*getattr(_mine, "pending", []), (slug, revision)]
        _commits[0] += 1
        _changed.notify_all()


def settle() -> None:
    """Before a write's answer goes: wait until the standby holds what this request wrote,
    at most ``ACK_WAIT``, while it answers (after the write's lock is let go, so other saves
    go on meanwhile)."""
    pending, _mine.pending, _mine.journaled = getattr(_mine, "pending", []), [], False
    if not pending:
        return
    began = time.monotonic()
    with _changed:
        while answering() and any(_confirmed.get(s, 0) < r for s, r in pending):
            # A standby that confirms saves as they come (a busy hall) is waited for up to
            # ACK_LONGEST; one that confirmed nothing for ACK_WAIT is not answering.
            progress = max(began, _state["progressed"])
            left = min(progress + ACK_WAIT, began + ACK_LONGEST) - time.monotonic()
            if left <= 0:  # not confirmed in time: the next saves do not wait for it
                _state["lost_at"] = time.monotonic()
                break
            _changed.wait(left)


def begin() -> None:
    _mine.pending, _mine.journaled = [], False


def journaled() -> None:
    """This request is a phone's entry: its phone keeps it in its journal and sends it again
    to a hall that lacks it (``table_entry.js``), so its answer does not wait for the standby.
    Said before the write."""
    _mine.journaled = True


def gather() -> None:
    """Before a round is read: while no save's answer waits on the standby, wait for more
    phones' saves until the oldest one not yet confirmed is ``GATHER`` old."""
    with _changed:
        while True:
            waiting = [entry for entries in _committed.values() for entry in entries]
            if not waiting or any(awaited for _rev, _when, awaited in waiting):
                return
            left = min(when for _rev, when, _awaited in waiting) + GATHER - time.monotonic()
            if left <= 0:
                return
            _changed.wait(left)


def asked(held: dict[str, int]) -> None:
    """The standby asks again, holding ``held``: what it holds is confirmed."""
    now = time.monotonic()
    with _changed:
        _state["seen"], _state["lost_at"] = now, None
        for slug, revision in held.items():
            if revision > _confirmed.get(slug, 0):
                _state["progressed"] = now
            _confirmed[slug] = revision
            waiting = _committed.get(slug, [])
            done = [entry[1] for entry in waiting if entry[0] <= revision]
            if done:
                _state["lag"] = now - min(done)
            _committed[slug] = [entry for entry in waiting if entry[0] > revision]
        _changed.notify_all()


def polling(started: bool) -> None:
    with _changed:
        _state["polls"] += 1 if started else -1
        _state["seen"] = time.monotonic()


def commits() -> int:
    """The count of writes committed here so far, read before the poll looks at the revisions."""
    return _commits[0]


def wait_for_change(seconds: float, seen: int | None = None) -> None:
    """Wait for the next commit, at most ``seconds``; none when one committed since ``seen``
    (``commits``), so a save committed while the poll looked is never waited past."""
    with _changed:
        if seen is None or _commits[0] == seen:
            _changed.wait(seconds)


def answering() -> bool:
    if _state["lost_at"] is not None:
        return False
    return _state["polls"] > 0 or time.monotonic() - _state["seen"] < ANSWERING


def status() -> dict:
    """For the leader: answering, seconds behind (the oldest unconfirmed save's age, else the
    last confirmation's delay), and seconds since it last asked."""
    now = time.monotonic()
    with _changed:
        waiting = [entry[1] for entries in _committed.values() for entry in entries]
        behind = now - min(waiting) if waiting else _state["lag"]
        return {
            "answering": answering(),
            "behind": behind,
            "seen": None if not _state["seen"] else now - _state["seen"],
        }


def forget() -> None:
    """For the tests: no standby has asked yet."""
    with _changed:
        _confirmed.clear()
        _committed.clear()
        _state.update(seen=0.0, polls=0, lag=None, lost_at=None, progressed=0.0)
