"""``{% hall_notice event %}``: what the whole room must read now, on every screen of the hall.

The end of a day (or of the event) while its flags wait for the verifiers, and the leader's
announcement. Pages render it as they are built; static/js/hall_notice.js redraws it from
hall.json every few seconds, so an open page shows a change within 10 s without a reload.
"""

from __future__ import annotations

from django import template

from .. import snapshot
from ..views.hand_now_words import over_words

register = template.Library()


@register.inclusion_tag("tournaments/_hall_notice.html")
def hall_notice(event, hand_now=None, *, over: bool = True) -> dict:
    """``hand_now``: the event's ``HandNow`` when the page has it (``/hall/`` reads many events'
    at once); ``over=False`` where the page's heading already says the day is over."""
    hand_now = hand_now if hand_now is not None else snapshot.hand_now(event)
    return {
        "event": event,
        "over": over_words(hand_now, event.last_hand) if over else "",
        "with_over": over,
        "announcement": event.announcement,
        "clock_ends_at": event.clock_ends_at.isoformat() if event.clock_ends_at else "",
    }
