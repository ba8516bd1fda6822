"""Flags won and lost per table, hand by hand, kept under each hand's own revision.

The first standings after a save must not read all 12,500 results of a 250-table event again.
A hand's tally (flags won by each visiting pair's home table, lost by each host, as the flag
rules count them) depends only on that hand's results and the event's thresholds, and every
write to a hand's results sets the hand's revision (services/audit.py), so a tally kept under
(hand, revision, thresholds) is true for as long as anyone can ask for it. A saved hand is the
only one read again.

Readers and saves use the same tallies: a save's loans start from what each table held when its
first hand began (``held_before``), the day's earlier hands summed from theirs.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Event, Hand, Loan
from ..rules.flags import flags_won
from . import store


@dataclass(frozen=True)
class HandTally:
    """One hand's results counted: how many, and the flags each table won and lost."""

    day: int
    results: int
    won: dict[int, int]
    lost: dict[int, int]


@dataclass(frozen=True)
class Tallies:
    """Flags won and lost per day and table, for the results recorded at one revision."""

    won: dict[int, dict[int, int]]
    lost: dict[int, dict[int, int]]
    recorded: int  # results recorded
    last_hand: int  # the highest hand with a result, 0 before play starts
    per_hand: dict[int, int]  # results recorded in each hand

    def recorded_up_to(self, hand: int) -> int:
        """Results recorded in hands 1 to ``hand``."""
        return sum(n for number, n in self.per_hand.items() if number <= hand)

    def net_by_day(self, tables: int, flags_per_table: int) -> dict[int, dict[int, int]]:
        """Net flags per begun day per table, as ``rules.flags.net_flags_by_day`` gives them."""
        return {
            day: {
                t: flags_per_table + self.won[day].get(t, 0) - self.lost[day].get(t, 0)
                for t in range(1, tables + 1)
            }
            for day in sorted(self.won)
        }


def tallies(event: Event) -> Tallies:
    """Every hand's tally, summed per day (two queries, or three when a hand changed)."""
    return summed(hand_tallies(event, Hand.objects.filter(event=event)))


def tallies_of(events: list[Event]) -> dict[int, Tallies]:
    """``tallies`` of many events (a season's) by event id, in the same two or three queries."""
    by_event: dict[int, dict[int, HandTally]] = {e.pk: {} for e in events}
    for (event_id, number), tally in _tallies(
        events, Hand.objects.filter(event__in=events)
    ).items():
        by_event[event_id][number] = tally
    return {event_id: summed(hands) for event_id, hands in by_event.items()}


def summed(hands: dict[int, HandTally]) -> Tallies:
    """Hands' tallies (by number) summed per day."""
    won: dict[int, dict[int, int]] = {}
    lost: dict[int, dict[int, int]] = {}
    results: dict[int, int] = {}
    for tally in hands.values():
        results[tally.day] = results.get(tally.day, 0) + tally.results
        _add(won.setdefault(tally.day, {}), tally.won, 1)
        _add(lost.setdefault(tally.day, {}), tally.lost, 1)
    begun = [day for day in sorted(results) if results[day]]
    return Tallies(
        won={day: won[day] for day in begun},
        lost={day: lost[day] for day in begun},
        recorded=sum(results.values()),
        last_hand=max((n for n, t in hands.items() if t.results), default=0),
        per_hand={n: t.results for n, t in hands.items()},
    )


def held_before(event: Event, day: int, hand: int) -> dict[int, int]:
    """Flags on each table when ``hand`` of ``day`` began: the day's start, plus what its pair
    won, less what its hosts lost, plus what the leader loaned it in the day's earlier hands.
    A save calls it under the event's lock, before it writes."""
    held = dict.fromkeys(range(1, event.tables + 1), event.flags_per_table)
    earlier = Hand.objects.filter(event=event, day=day, number__lt=hand)
    for tally in hand_tallies(event, earlier).values():
        _add(held, tally.won, 1)
        _add(held, tally.lost, -1)
    loans = Loan.objects.filter(event=event, day=day, hand__lt=hand).order_by()
    for table, flags in loans.values_list("table", "flags"):
        held[table] += flags
    return held


def hand_tallies(event: Event, hands) -> dict[int, HandTally]:
    """The tally of each of ``hands`` (a query of the event's hands) by number: kept ones as
    they are, the others counted from their results in one statement."""
    return {number: tally for (_, number), tally in _tallies([event], hands).items()}


def _tallies(events: list[Event], hands) -> dict[tuple[int, int], HandTally]:
    """The tally of each of ``hands`` (a query of hands of ``events``) by (event id, number)."""
    by_id = {e.pk: e for e in events}
    known = {
        (event_id, number): (pk, _key(by_id[event_id], number, revision))
        for pk, event_id, number, revision in hands.order_by().values_list(
            "pk", "event_id", "number", "revision"
        )
    }
    found = store.facts([key for _, key in known.values()])
    missing = [pk for pk, key in known.values() if key not in found]
    tallied = {n: found[key] for n, (_, key) in known.items() if key in found}
    if missing:
        counted = _count(by_id, missing)
        tallied |= {n: tally for n, (_, tally) in counted.items()}
        store.keep_facts({key: tally for key, tally in counted.values()})
    return tallied


def _count(
    events: dict[int, Event], hand_ids: list[int]
) -> dict[tuple[int, int], tuple[str, HandTally]]:
    """Each hand's tally from its results, with the hand's revision read in the same statement
    (so a tally is never kept under a revision its results do not belong to)."""
    rows = (
        Hand.objects.filter(pk__in=hand_ids)
        .order_by()
        .values_list(
            "event_id",
            "number",
            "day",
            "revision",
            "results__host_table",
            "results__visitor_table",
            "results__visitor_tricks",
        )
    )
    read: dict[tuple[int, int], tuple[str, int, list[int], dict[int, int], dict[int, int]]] = {}
    for event_id, number, day, revision, host, visitor, tricks in rows:
        event = events[event_id]
        hand = (event_id, number)
        if hand not in read:
            read[hand] = (_key(event, number, revision), day, [0], {}, {})
        if host is None:  # a hand with no result yet
            continue
        _, _, results, won, lost = read[hand]
        results[0] += 1
        if flags := flags_won(tricks, event.flag_settings):
            won[visitor] = won.get(visitor, 0) + flags
            lost[host] = lost.get(host, 0) + flags
    return {
        hand: (key, HandTally(day, results[0], won, lost))
        for hand, (key, day, results, won, lost) in read.items()
    }


def _add(into: dict[int, int], part: dict[int, int], sign: int) -> None:
    for table, flags in part.items():
        into[table] = into.get(table, 0) + sign * flags


def _key(event: Event, number: int, revision: int) -> str:
    settings = event.flag_settings
    event_id = store.identity(event.pk, event.created_at)
    thresholds = f"{settings.one_flag_at}:{settings.two_flags_at}"
    return f"whist:{event_id}:hand:{number}:{revision}:{thresholds}"
