"""An event's complete, versioned JSON archive, the format alone: ``export`` writes it,
``schema`` says what each field may hold, ``walk`` walks an archive against it, ``checks`` and
``outcomes`` check what a field cannot say alone (tables in range, loans and closes that follow
from the results), ``reading`` reads a file, ``secrets`` the hall's own copies' extra fields.
Reading an archive back into the database is a write: ``services/archive_import.py``."""

from .export import dumps, export_event

__all__ = ["dumps", "export_event"]
