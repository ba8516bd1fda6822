"""What a hand waits for, in words: "Hand 8: waiting for tables 7, 12, 19."

The hand grid, ``/hall/`` and the projector say it; their scripts say it again in the same
words from ``hall.json`` (static/js/hand_now_words.js), so a page reads the same before and after
it refreshes.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .. import snapshot
from ..rules.spans import spans

# Past this many runs of table numbers the projector gives a count instead of the list.
MOST_RUNS = 24


def waiting_words(
    waiting: Sequence[int],
    pending: Sequence[int] = (),
    *,
    tables: int,
    hand: int | None = None,
    most_runs: int | None = None,
) -> str:
    """The tables a hand waits for (and the entries waiting for the leader), led by the
    hand's number when ``hand`` is given; a count instead of the list past ``most_runs``."""
    listed = spans(waiting)
    if not waiting and not pending:
        text = _("Every table is in.")
    elif len(waiting) == tables:
        text = _("Waiting for every table.")
    elif most_runs is not None and listed.count(",") + 1 > most_runs:
        text = ngettext(
            "Waiting for %(count)s of %(tables)s tables.",
            "Waiting for %(count)s of %(tables)s tables.",
            len(waiting),
        ) % {"count": len(waiting), "tables": tables}
    elif waiting:
        text = ngettext(
            "Waiting for table %(tables)s.", "Waiting for tables %(tables)s.", len(waiting)
        ) % {"tables": listed}
    else:
        text = ""
    if pending:
        leader = ngettext(
            "Table %(tables)s's entry waits for the leader.",
            "Entries of tables %(tables)s wait for the leader.",
            len(pending),
        ) % {"tables": spans(pending)}
        text = f"{text} {leader}".strip()
    if hand is None:
        return text
    return _("Hand %(hand)s · %(waiting)s") % {"hand": hand, "waiting": text}


def hand_waits_for(hand_now, tables: int) -> str:
    """ "Hand 8 · Waiting for tables 7, 12." for the hand the hall plays now (``rules.hand_now``),
    as the projector, /hall/ and a table's page say it; "" once every hand is played."""
    if hand_now.current is None:
        return ""
    return waiting_words(
        hand_now.waiting,
        hand_now.pending,
        tables=tables,
        hand=hand_now.current,
        most_runs=MOST_RUNS,
    )


def over_words(hand_now, hands_total: int) -> str:
    """What the room does at the end of a day or of the event (``rules.hand_now``: its hands all
    in, the day not closed), or "" while a hand is played; static/js/hall_notice.js says it
    again in the same words from hall.json."""
    if hand_now.day_over is None:
        return ""
    flags = _("Leave the flags on the tables, count them, wait for the verifiers.")
    if hand_now.all_played:
        done = ngettext(
            "The %(hands)s hand is played: final standings after the count.",
            "All %(hands)s hands are played: final standings after the count.",
            hands_total,
        ) % {"hands": hands_total}
        return f"{done} {flags}"
    return _(
        "Day %(day)s is over: leave the flags on the tables, count them, wait for the verifiers."
    ) % {"day": hand_now.day_over}


def next_move_words(event, table: int, saved: int) -> str:
    """What the table does after hand ``saved``: where its pair goes, who comes, the trump."""
    if saved >= event.last_hand:
        return _("That was the last hand.")
    rotation = snapshot.rotation(event)
    after, hand = rotation.hand(saved), rotation.hand(saved + 1)
    move = _move_words(hand, table, new_day=hand.day != after.day)
    if hand.day == after.day:
        return move
    # The day ends with this hand: the flags stay for the verifiers before anyone moves.
    over = _(
        "Day %(day)s is over: leave the flags on the tables, count them, wait for the verifiers."
    ) % {"day": after.day}
    return _("%(over)s Once day %(day)s is closed: %(move)s") % {
        "over": over,
        "day": after.day,
        "move": move,
    }


def _move_words(hand, table: int, *, new_day: bool = False) -> str:
    """What a table does in ``hand`` (the one after its saved hand): "Your travelling pair
    (A & B) goes to Table 12; Table 3's pair comes to you; hand 8, trump ♦." """
    trump = hand.trump.symbol if hand.trump else _("the leader's cut")
    values = {
        "pair": " & ".join(hand.travelling.value),
        "to": hand.moves[table],
        "from": hand.visitor_of(table),
        "hand": hand.number,
        "trump": trump,
        "day": hand.day,
    }
    if new_day:
        return (
            _(
                "Your travelling pair (%(pair)s) goes to Table %(to)s; Table %(from)s's pair "
                "comes to you; hand %(hand)s (day %(day)s), trump %(trump)s."
            )
            % values
        )
    return (
        _(
            "Your travelling pair (%(pair)s) goes to Table %(to)s; Table %(from)s's pair comes "
            "to you; hand %(hand)s, trump %(trump)s."
        )
        % values
    )


def notice_context(event, hand_now=None, *, over: bool = True) -> dict:
    """What the hall notice shows (``{% hall_notice %}`` and the table page). ``hand_now``:
    the event's ``HandNow`` when the page has it (``/hall/`` reads many events'
    at once); ``over=False`` where the page's heading already says the day is over."""
    hand_now = hand_now if hand_now is not None else snapshot.hand_now(event)
    return {
        "event": event,
        "over": over_words(hand_now, event.last_hand) if over else "",
        "with_over": over,
        "announcement": event.announcement,
        "clock_ends_at": event.clock_ends_at.isoformat() if event.clock_ends_at else "",
    }
