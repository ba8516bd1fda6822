"""Saving one hand's grid: rows changed by someone else since the page was loaded are
reported, every other row is saved together; a closed day's results wait for its reopening."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import permissions
from ..models import Event, Hand, HandResult
from ..rules.errors import RulesError
from ..rules.types import ResultEntry
from .results import ResultConflict, results_record


@dataclass(frozen=True)
class HandGridSave:
    """What saving one hand's grid did: the rows saved and the rows someone else changed."""

    saved: list[HandResult]
    conflicts: list[ResultConflict]


def hand_results_save(
    *, event: Event, hand: int, entries: Sequence[ResultEntry], actor
) -> HandGridSave:
    """Save the hand grid of one hand: rows whose result changed since the page was loaded
    are left alone and returned as conflicts; every other row is saved together.

    Results of a closed day or session are confirmed records: refused until a leader reopens it.
    """
    if not entries:
        permissions.require(actor, event, permissions.ENTER)
        if not Hand.objects.filter(event=event, number=hand).exists():
            raise RulesError("There is no hand %(hand)s in this event", field="hand", hand=hand)
        return HandGridSave([], [])
    # One transaction under the event's lock (results_record checks the role first): rows
    # changed since the page was loaded are set aside as conflicts, the others saved.
    conflicts: list[ResultConflict] = []
    saved = results_record(event=event, entries=entries, actor=actor, conflicts=conflicts)
    return HandGridSave(saved, conflicts)
