"""What a server derives before its first phone: the events in play, as every table page reads
them.

A hall's laptop restarted mid-event (a closed lid, a new day) meets its phones all at once:
each refreshes within its 10 s. Without this, the first pages after a start each wait on the
event's derived state (its tallies, standings and the rows of every hand for all its tables,
about half a second at 250 tables), and with several workers every worker waits on the first
one to build them. A server therefore derives them once, before it serves (kept by ``store``
in Django's cache, so the other workers of a host find them there).
"""

from __future__ import annotations

from django.conf import settings
from django.db.models import Max
from django.utils import translation

from ..models import AuditEntry
from . import derived, fragments

EVENTS = 4  # the events written to last: a hall's one, a province's games of the day


def warm(*, events: int = EVENTS) -> list[str]:
    """Derive what the table pages of the ``events`` events written to last read (their
    tallies, standings and rows), in every language; the events' short names. A fault here
    is the server's to log (``server.derive_first``): every entry point migrates first."""
    slugs = list(
        AuditEntry.objects.exclude(event=None)
        .values("event__slug")
        .annotate(last=Max("at"))
        .order_by("-last")
        .values_list("event__slug", flat=True)[:events]
    )
    for slug in slugs:
        event = derived.page_event(slug)
        team = derived.team_at(event, 1)
        for language, _name in settings.LANGUAGES:
            with translation.override(language):
                fragments.table_parts(event, 1, team)
    return slugs
