"""Saving one hand's entry grid: rows changed by someone else since the page was loaded are
reported, every other row is saved together; a closed day's results wait for its reopening."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

from .. import permissions
from ..models import DayClose, Event, Hand, HandResult
from ..rules.errors import RulesError
from .closed_days import refuse_if_closed
from .locks import lock_event
from .results import ResultConflict, ResultEntry, results_record


@dataclass(frozen=True)
class GridSave:
    """What saving one hand's grid did: the rows saved and the rows someone else changed."""

    saved: list[HandResult]
    conflicts: list[ResultConflict]


def hand_is_closed(event: Event, hand: Hand) -> bool:
    """True once the hand's day, or its session, has been closed."""
    return DayClose.objects.filter(
        event=event, day=hand.day, session__in=[0, hand.session]
    ).exists()


@transaction.atomic
def hand_results_save(
    *, event: Event, hand: int, entries: Sequence[ResultEntry], actor
) -> GridSave:
    """Save the entry grid of one hand: rows whose result changed since the page was loaded
    are left alone and returned as conflicts; every other row is saved together.

    Results of a closed day or session are confirmed records: refused until a leader reopens it.
    """
    permissions.require(actor, event, permissions.ENTER)
    lock_event(event)
    row = Hand.objects.filter(event=event, number=hand).first()
    if row is None:
        raise RulesError("There is no hand %(hand)s in this event", field="hand", hand=hand)
    if entries:
        refuse_if_closed(event, [row])
    current = {
        table: (version, tricks)
        for table, version, tricks in HandResult.objects.filter(hand=row).values_list(
            "host_table", "version", "visitor_tricks"
        )
    }
    conflicts, fresh = [], []
    for e in entries:
        version, theirs = current.get(e.host_table, (0, None))
        if e.seen_version is not None and version != e.seen_version:
            conflicts.append(ResultConflict(hand, e.host_table, e.tricks_played, theirs))
        else:
            fresh.append(e)
    saved = results_record(event=event, entries=fresh, actor=actor) if fresh else []
    return GridSave(saved, conflicts)
