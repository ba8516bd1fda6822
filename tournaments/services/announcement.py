"""The leader's word to the room: one short line on the projector's screens, the hall map,
``/hall/`` and every table's page, until cleared; and the hand clock they start and stop.

Its screens read it from ``hall.json``, kept per revision: setting it bumps the event's revision,
so every screen's next refresh (at most a few seconds) shows the new line.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from .. import permissions
from ..models import Event
from ..rules.errors import RulesError
from ..rules.event_settings import typed_number
from .audit import audit, bump_revision
from .locks import lock_event, write_transaction

ANNOUNCEMENT_LENGTH = 200  # characters: two lines on the projector, three on a phone


def clean_announcement(text: object) -> str:
    """The announcement as it will show: spaces trimmed and runs of spaces made one; refused
    when it has more than one line or is too long (nothing is cut silently)."""
    if not isinstance(text, str):
        raise RulesError("The announcement must be text.", field="announcement")
    if "\n" in text.strip() or "\r" in text.strip():
        raise RulesError(
            "The announcement is one line: remove the line breaks.", field="announcement"
        )
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in text):
        raise RulesError(
            "The announcement has a character that cannot be shown; retype it.",
            field="announcement",
        )
    cleaned = " ".join(text.split())
    if len(cleaned) > ANNOUNCEMENT_LENGTH:
        raise RulesError(
            "The announcement has %(count)s characters; at most %(most)s fit on the screens.",
            count=len(cleaned),
            most=ANNOUNCEMENT_LENGTH,
            field="announcement",
        )
    return cleaned


@write_transaction()
def announcement_set(*, event: Event, text: object, actor) -> str:
    """Show ``text`` to the room (an empty text clears it); the event's leaders and assistants
    may. Returns the line as shown. Unchanged text writes nothing."""
    permissions.require(actor, event, permissions.ENTER)
    cleaned = clean_announcement(text)
    before = _locked_value(event, "announcement")
    if before == cleaned:
        return cleaned
    _show(
        event,
        actor,
        "announcement",
        cleaned,
        "announcement cleared" if not cleaned else "announcement",
        before={"announcement": before} if before else None,
        after={"announcement": cleaned} if cleaned else None,
    )
    return cleaned


CLOCK_MINUTES = range(1, 121)  # a hand clock of 1 minute to 2 hours


def clean_minutes(text: object) -> int | None:
    """The clock's minutes as typed ("7"), None for an empty box (stop the clock); refused
    outside 1..120 or when not a whole number."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return None
    number = typed_number(str(text), 3) if isinstance(text, int | str) else None
    if number is None or isinstance(text, bool) or number not in CLOCK_MINUTES:
        raise RulesError(
            "The hand clock takes a whole number of minutes from 1 to 120, not “%(text)s”.",
            text=str(text)[:20],
            field="minutes",
        )
    return number


@write_transaction()
def hand_clock_set(*, event: Event, minutes: object, actor) -> datetime | None:
    """Start the hand clock for ``minutes`` from now (the screens count it down), or stop it
    (``minutes`` empty); the event's leaders and assistants may. Returns when it ends."""
    permissions.require(actor, event, permissions.ENTER)
    wanted = clean_minutes(minutes)
    before = _locked_value(event, "clock_ends_at")
    ends = timezone.now() + timedelta(minutes=wanted) if wanted else None
    if before is None and ends is None:
        return None
    _show(
        event,
        actor,
        "clock_ends_at",
        ends,
        "hand clock started" if ends else "hand clock stopped",
        after={"minutes": wanted} if wanted else None,
    )
    return ends


def _locked_value(event: Event, field: str):
    """``field`` as the database holds it, the event locked until the write is done."""
    lock_event(event)
    return Event.objects.filter(pk=event.pk).values_list(field, flat=True).get()


def _show(event: Event, actor, field: str, value, action: str, **change) -> None:
    """Write what the screens show, record who did it, and move the event's revision on so
    every screen's next refresh shows it."""
    Event.objects.filter(pk=event.pk).update(**{field: value})
    setattr(event, field, value)
    audit(event, actor, action, event.slug, **change).save()
    bump_revision(event)
