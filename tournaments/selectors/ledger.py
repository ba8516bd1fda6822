"""Recorded results, teams and day records as rules values."""

from __future__ import annotations

from collections.abc import Iterable

from ..models import DayClose, Event, HandResult, Team
from ..rules import flags as flag_rules
from ..rules.types import Result, TableDay


def results(event: Event, days: Iterable[int] | None = None) -> list[Result]:
    """Every recorded result of the event (or of ``days``), after revoke penalties, in hand
    order."""
    rows = HandResult.objects.filter(event=event)
    if days is not None:
        rows = rows.filter(hand__day__in=list(days))
    rows = rows.order_by("hand__number", "host_table").values_list(
        "hand__number", "hand__day", "host_table", "visitor_table", "visitor_tricks"
    )
    return [Result(*row) for row in rows]


def teams_by_table(event: Event) -> dict[int, Team]:
    return {t.home_table: t for t in Team.objects.filter(event=event)}


def day_ledger(
    event: Event, day: int, up_to_hand: int | None = None
) -> tuple[dict[int, TableDay], list]:
    """Flags on each table, loans and every move of ``day`` so far (or up to a hand)."""
    recorded = [r for r in results(event, [day]) if up_to_hand is None or r.hand <= up_to_hand]
    return flag_rules.day_ledger(event.tables, day, recorded, event.flag_settings)


def closed_days(event: Event) -> dict[tuple[int, int | None], DayClose]:
    return {(c.day, c.session): c for c in DayClose.objects.filter(event=event)}


def teams(event: Event) -> list[Team]:
    """The event's teams in table order."""
    return list(Team.objects.filter(event=event).order_by("home_table"))
