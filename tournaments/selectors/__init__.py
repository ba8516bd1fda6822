"""ORM reads turned into rules types; the only place views get data from.

Every function runs a fixed number of queries. Standings and the rotation are derived on demand
and cached under the event's revision, which every write bumps.
"""

from .events import cached, cached_by_slug, event_by_slug, recent_events
from .ledger import closed_days, day_ledger, results, teams_by_table
from .movement import hand_from_row, rotation, rotation_payload
from .ranking import (
    advancing_tables,
    all_hands_played,
    hands_played,
    playoff_due_tables,
    playoffs,
    standings,
    standings_payload,
    team_entries,
)

__all__ = [
    "advancing_tables",
    "all_hands_played",
    "cached",
    "cached_by_slug",
    "closed_days",
    "day_ledger",
    "event_by_slug",
    "hand_from_row",
    "hands_played",
    "playoff_due_tables",
    "playoffs",
    "recent_events",
    "results",
    "rotation",
    "rotation_payload",
    "standings",
    "standings_payload",
    "team_entries",
    "teams_by_table",
]
