"""A table's day hand by hand, and the hands likeliest to explain a count that differs."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules import rotation
from tournaments.rules.flags import day_ledger
from tournaments.rules.table_ledger import likely_hands, on_table_after, table_ledger
from tournaments.rules.types import FlagSettings, Result

SETTINGS = FlagSettings()


def day(tables: int, tricks: dict[tuple[int, int], int], hands: int = 6):
    """A day of ``hands`` hands with the visitors' tricks per (hand, host) entered."""
    rot = rotation.generate(tables, [hands])
    results = [
        Result(h.number, 1, host, home, tricks[(h.number, host)])
        for h in rot.hands
        for home, host in h.moves.items()
        if (h.number, host) in tricks
    ]
    return rot, results


def test_a_slip_one_trick_from_a_flag_comes_before_one_six_tricks_away():
    """Table 1 counted one flag more than expected: hand 2's visitors took 7 (one flag out),
    and 6 would have kept it; hand 1's took 13 (two out). Hand 2 is named first."""
    rot, results = day(4, {(h, t): 3 for h in range(1, 7) for t in range(1, 5)} | {(1, 1): 13})
    results = [
        r if (r.hand, r.host_table) != (2, 1) else Result(2, 1, 1, r.visitor_table, 7)
        for r in results
    ]
    lines = table_ledger(1, 4, rot.hands, results, SETTINGS)
    counted = lines[-1].on_table + 1
    suspects = likely_hands(lines, counted, 12, SETTINGS)
    assert [(s.hand, s.home, s.now, s.would) for s in suspects][0] == (2, True, 7, 6)
    assert 1 in [s.hand for s in suspects]  # 13 read as 7-9 also matches, further away


@given(
    tricks=st.dictionaries(
        st.tuples(st.integers(1, 6), st.integers(1, 5)), st.integers(0, 13), max_size=30
    ),
    table=st.integers(1, 5),
    off=st.integers(-4, 4).filter(bool),
)
def test_every_named_hand_would_make_the_count_match(tricks, table, off):
    """At most five hands are named, and reading each one's slip as named gives exactly the
    counted flags; the ledger's own end agrees with the whole day's ledger."""
    rot, results = day(5, tricks)
    lines = table_ledger(table, 5, rot.hands, results, SETTINGS)
    summary, _ = day_ledger(5, 1, results, SETTINGS)
    assert on_table_after(lines, 12, SETTINGS) == summary[table].on_table
    counted = summary[table].on_table + off
    suspects = likely_hands(lines, counted, 12, SETTINGS)
    assert len(suspects) <= 5
    for s in suspects:
        index = [line.hand for line in lines].index(s.hand)
        assert on_table_after(lines, 12, SETTINGS, (index, s.home, s.would)) == counted


def test_hands_not_entered_yet_are_not_suspected():
    """Counted after hand 3 of 6, one flag short: hands 4-6 (nothing entered yet) are never
    named, only hands 1-3 where a slip read otherwise would explain it."""
    rot, results = day(4, {(h, t): 8 for h in range(1, 4) for t in range(1, 5)})
    lines = table_ledger(1, 4, rot.hands, results, SETTINGS)
    suspects = likely_hands(lines, lines[-1].on_table - 1, 12, SETTINGS)
    assert suspects and {s.hand for s in suspects} <= {1, 2, 3}
