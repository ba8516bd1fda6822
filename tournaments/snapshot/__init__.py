"""The read model: everything derived from an event's recorded state (its tallies, standings,
rotation, the hall's hand, its archive text, each hand's rows of the table pages) and a
season's, kept per revision for every process by the cache engine (``cache.store``).

Pages ask here for what they show; writes tell ``services.audit.bump_revision`` what they
changed, which tells ``cache.store``; both stand on the stateless ``selectors`` and the rules.
Whole public answers, kept for every reader, are ``shared_pages``'s.
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
