"""ORM writes, one module per capability. Each is atomic, checks the actor's role, locks the
event row first and leaves an audit entry.

``actor`` is the signed-in user, or None for the command line (whoever can run ``manage.py``
already owns the database).
"""

from ..rules.types import ResultEntry
from .audit import audit, bump_revision
from .results import ResultConflict, loans_rebuild, results_record
from .setup import event_create, teams_replace

__all__ = [
    "ResultConflict",
    "ResultEntry",
    "audit",
    "bump_revision",
    "event_create",
    "loans_rebuild",
    "results_record",
    "teams_replace",
]
