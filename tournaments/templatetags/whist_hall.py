"""``{% hall_notice event %}``: what the whole room must read now, on every screen of the hall
(built by ``views.hand_now_words.notice_context``, which the table page uses too).

The end of a day (or of the event) while its flags wait for the verifiers, and the leader's
announcement. Pages render it as they are built; static/js/hall_notice.js redraws it from
hall.json every few seconds, so an open page shows a change within 10 s without a reload.

Also the script that follows the hall to its standby laptop, and the leader's line on the two
laptops (``{% standby_status role %}``).
"""

from __future__ import annotations

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html

from ..views.hand_now_words import notice_context
from ..views.standby import status_words

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


@register.inclusion_tag("tournaments/_standby_status.html")
def standby_status(role: str = "") -> dict:
    """The leader's line on the two laptops ("Standby: Spare, http://..., 0.3 s behind", "No
    standby", "Standby not answering since 14:05"), under the event's navigation: for the
    event's leader, in the hall only (a laptop's demo and the province's server have no
    standby). Two small reads, whatever the size of the event."""
    if settings.MODE != "hall" or role != "leader":
        return {"words": ""}
    return {"words": status_words()}
