"""An event's complete, versioned JSON archive: ``io`` exports and imports it, ``schema`` says
what each field may hold, ``walk`` walks an archive against it, ``checks`` and ``outcomes``
check what a field cannot say alone (tables in range, loans and closes that follow from the
results)."""

from .io import dumps, export_event, import_event

__all__ = ["dumps", "export_event", "import_event"]
