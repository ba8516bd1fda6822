"""The hall's current hand: the hand every table plays now, and what it waits for.

The hall plays one hand at a time. Its current hand is the first hand of the rotation (up to
the last hand to play) that is neither complete (a result at every host table) nor in a closed
day or session; every hand before it is done, so public pages say "after hand N" with N the
hand before it. A result entered ahead (a hand later than the current one) never moves that
count: only completing the current hand does. A table's phone enters the current hand only
(or fixes its own last entry), so no sequence of table entries can run ahead of the hall.

A day ends in the hall, not on the screen: once the last hand of day N is complete and day N
is not closed, the hall is at the end of day N. It has no current hand (day N + 1 waits for the
count and the close), the screens tell the players to leave their flags for the verifiers, and
no phone enters a hand of day N + 1. Once every hand of the event is in (whatever was closed),
every hand is played; the final standings follow the count of the last day, until it is closed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol


class HandPlace(Protocol):
    """Where a hand sits in the event: its number, day and session."""

    number: int
    day: int
    session: int


@dataclass(frozen=True)
class HandNow:
    """The hall's place in the event.

    ``current`` is the hand the hall plays now (None once every hand is done); ``complete``
    the hands done before it (the public "after hand N"); ``waiting`` the host tables of the
    current hand with no result and no entry waiting for the leader; ``pending`` those whose
    table entry waits for the leader's acceptance.
    """

    current: int | None
    complete: int
    waiting: tuple[int, ...] = ()
    pending: tuple[int, ...] = ()
    # The day whose hands are all in and which is not closed yet (its flags wait for the
    # verifiers); None while a hand is played, or once the last played day is closed.
    day_over: int | None = None
    # Every hand up to the event's last is in (closed or not).
    all_played: bool = False


def is_closed(place: HandPlace, closed: Collection[tuple[int, int]]) -> bool:
    """True when the hand's day (session 0) or its own session is closed."""
    return (place.day, 0) in closed or (place.day, place.session) in closed


def current_hand(
    hands: Sequence[HandPlace],
    entered: Mapping[int, int],
    tables: int,
    last_hand: int,
    closed: Iterable[tuple[int, int]] = (),
) -> int | None:
    """The first hand up to ``last_hand`` with fewer than ``tables`` results (``entered``
    counts results per hand number) that is not in a closed part; None when there is none."""
    shut = set(closed)
    for place in hands:
        if place.number > last_hand:
            break
        if entered.get(place.number, 0) < tables and not is_closed(place, shut):
            return place.number
    return None


def hand_now_from(
    hands: Sequence[HandPlace],
    entered: Mapping[int, int],
    tables: int,
    last_hand: int,
    closed: Iterable[tuple[int, int]] = (),
    hosts_in: Collection[int] = (),
    hosts_pending: Collection[int] = (),
) -> HandNow:
    """The hall's hand, and which host tables of it are not in: ``hosts_in`` are the host
    tables with a result in the current hand, ``hosts_pending`` those with an entry waiting
    for the leader (both read for the hand ``current_hand`` gives)."""
    shut = set(closed)
    current = current_hand(hands, entered, tables, last_hand, shut)
    played = [place for place in hands if place.number <= last_hand]
    if current is None:  # every hand is in (a day left open waits for its count)
        last = played[-1] if played else None
        over = last.day if last is not None and not is_closed(last, shut) else None
        return HandNow(None, min(last_hand, len(hands)), day_over=over, all_played=True)
    for before, after in zip(played, played[1:], strict=False):
        if after.number > current:
            break
        if after.day != before.day and not is_closed(before, shut):
            return HandNow(None, before.number, day_over=before.day)
    pending = tuple(sorted(set(hosts_pending) - set(hosts_in)))
    waiting = tuple(t for t in range(1, tables + 1) if t not in hosts_in and t not in pending)
    return HandNow(current, current - 1, waiting, pending)


def may_enter(
    hand: int,
    current: int | None,
    entered_here: bool,
    last_entry: int | None,
    day_over: int | None = None,
) -> tuple[bool, str]:
    """May a table's phone write ``hand``? It enters the hall's current hand (once; after
    that it fixes it), or fixes its own last entry. ``entered_here`` says whether the table
    already has a result or waiting entry in ``hand``; ``last_entry`` is its latest hand.

    Returns (allowed, why): why is "" when allowed, else "ahead" (a hand the hall has not
    reached), "over" (a hand already behind the hall, not its last entry), "day" (the hall is
    at the end of day ``day_over``, whose close the next day's hands wait for) or "done"
    (every hand is played)."""
    if entered_here and hand == last_entry:
        return True, ""
    if current is None:
        return False, "done" if day_over is None else "day"
    if hand == current:
        return True, ""
    return False, "ahead" if hand > current else "over"


def same_shift(moves: Mapping[int, int], tables: int) -> int | None:
    """The number of tables every travelling pair moves up the circle (home t visits
    t + k, counted round from the last table to the first), or None when the pairs move
    differently."""
    if not moves or tables < 2:
        return None
    shift = (moves[1] - 1) % tables
    if shift == 0:
        return None
    for home, host in moves.items():
        if (home - 1 + shift) % tables + 1 != host:
            return None
    return shift
