"""Who may do what: anonymous visitors read; assistants enter; leaders run their own event."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext

from .models import Event, EventRole, Role, SeasonRole

ENTER = "enter"  # results and physical counts
LEAD = "lead"  # settings, teams, tables, closing days, playoffs


@dataclass(frozen=True)
class TableActor:
    """A table's phone, let in by the table's entry token: it enters results at that table of
    that event and nothing else. Its name ("table 3") cannot be a user name (no spaces), so a
    result entered by it stays recognisable until a leader changes it."""

    event_id: int
    table: int
    is_authenticated = False
    is_staff = False

    def get_username(self) -> str:
        return f"table {self.table}"


def is_table_name(name: str) -> bool:
    """True for the name a table's phone records results under."""
    return name.startswith("table ") and name[6:].isdigit()


def role_of(user, event: Event) -> str | None:
    if not getattr(user, "is_authenticated", False):
        return None
    if user.is_staff:
        return Role.LEADER
    role = EventRole.objects.filter(event=event, user=user).values_list("role", flat=True).first()
    # A season's coordinator leads every event of the season, and only those.
    coordinator = SeasonRole.objects.filter(season_id=event.season_id, user=user)
    if role != Role.LEADER and event.season_id is not None and coordinator.exists():
        return Role.LEADER
    return role


def allowed(user, event: Event, action: str) -> bool:
    if isinstance(user, TableActor):
        return action == ENTER and user.event_id == event.pk
    role = role_of(user, event)
    if action == ENTER:
        return role in (Role.LEADER, Role.ASSISTANT)
    return role == Role.LEADER


def require(actor, event: Event, action: str) -> None:
    """Raise PermissionDenied unless ``actor`` may do ``action``; None is the command line."""
    if actor is None:
        return
    if not allowed(actor, event, action):
        text = (
            gettext("You may not enter for %(event)s.")
            if action == ENTER
            else gettext("You may not lead for %(event)s.")
        )
        raise PermissionDenied(text % {"event": event.name})


def actor_name(actor) -> str:
    return "" if actor is None else actor.get_username()


def from_this_computer(request) -> bool:
    """The client is the server's own computer: a loopback address, or one of the laptop's own
    network addresses when its browser opens the hall's address (waitress in the hall trusts
    no proxy header, so this is the connection's own address, which no phone can take: the
    answer to a forged one would go to the laptop itself)."""
    address = request.META.get("REMOTE_ADDR", "")
    try:
        return ipaddress.ip_address(address).is_loopback or address in settings.HALL_OWN_ADDRESSES
    except ValueError:
        return False
