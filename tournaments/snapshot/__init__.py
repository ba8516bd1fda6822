"""Everything derived from an event's recorded state, kept per revision for every process: the
only state the app keeps between requests (``store`` keeps it, in memory and in Django's cache).

Pages ask here for what they show; writes tell ``services.audit.bump_revision`` what they
changed, which tells ``store``; both stand on the stateless ``selectors`` and the rules.
"""

from .archive import archive_text
from .derived import (
    advancing_tables,
    cached,
    hall_payload,
    hand_now,
    hands_played,
    page_event,
    playoff_due_tables,
    playoffs,
    rotation,
    rotation_payload,
    standings,
    standings_payload,
    table_results,
    table_state,
    tallies,
    team_at,
    teams_by_table,
)

__all__ = [
    "archive_text",
    "advancing_tables",
    "cached",
    "hall_payload",
    "hand_now",
    "hands_played",
    "page_event",
    "playoff_due_tables",
    "playoffs",
    "rotation",
    "rotation_payload",
    "standings",
    "standings_payload",
    "table_results",
    "tallies",
    "table_state",
    "team_at",
    "teams_by_table",
]
