"""``{% event_role event as role %}``: the signed-in user's role on an event, for menus.

Pages still check permissions themselves; this only hides links a person cannot use.
Looked up once per request and event.
"""

from __future__ import annotations

from django import template

from .. import permissions

register = template.Library()


@register.simple_tag(takes_context=True)
def event_role(context, event) -> str:
    request = context.get("request")
    user = context.get("user")
    if request is None or user is None or not user.is_authenticated:
        return ""
    known = request.__dict__.setdefault("_whist_roles", {})
    if event.pk not in known:
        known[event.pk] = permissions.role_of(user, event) or ""
    return known[event.pk]
