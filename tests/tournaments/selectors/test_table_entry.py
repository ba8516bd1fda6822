"""What a table's phone sees of its last entry (selectors.table_entry)."""

from __future__ import annotations

from dataclasses import replace

from tournaments.models import Event
from tournaments.rules.hand_now import HandNow
from tournaments.selectors.table_entry import LastEntry, TableState


def state(visitor_tricks: int | None) -> TableState:
    event = Event(flags_per_table=10, one_flag_at=8, two_flags_at=10, revoke_penalty=2)
    last = None
    if visitor_tricks is not None:
        last = LastEntry(3, visitor_tricks, 0, 0, visitor_tricks, "table 5", waiting=False)
    hall = HandNow(current=None, complete=0)
    return TableState(event, 5, None, None, last, {}, hall)


def test_the_last_entry_says_how_many_flags_its_visitors_took_by_the_events_thresholds():
    assert [state(tricks).last_flags for tricks in (7, 8, 9, 10, 13)] == [0, 1, 1, 2, 2]
    higher = state(9)
    higher = replace(higher, event=Event(one_flag_at=10, two_flags_at=12))
    assert higher.last_flags == 0


def test_a_table_with_no_entry_yet_has_moved_no_flag():
    assert state(None).last_flags == 0
