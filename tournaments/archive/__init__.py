"""An event's complete, versioned JSON archive: ``export`` writes it, ``importing`` reads it
back, ``schema`` says what each field may hold, ``walk`` walks an archive against it,
``checks`` and ``outcomes`` check what a field cannot say alone (tables in range, loans and
closes that follow from the results)."""

from .export import dumps, export_event
from .importing import import_event

__all__ = ["dumps", "export_event", "import_event"]
