"""ORM reads turned into rules types; the only place views get data from.

Every function runs a fixed number of queries. Standings and the rotation are derived on demand
and cached under the event's revision, which every write bumps.
"""

from .events import (
    EventRow,
    cached,
    cached_by_slug,
    cached_page,
    event_by_slug,
    event_rows,
    forget_stamps,
    keep_page_event,
    page_event,
    recent_events,
    revision_key,
)
from .hall import hall_payload, hall_state, hall_states
from .hand_grid import (
    hand_history,
    hand_loans,
    hand_results,
    hand_row,
    hands_entered,
    waiting_entries,
)
from .ledger import (
    closed_days,
    day_ledger,
    results,
    table_ledgers,
    table_results,
    team_at,
    teams,
    teams_by_table,
)
from .movement import hand_from_row, rotation, rotation_payload
from .people import playoff_change, playoff_history, public_name, role_names, roles
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
from .records import archive_text
from .table_entry import (
    entry_tokens,
    moving,
    table_now,
    table_state,
    token_row,
)

__all__ = [
    "EventRow",
    "event_rows",
    "forget_stamps",
    "hall_payload",
    "hall_state",
    "hall_states",
    "moving",
    "keep_page_event",
    "page_event",
    "archive_text",
    "advancing_tables",
    "all_hands_played",
    "cached",
    "cached_by_slug",
    "cached_page",
    "closed_days",
    "day_ledger",
    "entry_tokens",
    "event_by_slug",
    "hand_from_row",
    "hand_history",
    "hand_loans",
    "hand_results",
    "hand_row",
    "hands_entered",
    "hands_played",
    "playoff_due_tables",
    "playoff_change",
    "playoff_history",
    "playoffs",
    "public_name",
    "recent_events",
    "revision_key",
    "results",
    "role_names",
    "roles",
    "rotation",
    "rotation_payload",
    "standings",
    "standings_payload",
    "table_ledgers",
    "table_now",
    "table_state",
    "team_entries",
    "teams",
    "table_results",
    "team_at",
    "teams_by_table",
    "token_row",
    "waiting_entries",
]
