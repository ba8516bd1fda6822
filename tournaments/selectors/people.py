"""Who helps run an event, and how the public sees them: by role, never by account name."""

from __future__ import annotations

import re

from django.utils.translation import gettext, gettext_lazy

from ..models import AuditEntry, Event, EventRole, Role

TABLE_ENTRY = re.compile(r"table \d+\Z")


def roles(event: Event) -> list[EventRole]:
    return list(
        EventRole.objects.filter(event=event)
        .select_related("user")
        .order_by("role", "user__username")
    )


def role_names(event: Event) -> dict[str, str]:
    """User name -> role on the event ("leader", "assistant")."""
    return dict(
        EventRole.objects.filter(event=event).values_list("user__username", "role").order_by()
    )


def public_name(name: str, known: dict[str, str]) -> str:
    """How the public reads who did something: 'the leader', 'an assistant', 'table 3'."""
    if not name:
        return gettext("the command line")
    if TABLE_ENTRY.match(name):
        return gettext("table %(table)s") % {"table": name.split()[1]}
    if known.get(name) == Role.ASSISTANT:
        return gettext("an assistant")
    return gettext("the leader")


def playoff_history(event: Event) -> list[AuditEntry]:
    """Every playoff draw, hand and correction, oldest first."""
    return list(AuditEntry.objects.filter(event=event, action__startswith="playoff").order_by("at"))


# The history's audit actions are data (English, stable); readers get them in their language.
_PLAYOFF_CHANGES = {
    "playoff draw": gettext_lazy("draw recorded for rank %(number)s"),
    "playoff replaced": gettext_lazy("playoff for rank %(number)s replaced: the tie changed"),
    "playoff hand entered": gettext_lazy("playoff hand %(number)s entered"),
    "playoff hand corrected": gettext_lazy("playoff hand %(number)s corrected"),
}


def playoff_change(entry: AuditEntry) -> str:
    """What a playoff history entry did, in the reader's language."""
    words = _PLAYOFF_CHANGES.get(entry.action)
    number = re.search(r"\d+", entry.target)
    if words is None or number is None:
        return f"{entry.action}: {entry.target}"
    return words % {"number": number.group()}
