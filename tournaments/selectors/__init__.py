"""ORM reads turned into rules types. Stateless: every function reads afresh, in a fixed
number of queries; what pages show again and again is kept by ``tournaments.snapshot``.
"""

from .events import EventRow, event_by_slug, event_rows, recent_events
from .hand_grid import (
    hand_corrections,
    hand_history,
    hand_is_closed,
    hand_loans,
    hand_results,
    hand_row,
    hands_entered,
    saved_results,
    waiting_entries,
    waiting_shown,
)
from .hand_now import event_hand_now, hand_now_facts, hands_now, partial_hands
from .ledger import (
    closed_days,
    load_day_ledger,
    load_teams_by_table,
    results,
    table_ledgers,
    teams,
)
from .people import playoff_change, playoff_history, public_name, role_names, roles
from .ranking import all_hands_played, entries_from_net, team_entries
from .rotation import build_rotation_payload, hand_from_row, load_rotation
from .table_entry import entry_tokens, load_table_state, moving, table_holdings, token_row

__all__ = [
    "EventRow",
    "event_rows",
    "entries_from_net",
    "hand_now_facts",
    "hand_corrections",
    "event_hand_now",
    "hands_now",
    "moving",
    "partial_hands",
    "all_hands_played",
    "closed_days",
    "load_day_ledger",
    "entry_tokens",
    "event_by_slug",
    "hand_from_row",
    "hand_history",
    "hand_is_closed",
    "hand_loans",
    "hand_results",
    "hand_row",
    "hands_entered",
    "saved_results",
    "playoff_change",
    "playoff_history",
    "public_name",
    "recent_events",
    "results",
    "role_names",
    "roles",
    "load_rotation",
    "build_rotation_payload",
    "table_holdings",
    "table_ledgers",
    "load_table_state",
    "team_entries",
    "teams",
    "load_teams_by_table",
    "token_row",
    "waiting_entries",
    "waiting_shown",
]
