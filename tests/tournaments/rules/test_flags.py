"""The flag rules of DESIGN.md section 1, one rule a test."""

from __future__ import annotations

from tournaments.rules.flags import (
    adjusted_tricks,
    day_ledger,
    flags_won,
    hand_moves,
    net_flags_by_day,
    nets_added,
)
from tournaments.rules.types import FlagSettings, Result


def r(hand, host, visitor, tricks, day=1):
    return Result(hand=hand, day=day, host_table=host, visitor_table=visitor, visitor_tricks=tricks)


def test_six_tricks_move_no_flag():
    """Visitors who take 6 tricks leave the defenders' flags where they are."""
    assert flags_won(6) == 0


def test_seven_tricks_take_one_flag():
    """Visitors who take 7 tricks take one flag."""
    assert flags_won(7) == 1


def test_nine_tricks_take_one_flag():
    """Nine tricks is still one flag."""
    assert flags_won(9) == 1


def test_ten_tricks_take_two_flags():
    """Visitors who take 10 tricks take two flags."""
    assert flags_won(10) == 2


def test_thirteen_tricks_take_two_flags():
    """A clean sweep of 13 tricks is worth two flags, no more."""
    assert flags_won(13) == 2


def test_thresholds_follow_the_event_settings():
    """An event that pays one flag from 8 tricks and two from 11 is honoured."""
    variant = FlagSettings(one_flag_at=8, two_flags_at=11)
    assert [flags_won(t, variant) for t in (7, 8, 10, 11)] == [0, 1, 1, 2]


def test_visitor_revoke_gives_two_tricks_to_the_hosts():
    """A revoke by the visitors turns their 8 tricks into 6."""
    assert adjusted_tricks(8, visitor_revokes=1) == 6


def test_host_revoke_gives_two_tricks_to_the_visitors():
    """A revoke by the hosts turns the visitors' 8 tricks into 10."""
    assert adjusted_tricks(8, host_revokes=1) == 10


def test_revokes_by_both_sides_cancel():
    """One revoke each way leaves the tricks as played."""
    assert adjusted_tricks(7, visitor_revokes=1, host_revokes=1) == 7


def test_revoke_adjustment_stays_within_the_hand():
    """Penalties never make fewer than 0 or more than 13 tricks."""
    assert adjusted_tricks(1, visitor_revokes=2) == 0
    assert adjusted_tricks(12, host_revokes=3) == 13


def test_revoke_penalty_is_a_setting():
    """An event with a three-trick revoke penalty applies three."""
    assert adjusted_tricks(9, visitor_revokes=1, penalty=3) == 6


def test_table_that_runs_dry_gets_a_loan_for_the_shortfall():
    """A host with one flag that loses two is loaned one so the visitors collect in full."""
    moves = hand_moves([r(1, 2, 1, 11)], held={1: 12, 2: 1})
    assert (moves[0].flags, moves[0].loan) == (2, 1)


def test_winnings_arrive_after_the_hand_so_a_table_pays_from_what_it_held():
    """A table holding nothing borrows even when its own pair wins flags in the same hand."""
    summary, moves = day_ledger(
        2, 1, [r(1, 2, 1, 10), r(1, 1, 2, 10)], FlagSettings(flags_per_table=0)
    )
    assert [m.loan for m in moves] == [2, 2]
    assert summary[1].on_table == 2 and summary[1].loans == 2 and summary[1].net == 0


def test_net_flags_can_be_negative():
    """A table that loses more than it started with shows negative net flags."""
    results = [r(h, 1, 2, 13) for h in range(1, 8)]
    summary, _ = day_ledger(2, 1, results)
    assert summary[1].net == 12 - 14
    assert summary[1].on_table == 0 and summary[1].loans == 2


def test_net_flags_ignore_when_loans_were_made():
    """Net flags are flags started with plus flags won minus flags lost."""
    results = [r(h, 1, 2, 13) for h in range(1, 8)]
    assert net_flags_by_day(2, results)[1] == {1: -2, 2: 26}


def test_every_day_starts_with_twelve_flags_at_every_table():
    """Day 2's flags do not carry day 1's gains or losses."""
    results = [r(1, 1, 2, 13, day=1), r(31, 2, 1, 7, day=2)]
    net = net_flags_by_day(2, results)
    assert net[1] == {1: 10, 2: 14}
    assert net[2] == {1: 13, 2: 11}


def test_a_day_with_no_results_has_not_begun():
    """Only days with at least one result appear in the net flags."""
    assert set(net_flags_by_day(4, [r(31, 1, 2, 8, day=2)])) == {2}


def test_hands_nets_add_up_table_by_table():
    """Two hands' flags won less lost add up for each table; no hand yet leaves every table at 0."""
    assert nets_added([(1, -1, 0), (0, 2, -2)], 3) == (1, 1, -2)
    assert nets_added([], 3) == (0, 0, 0)
