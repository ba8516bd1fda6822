"""Commands named on a page as this copy of the app runs them (``make hall`` in a checkout,
``whist-director hall`` once installed): ``{% start_command "hall" %}``,
``{% manage_command "table_links" event.slug %}``."""

from __future__ import annotations

from django import template

from ..cli.hints import manage_hint, start_hint

register = template.Library()


@register.simple_tag
def start_command(mode: str) -> str:
    return start_hint(mode)


@register.simple_tag
def manage_command(*words: object) -> str:
    return manage_hint(" ".join(str(w) for w in words))
