"""The leader's word to the room: one short line on the projector's screens, the hall map,
``/hall/`` and every table's page, until cleared.

Its screens read it from ``hall.json``, kept per revision: setting it bumps the event's revision,
so every screen's next refresh (at most a few seconds) shows the new line.
"""

from __future__ import annotations

from .. import permissions
from ..models import Event
from ..rules.errors import RulesError
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
    lock_event(event)
    before = Event.objects.filter(pk=event.pk).values_list("announcement", flat=True).get()
    if before == cleaned:
        return cleaned
    Event.objects.filter(pk=event.pk).update(announcement=cleaned)
    event.announcement = cleaned
    audit(
        event,
        actor,
        "announcement cleared" if not cleaned else "announcement",
        event.slug,
        before={"announcement": before} if before else None,
        after={"announcement": cleaned} if cleaned else None,
    ).save()
    bump_revision(event)
    return cleaned
