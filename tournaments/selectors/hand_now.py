"""What the hall's current hand is read from, besides the results per hand (``rules.hand_now``):
closed parts, who is in in partly entered hands, and entries waiting for the leader. One
event's is kept by ``snapshot.current``; the events page and ``/hall/`` read many events'
hands here at once, in two queries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Count

from ..models import DayClose, Event, Hand, HandResult, SubmissionStatus, TableSubmission
from ..rules.hand_now import HandNow, HandPlace, current_hand, hand_now_from

_CLOSES = DayClose._meta.db_table
_SUBMISSIONS = TableSubmission._meta.db_table
_HANDS = Hand._meta.db_table
_RESULTS = HandResult._meta.db_table
_TABLE = connection.ops.quote_name("table")  # a word SQL keeps for itself
_CLOSED_SQL = f"SELECT 0, event_id, day, session, 0 FROM {_CLOSES} WHERE event_id IN ({{among}})"  # noqa: S608
_PENDING_SQL = (
    f"SELECT 2, event_id, hand, {_TABLE}, 0 FROM {_SUBMISSIONS} "  # noqa: S608
    "WHERE status = %s AND event_id IN ({among})"
)
_PLACES_SQL = (
    f"SELECT 3, event_id, number, day, session FROM {_HANDS} WHERE event_id IN ({{among}})"  # noqa: S608
)
_HOSTS_SQL = (
    f"SELECT 1, r.event_id, h.number, r.host_table, 0 FROM {_RESULTS} r "  # noqa: S608
    f"JOIN {_HANDS} h ON h.id = r.hand_id "
    "WHERE r.event_id = %s AND h.event_id = %s AND h.number IN ({numbers})"
)


@dataclass
class _Facts:
    """What the tallies do not hold: closed parts, and who is in in partly entered hands."""

    hands: list[HandPlace] = field(default_factory=list)
    closed: set[tuple[int, int]] = field(default_factory=set)
    hosts_in: dict[int, set[int]] = field(default_factory=dict)  # hand -> host tables
    pending: dict[int, set[int]] = field(default_factory=dict)  # hand -> tables waiting


def hand_now_facts(partial: dict[int, list[int]], with_hands: bool = True) -> dict[int, _Facts]:
    """For each event id of ``partial`` (event id -> its partly entered hands): its hands'
    places (``with_hands``), its closed days and sessions, the host tables with a result in
    the partly entered hands, and the tables whose entry waits for the leader; one statement
    for every event (written out: the first standings after a save wait for it)."""
    facts = {event_id: _Facts() for event_id in partial}
    if not facts:
        return facts
    ids = list(facts)
    among = ", ".join(["%s"] * len(ids))
    # Only the models' own table names and placeholders go into the text; values are params.
    parts = [_CLOSED_SQL.format(among=among), _PENDING_SQL.format(among=among)]
    params: list = [*ids, SubmissionStatus.WAITING.value, *ids]
    if with_hands:
        parts.append(_PLACES_SQL.format(among=among))
        params += ids
    for event_id, hands in partial.items():
        if hands:
            parts.append(_HOSTS_SQL.format(numbers=", ".join(["%s"] * len(hands))))
            params += [event_id, event_id, *hands]
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(parts), params)
        rows = cursor.fetchall()
    for kind, event_id, first, second, third in rows:
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


def event_hand_now(hands, entered: dict[int, int], event: Event, facts: _Facts) -> HandNow:
    current = current_hand(hands, entered, event.tables, event.last_hand, facts.closed)
    return hand_now_from(
        hands,
        entered,
        event.tables,
        event.last_hand,
        facts.closed,
        facts.hosts_in.get(current, ()),
        facts.pending.get(current, ()),
    )


def partial_hands(entered: dict[int, int], tables: int) -> list[int]:
    return sorted(n for n, count in entered.items() if 0 < count < tables)


def hands_now(events: Sequence[Event]) -> dict[int, HandNow]:
    """``snapshot.hand_now`` of many events at once, by event id, in two queries."""
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
    facts = hand_now_facts(
        {e.pk: partial_hands(entered[e.pk], e.tables) for e in events}, with_hands=False
    )
    return {e.pk: event_hand_now(places[e.pk], entered[e.pk], e, facts[e.pk]) for e in events}
