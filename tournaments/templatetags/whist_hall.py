"""``{% hall_notice event %}``: what the whole room must read now, on every screen of the hall
(built by ``views.hand_now_words.notice_context``, which the table page uses too).

The end of a day (or of the event) while its flags wait for the verifiers, and the leader's
announcement. Pages render it as they are built; static/js/hall_notice.js redraws it from
hall.json every few seconds, so an open page shows a change within 10 s without a reload.
"""

from __future__ import annotations

from django import template

from ..views.hand_now_words import notice_context

register = template.Library()


register.inclusion_tag("tournaments/_hall_notice.html", name="hall_notice")(notice_context)
