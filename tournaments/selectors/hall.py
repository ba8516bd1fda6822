"""The hall's current hand, as every public page and count reads it (``rules.hall``).

One event's is read from the kept tallies (results per hand) and one small query, once per
revision; the events page and ``/hall/`` read many events' at once in two queries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db.models import Count, Q, Value

from ..models import DayClose, Event, Hand, HandResult, SubmissionStatus, TableSubmission
from ..rules.hall import HallHand, HandPlace, current_hand, hall_hand
from .events import cached
from .movement import rotation
from .tallies import Tallies, inside_a_write, tallies


def event_tallies(event: Event) -> Tallies:
    """The event's tallies, read once per revision for every page of it (afresh inside a
    write, which may yet be rolled back)."""
    if inside_a_write():
        return tallies(event)
    return cached(event, "tallies", lambda: tallies(event))


@dataclass
class _Facts:
    """What the tallies do not hold: closed parts, and who is in in partly entered hands."""

    hands: list[HandPlace] = field(default_factory=list)
    closed: set[tuple[int, int]] = field(default_factory=set)
    hosts_in: dict[int, set[int]] = field(default_factory=dict)  # hand -> host tables
    pending: dict[int, set[int]] = field(default_factory=dict)  # hand -> tables waiting


def _facts(partial: dict[int, list[int]], with_hands: bool = True) -> dict[int, _Facts]:
    """For each event id of ``partial`` (event id -> its partly entered hands): its hands'
    places (``with_hands``), its closed days and sessions, the host tables with a result in
    the partly entered hands, and the tables whose entry waits for the leader; one query for
    every event."""
    facts = {event_id: _Facts() for event_id in partial}
    if not facts:
        return facts
    ids = list(facts)
    parts = [
        DayClose.objects.filter(event_id__in=ids)
        .order_by()
        .values_list(Value(0), "event_id", "day", "session", Value(0)),
        TableSubmission.objects.filter(event_id__in=ids, status=SubmissionStatus.WAITING)
        .order_by()
        .values_list(Value(2), "event_id", "hand", "table", Value(0)),
    ]
    if with_hands:
        parts.append(
            Hand.objects.filter(event_id__in=ids)
            .order_by()
            .values_list(Value(3), "event_id", "number", "day", "session")
        )
    which = Q()
    for event_id, hands in partial.items():
        if hands:
            which |= Q(event_id=event_id, hand__number__in=hands)
    if which:
        parts.append(
            HandResult.objects.filter(which)
            .order_by()
            .values_list(Value(1), "event_id", "hand__number", "host_table", Value(0))
        )
    for kind, event_id, first, second, third in parts[0].union(*parts[1:], all=True):
        found = facts[event_id]
        if kind == 0:
            found.closed.add((first, second))
        elif kind == 3:
            found.hands.append(_Place(first, second, third))
        else:
            kept = found.hosts_in if kind == 1 else found.pending
            kept.setdefault(first, set()).add(second)
    for found in facts.values():
        found.hands.sort(key=lambda place: place.number)
    return facts


@dataclass(frozen=True)
class _Place:
    number: int
    day: int
    session: int


def _hall(hands, entered: dict[int, int], event: Event, facts: _Facts) -> HallHand:
    current = current_hand(hands, entered, event.tables, event.last_hand, facts.closed)
    return hall_hand(
        hands,
        entered,
        event.tables,
        event.last_hand,
        facts.closed,
        facts.hosts_in.get(current, ()),
        facts.pending.get(current, ()),
    )


def _partial(entered: dict[int, int], tables: int) -> list[int]:
    return sorted(n for n, count in entered.items() if 0 < count < tables)


def hall_state(event: Event) -> HallHand:
    """The hand the hall plays now, the hands done before it, and the tables it waits for
    (one query besides the tallies, once per revision)."""

    def build() -> HallHand:
        entered = event_tallies(event).per_hand
        facts = _facts({event.pk: _partial(entered, event.tables)})[event.pk]
        return _hall(facts.hands, entered, event, facts)

    return cached(event, "hall", build)


def hall_states(events: Sequence[Event]) -> dict[int, HallHand]:
    """``hall_state`` of many events at once, by event id, in two queries."""
    ids = [e.pk for e in events]
    if not ids:
        return {}
    places: dict[int, list[Hand]] = {e: [] for e in ids}
    entered: dict[int, dict[int, int]] = {e: {} for e in ids}
    rows = (
        Hand.objects.filter(event_id__in=ids)
        .annotate(results_in=Count("results"))
        .order_by("event_id", "number")
        .only("event_id", "number", "day", "session")
    )
    for hand in rows:
        places[hand.event_id].append(hand)
        entered[hand.event_id][hand.number] = hand.results_in
    facts = _facts({e.pk: _partial(entered[e.pk], e.tables) for e in events}, with_hands=False)
    return {e.pk: _hall(places[e.pk], entered[e.pk], e, facts[e.pk]) for e in events}


def hall_payload(event: Event) -> dict:
    """The body of ``hall.json``: the hand the hall plays now and the tables it waits for."""

    def build() -> dict:
        hall = hall_state(event)
        hand = rotation(event).hand(hall.current) if hall.current else None
        return {
            "event": event.slug,
            "tables": event.tables,
            "hand": hall.current,
            "hands_played": hall.complete,
            "last_hand": event.last_hand,
            "day": hand.day if hand else None,
            "trump": hand.trump.value if hand and hand.trump else None,
            "travelling": hand.travelling.value if hand else None,
            "waiting": list(hall.waiting),
            "pending": list(hall.pending),
        }

    return cached(event, "hall.json", build)
