"""``{% hall_notice event %}``: what the whole room must read now, on every screen of the hall
(built by ``views.hand_now_words.notice_context``, which the table page uses too).

The end of a day (or of the event) while its flags wait for the verifiers, and the leader's
announcement. Pages render it as they are built; static/js/hall_notice.js redraws it from
hall.json every few seconds, so an open page shows a change within 10 s without a reload.
"""

from __future__ import annotations

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html

from ..views.hand_now_words import notice_context

register = template.Library()


register.inclusion_tag("tournaments/_hall_notice.html", name="hall_notice")(notice_context)


@register.simple_tag
def follow_hall_js() -> str:
    """The script that takes an open phone page to the hall's standby laptop once it has taken
    over (static/js/follow_hall.js), first of a page's scripts; not on the province's hosted
    server, which has no standby (its Content-Security-Policy lets pages ask nothing else)."""
    if settings.MODE == "serve":
        return ""
    return format_html('<script src="{}"></script>', static("js/follow_hall.js"))
