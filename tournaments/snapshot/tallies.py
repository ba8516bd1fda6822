"""Flags won and lost per table, hand by hand, kept under each hand's own revision.

The first standings after a save must not read all 12,500 results of a 250-table event again.
A hand's tally (flags won by each visiting pair's home table, lost by each host, as the flag
rules count them) depends only on that hand's results and the event's thresholds, and every
write to a hand's results sets the hand's revision (services/audit.py), so a tally kept under
(hand, revision, thresholds) is true for as long as anyone can ask for it. A saved hand is the
only one read again. A tally also keeps the hand's results, from which each table's page takes
its own (``kept_hands``): after a save, a full hall's table pages read nothing more.

Readers and saves use the same tallies: a save's loans start from what each table held when its
first hand began (``held_before``), the day's earlier hands summed from theirs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..cache import facts, store
from ..models import Event, Hand, Loan
from ..rules.flags import flags_won, nets_added
from ..rules.types import Result


@dataclass(frozen=True)
class HandTally:
    """One hand's results counted: how many, and each table's flags won less flags lost
    (``net[t - 1]`` for table t: a row of numbers sums a day's hands at C speed)."""

    day: int
    results: int
    net: tuple[int, ...]
    revision: int  # the hand's revision these results are of
    number: int
    played: tuple[tuple[int, int, int], ...]  # (host table, visitor table, tricks), by host

    @cached_property
    def by_table(self) -> dict[int, tuple[Result, ...]]:
        """Each table's results (as host, then as visitor's home), so a table's page reads its
        own results from the kept hands, not all 12,500 again after a save; worked out on first
        use (standings never need them)."""
        found: dict[int, list[Result]] = {}
        for host, visitor, tricks in self.played:
            result = Result(self.number, self.day, host, visitor, tricks)
            found.setdefault(host, []).append(result)
            found.setdefault(visitor, []).append(result)
        return {table: tuple(results) for table, results in found.items()}


@dataclass(frozen=True)
class Tallies:
    """Each table's flags won less lost per begun day, for the results at one revision."""

    net: dict[int, tuple[int, ...]]  # per begun day, table t at index t - 1
    recorded: int  # results recorded
    last_hand: int  # the highest hand with a result, 0 before play starts
    per_hand: dict[int, int]  # results recorded in each hand
    revisions: dict[int, int]  # each hand's revision (what is kept of a hand is kept under it)

    def recorded_up_to(self, hand: int) -> int:
        """Results recorded in hands 1 to ``hand``."""
        return sum(n for number, n in self.per_hand.items() if number <= hand)

    def net_by_day(self, tables: int, flags_per_table: int) -> dict[int, dict[int, int]]:
        """Net flags per begun day per table, as ``rules.flags.net_flags_by_day`` gives them."""
        return {
            day: {t: flags_per_table + moved for t, moved in enumerate(self.net[day], 1)}
            for day in sorted(self.net)
        }


def tallies(event: Event) -> Tallies:
    """Every hand's tally, summed per day (two queries, or three when a hand changed)."""
    return summed(hand_tallies(event, Hand.objects.filter(event=event)), event.tables)


def tallies_of(events: list[Event]) -> dict[int, Tallies]:
    """``tallies`` of many events (a season's) by event id, in the same two or three queries."""
    by_event: dict[int, dict[int, HandTally]] = {e.pk: {} for e in events}
    for (event_id, number), tally in _tallies(
        events, Hand.objects.filter(event__in=events)
    ).items():
        by_event[event_id][number] = tally
    return {e.pk: summed(by_event[e.pk], e.tables) for e in events}


def summed(hands: dict[int, HandTally], tables: int) -> Tallies:
    """Hands' tallies (by number) summed per day."""
    by_day: dict[int, list[HandTally]] = {}
    for tally in hands.values():
        by_day.setdefault(tally.day, []).append(tally)
    begun = {day: kept for day, kept in by_day.items() if any(t.results for t in kept)}
    return Tallies(
        net={day: nets_added((t.net for t in kept), tables) for day, kept in sorted(begun.items())},
        recorded=sum(t.results for t in hands.values()),
        last_hand=max((n for n, t in hands.items() if t.results), default=0),
        per_hand={n: t.results for n, t in hands.items()},
        revisions={n: t.revision for n, t in hands.items()},
    )


def held_before(event: Event, day: int, hand: int) -> dict[int, int]:
    """Flags on each table when ``hand`` of ``day`` began: the day's start, plus what its pair
    won, less what its hosts lost, plus what the leader loaned it in the day's earlier hands.
    A save calls it under the event's lock, as it rewrites the loans from that hand on."""
    earlier = hand_tallies(event, Hand.objects.filter(event=event, day=day, number__lt=hand))
    moved = nets_added((t.net for t in earlier.values()), event.tables)
    held = {t: event.flags_per_table + flags for t, flags in enumerate(moved, 1)}
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
    keys = {hand: key for hand, (_, key) in known.items()}
    return _recalled(by_id, keys, lambda missing: [known[hand][0] for hand in missing])


def _recalled(events: dict[int, Event], keys: dict[tuple[int, int], str], ids_of) -> dict:
    """The tallies kept under ``keys`` (by event id and number); those forgotten are counted
    again from the hands ``ids_of(missing)`` names (their ids, or a query of them), and kept."""
    found = facts.recall(list(keys.values()))
    tallied = {hand: found[key] for hand, key in keys.items() if key in found}
    if missing := [hand for hand in keys if hand not in tallied]:
        counted = _count(events, ids_of(missing))
        tallied |= {hand: tally for hand, (_, tally) in counted.items()}
        facts.keep(dict(counted.values()))
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
    # key, day, revision, [results, net of each table], (host, visitor, tricks) of each result
    read: dict[tuple[int, int], tuple[str, int, int, list[int], list[tuple]]] = {}
    for event_id, number, day, revision, host, visitor, tricks in rows:
        event = events[event_id]
        hand = (event_id, number)
        if hand not in read:
            key = _key(event, number, revision)
            read[hand] = (key, day, revision, [0] * (event.tables + 1), [])
        if host is None:  # a hand with no result yet
            continue
        counts = read[hand][3]
        counts[0] += 1
        read[hand][4].append((host, visitor, tricks))
        if flags := flags_won(tricks, event.flag_settings):
            counts[visitor] += flags
            counts[host] -= flags
    return {
        hand: (
            key,
            HandTally(day, counts[0], tuple(counts[1:]), revision, hand[1], tuple(sorted(played))),
        )
        for hand, (key, day, revision, counts, played) in read.items()
    }


def kept_hands(event: Event, flags: Tallies) -> dict[int, HandTally]:
    """Each hand's tally at the revisions ``flags`` were summed at, by number: as kept (a hand
    forgotten since is counted again)."""
    keys = {(event.pk, n): _key(event, n, r) for n, r in flags.revisions.items()}

    def ids_of(missing: list[tuple[int, int]]):
        numbers = [number for _, number in missing]
        return Hand.objects.filter(event=event, number__in=numbers).values("pk")

    found = _recalled({event.pk: event}, keys, ids_of)
    return {number: tally for (_, number), tally in found.items()}


def _key(event: Event, number: int, revision: int) -> str:
    settings = event.flag_settings
    event_id = store.identity(event.pk, event.created_at)
    thresholds = f"{settings.one_flag_at}:{settings.two_flags_at}"
    return f"whist:{event_id}:hand-tally:{number}:{revision}:{thresholds}"
