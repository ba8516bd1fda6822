"""An event's records from the browser: restore an archive, import results from CSV, delete
the event. The checks are those of the command line (``import_event``, ``import_results``):
the same readers, the same all-or-nothing rule, and an audit entry for each."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext

from ..formats.csv_files import ResultRow
from ..models import Event
from ..rules.errors import RulesError
from ..rules.types import ResultEntry
from . import archive_import
from .audit import audit
from .results import results_record


def _require_staff(actor, what: str) -> None:
    """``what`` is the whole refusal, already in the reader's language."""
    if actor is not None and not getattr(actor, "is_staff", False):
        raise PermissionDenied(what)


def event_restore(*, data: dict, actor) -> Event:
    """Recreate an event from its archive (staff only), with ``import_event``'s checks and its
    entry in the installation's log (``archive_import``)."""
    return archive_import.import_event(data, actor=actor)


def results_import(*, event: Event, rows: Sequence[ResultRow], actor) -> int:
    """Record every row of a results CSV at once (a row for a result already entered
    replaces it, audited); returns how many results were new or changed."""
    entries = [
        ResultEntry(r.hand, r.table, r.tricks_played, r.visitor_revokes, r.host_revokes)
        for r in rows
    ]
    saved = results_record(event=event, entries=entries, actor=actor, action="result imported")
    return len(saved)


@transaction.atomic
def event_delete(*, event: Event, confirm: str, actor) -> None:
    """Delete an event and everything in it (staff only); ``confirm`` must be its short name."""
    _require_staff(actor, gettext("Only staff delete events."))
    if confirm.strip() != event.slug:
        raise RulesError(
            "Type the event's short name, %(slug)s, to delete it", field="confirm", slug=event.slug
        )
    slug, name = event.slug, event.name
    event.delete()
    audit(None, actor, "event deleted", slug, after={"name": name}).save()
