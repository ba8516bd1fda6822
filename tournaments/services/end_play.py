"""Ending play early "at the direction of the leader" (rule 11(d) of the rule book).

The event then counts as finished after hand N for standings, playoffs and advancing. The
leader may take it back while nothing that depends on it has been entered (a playoff).
"""

from __future__ import annotations

from django.db import transaction

from .. import permissions
from ..models import Event, HandResult, PlayoffGroup
from ..rules.errors import RulesError
from .audit import audit, bump_revision
from .locks import lock_event


@transaction.atomic
def play_end(*, event: Event, after_hand: int, actor) -> Event:
    """End play after ``after_hand``: later hands are not played and cannot be entered."""
    stored = _stored(event, actor)
    total = sum(stored.day_hand_counts)
    if type(after_hand) is not int or not 1 <= after_hand < total:
        raise RulesError(
            "End play after a hand from 1 to %(last)s (the rotation has %(hands)s hands)",
            field="after_hand",
            last=total - 1,
            hands=total,
        )
    later = (
        HandResult.objects.filter(event=stored, hand__number__gt=after_hand)
        .order_by("hand__number")
        .values_list("hand__number", flat=True)
        .first()
    )
    if later is not None:
        raise RulesError(
            "Hand %(hand)s already has results; play cannot end before it",
            field="after_hand",
            hand=later,
        )
    if stored.play_ends_after == after_hand:
        return stored
    return _play_ends_after(stored, actor, after_hand, "play ended", f"after hand {after_hand}")


@transaction.atomic
def play_resume(*, event: Event, actor) -> Event:
    """Take back an early end of play, while no playoff has been recorded."""
    stored = _stored(event, actor)
    if stored.play_ends_after is None:
        raise RulesError("Play has not been ended early", field="after_hand")
    if PlayoffGroup.objects.filter(event=stored).exists():
        raise RulesError(
            "A playoff is already recorded after the early end; play can no longer resume",
            field="after_hand",
        )
    target = f"was ended after hand {stored.play_ends_after}"
    return _play_ends_after(stored, actor, None, "play resumed", target)


def _stored(event: Event, actor) -> Event:
    """The event as the database holds it, locked until the change is written; its leaders
    only."""
    permissions.require(actor, event, permissions.LEAD)
    lock_event(event)
    return Event.objects.get(pk=event.pk)


def _play_ends_after(stored: Event, actor, after_hand: int | None, action: str, target: str):
    """Write the hand play ends after (None: every hand is played), with its audit line, and
    move the event's set-up revision on."""
    before = stored.play_ends_after
    stored.play_ends_after = after_hand
    stored.save(update_fields=["play_ends_after"])
    audit(
        stored, actor, action, target, {"play_ends_after": before}, {"play_ends_after": after_hand}
    ).save()
    bump_revision(stored, setup=True)
    return stored
