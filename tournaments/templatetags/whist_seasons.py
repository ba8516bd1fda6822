"""Filters for the season and club pages: a level's name, a player's address on a club page."""

from __future__ import annotations

from django import template

from ..models import Level
from ..rules.clubs import fold

register = template.Library()


@register.filter
def level_name(level: str) -> str:
    """ "zone" as the reader's language names it."""
    return str(Level(level).label) if level in Level.values else level


@register.filter
def player_key(name: str) -> str:
    """The part of a player's address that names them: their name folded, with hyphens."""
    return "-".join(fold(name).split())
