"""Which hand a table's phone may write: the hand the hall plays now, or a fix of its own last
entry while no leader changed it and no later hand of the table is entered. Every refusal says
why, in words the table reads (``table_entry.table_entry_submit`` asks before it records).
"""

from __future__ import annotations

from .. import snapshot
from ..models import Event, Hand, HandResult, SubmissionStatus, TableSubmission
from ..rules import hand_now as hand_now_rules
from ..rules.errors import RulesError
from .closed_days import refuse_if_closed


class AheadOfTheHall(RulesError):
    """An entry of a hand the hall has not reached. The table played it, so the hall went back
    (restored from the stick, or a standby that fell behind took over): the phone keeps the
    entry and sends it again once the hall gets there, as its journal fills the hand before."""


def refuse_out_of_turn(event: Event, table: int, hand: Hand, result: HandResult | None) -> None:
    """The table writes the hand it plays now, or fixes its own last entry."""
    name = f"table {table}"
    refuse_if_closed(event, [hand])
    later = (
        HandResult.objects.filter(
            event=event, host_table=table, hand__number__gt=hand.number
        ).exists()
        or TableSubmission.objects.filter(
            event=event, table=table, hand__gt=hand.number, status=SubmissionStatus.WAITING
        ).exists()
    )
    if result is not None:
        if result.entered_by != name:
            raise RulesError(
                "Hand %(hand)s at table %(table)s was entered by the leader; "
                "ask the leader to change it.",
                hand=hand.number,
                table=table,
                field="hand",
            )
        if later:
            raise RulesError(
                "A later hand is already entered at table %(table)s; ask the leader to change "
                "hand %(hand)s.",
                hand=hand.number,
                table=table,
                field="hand",
            )
        return
    if later:
        raise RulesError(
            "A later hand is already entered at table %(table)s.", table=table, field="hand"
        )
    state = snapshot.table_state(event, table)
    waiting_here = TableSubmission.objects.filter(
        event=event, table=table, hand=hand.number, status=SubmissionStatus.WAITING
    ).exists()
    last = state.last.hand if state.last else None
    now = state.hand_now
    day_over = None if now.all_played else now.day_over
    allowed, why = hand_now_rules.may_enter(hand.number, now.current, waiting_here, last, day_over)
    if allowed:
        return
    if why == "day":
        raise RulesError(
            "Day %(day)s is over: hand %(hand)s waits until the leader closes day %(day)s, "
            "after the verifiers count the flags.",
            day=day_over,
            hand=hand.number,
            field="hand",
        )
    if why == "done":
        raise RulesError(
            "Every hand is played or its day is closed: table %(table)s has no hand %(hand)s "
            "to enter.",
            table=table,
            hand=hand.number,
            field="hand",
        )
    if why == "ahead":
        raise AheadOfTheHall(
            "The hall is on hand %(now)s: table %(table)s cannot enter hand %(hand)s yet.",
            table=table,
            now=state.hand_now.current,
            hand=hand.number,
            field="hand",
        )
    raise RulesError(
        "The hall is on hand %(now)s: hand %(hand)s is over at table %(table)s; ask the "
        "leader to change it.",
        table=table,
        now=state.hand_now.current,
        hand=hand.number,
        field="hand",
    )
