"""An event's archive as the file a leader downloads (the same text as ``export_event``)."""

from __future__ import annotations

from ..archive import dumps, export_event
from ..models import Event


def archive_text(event: Event) -> str:
    return dumps(export_event(event))
