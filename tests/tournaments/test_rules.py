"""Property tests: flags are conserved, net flags and standings equal independent sums,
and every generated rotation is a balanced derangement."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rules import rotation
from tournaments.rules.flags import day_ledger, net_flags_by_day
from tournaments.rules.standings import rank_teams
from tournaments.rules.types import FlagSettings, Result, TeamEntry


@st.composite
def played_day(draw):
    tables = draw(st.integers(2, 12))
    hands = draw(st.integers(1, 15))
    rot = rotation.generate(tables, [hands])
    flags = draw(st.integers(0, 12))
    results = []
    for hand in rot.hands:
        for home, host in hand.moves.items():
            if draw(st.booleans()):  # partial entry is allowed
                tricks = draw(st.integers(0, 13))
                results.append(Result(hand.number, 1, host, home, tricks))
    return tables, results, FlagSettings(flags_per_table=flags)


@given(played_day())
def test_flags_are_conserved_across_tables(day):
    """Flags on tables minus loans always add up to the flags the day started with."""
    tables, results, flag_settings = day
    summary, _ = day_ledger(tables, 1, results, flag_settings)
    assert sum(s.net for s in summary.values()) == tables * flag_settings.flags_per_table
    assert all(s.on_table >= 0 for s in summary.values())


@given(played_day())
def test_net_flags_equal_an_independent_recomputation(day):
    """The ledger's net flags equal a plain count of flags won and lost per table."""
    tables, results, flag_settings = day
    summary, _ = day_ledger(tables, 1, results, flag_settings)
    expected = Counter({t: flag_settings.flags_per_table for t in range(1, tables + 1)})
    for r in results:
        won = 2 if r.visitor_tricks >= 10 else 1 if r.visitor_tricks >= 7 else 0
        expected[r.visitor_table] += won
        expected[r.host_table] -= won
    assert {t: s.net for t, s in summary.items()} == dict(expected)
    by_day = net_flags_by_day(tables, results, flag_settings)
    assert by_day == ({1: dict(expected)} if results else {})


@given(st.lists(st.lists(st.integers(-30, 60), min_size=1, max_size=2), min_size=1, max_size=20))
def test_standings_equal_an_independent_ranking(days_per_team):
    """A team's rank is one more than the number of teams with a higher total."""
    entries = [TeamEntry(i + 1, f"T{i + 1}", tuple(d)) for i, d in enumerate(days_per_team)]
    rows = rank_teams(entries)
    totals = {e.table: sum(e.days) for e in entries}
    for row in rows:
        assert row.total == totals[row.table]
        assert row.rank == 1 + sum(1 for t in totals.values() if t > row.total)
        assert row.tied == (list(totals.values()).count(row.total) > 1)


@settings(max_examples=60)
@given(st.integers(2, 60), st.integers(1, 60))
def test_every_generated_rotation_is_a_balanced_derangement(tables, hands):
    """Every hand is a derangement, visits are spread evenly and no visit repeats at once."""
    rot = rotation.generate(tables, [hands])
    rotation.validate(rot)
    counts = rotation.visit_counts(rot)
    per_team = [
        [counts.get((home, host), 0) for host in range(1, tables + 1) if host != home]
        for home in range(1, tables + 1)
    ]
    assert all(max(row) - min(row) <= 1 for row in per_team)
    if tables > 2:
        assert rotation.repeat_visits(rot) == []
