"""Recorded results, teams and day records as rules values."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from ..models import DayClose, Event, Hand, HandResult, Team
from ..rules import flags as flag_rules
from ..rules.table_ledger import LedgerLine, table_ledger
from ..rules.types import Result, TableDay
from .rotation import load_rotation


def results(
    event: Event,
    days: Iterable[int] | None = None,
    from_hand: int = 1,
    skip: Iterable[int] = (),
) -> list[Result]:
    """Every recorded result of the event (or of ``days``, from hand ``from_hand`` on, less
    the hands numbered in ``skip``), after revoke penalties, in hand order."""
    rows = HandResult.objects.filter(event=event)
    skip = list(skip)
    if days is not None or from_hand > 1 or skip:
        # By the hands' ids, so the (event, hand) index finds them without a scan.
        hands = Hand.objects.filter(event=event, number__gte=from_hand)
        if skip:
            hands = hands.exclude(number__in=skip)
        if days is not None:
            hands = hands.filter(day__in=list(days))
        rows = rows.filter(hand__in=hands)
    rows = rows.order_by("hand__number", "host_table").values_list(
        "hand__number", "hand__day", "host_table", "visitor_table", "visitor_tricks"
    )
    return [Result(*row) for row in rows]


def load_teams_by_table(event: Event) -> dict[int, Team]:
    return {t.home_table: t for t in Team.objects.filter(event=event)}


def load_day_ledger(
    event: Event, day: int, up_to_hand: int | None = None
) -> tuple[dict[int, TableDay], list]:
    """Flags on each table, loans and every move of ``day`` so far (or up to a hand)."""
    recorded = [r for r in results(event, [day]) if up_to_hand is None or r.hand <= up_to_hand]
    return flag_rules.day_ledger(event.tables, day, recorded, event.flag_settings)


def closed_days(event: Event) -> dict[tuple[int, int | None], DayClose]:
    return {(c.day, c.session): c for c in DayClose.objects.filter(event=event)}


def table_ledgers(
    event: Event, day: int, up_to_hand: int, tables: Iterable[int]
) -> dict[int, list[LedgerLine]]:
    """Hand by hand from the day's first hand to ``up_to_hand``, for each of ``tables``, with
    the revokes of the results that had any."""
    tables = list(tables)
    if not tables:
        return {}
    hands = [h for h in load_rotation(event).hands if h.day == day and h.number <= up_to_hand]
    recorded = [r for r in results(event, [day]) if r.hand <= up_to_hand]
    revoked = {
        (hand, host): (played, visitors, hosts)
        for hand, host, played, visitors, hosts in HandResult.objects.filter(
            Q(visitor_revokes__gt=0) | Q(host_revokes__gt=0),
            event=event,
            hand__in=Hand.objects.filter(event=event, day=day, number__lte=up_to_hand),
        ).values_list(
            "hand__number", "host_table", "tricks_played", "visitor_revokes", "host_revokes"
        )
    }
    return {
        t: table_ledger(t, event.tables, hands, recorded, event.flag_settings, revoked)
        for t in tables
    }


def teams(event: Event) -> list[Team]:
    """The event's teams in table order."""
    return list(Team.objects.filter(event=event).order_by("home_table"))
