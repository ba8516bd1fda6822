"""Ranking teams by total net flags."""

from __future__ import annotations

from tournaments.rules.standings import competition_ranks, rank_teams
from tournaments.rules.types import TeamEntry


def test_highest_total_ranks_first():
    """The team with the most flags is first."""
    rows = rank_teams([TeamEntry(1, "Kingston", (10,)), TeamEntry(2, "Perth", (14,))])
    assert [(s.rank, s.team) for s in rows] == [(1, "Perth"), (2, "Kingston")]


def test_equal_totals_share_a_rank_and_the_next_rank_is_skipped():
    """Two teams on 13 are both second and the next team is fourth."""
    assert competition_ranks([-20, -13, -13, -9]) == [1, 2, 2, 4]


def test_shared_ranks_are_marked_tied():
    """Teams that share a rank are marked tied; the others are not."""
    rows = rank_teams(
        [TeamEntry(1, "A", (12,)), TeamEntry(2, "B", (12,)), TeamEntry(3, "C", (11,))]
    )
    assert [(s.rank, s.tied) for s in rows] == [(1, True), (1, True), (3, False)]


def test_total_is_the_sum_of_the_day_records():
    """A team's total adds up its net flags of every day."""
    (row,) = rank_teams([TeamEntry(5, "Sarnia", (14, 13))])
    assert row.total == 27 and row.days == (14, 13)


def test_unequal_hands_per_day_still_add_by_day():
    """Day 1 of 30 hands and day 2 of 20 hands count as recorded, not averaged."""
    rows = rank_teams([TeamEntry(1, "A", (20, 8)), TeamEntry(2, "B", (12, 15))])
    assert [(s.team, s.total) for s in rows] == [("A", 28), ("B", 27)]


def test_a_playoff_gives_tied_teams_distinct_ranks():
    """Once a playoff has placed them, tied teams get their own ranks and lose the tie mark."""
    entries = [TeamEntry(1, "A", (12,)), TeamEntry(2, "B", (12,)), TeamEntry(3, "C", (20,))]
    rows = rank_teams(entries, decided={2: (1, (1,)), 1: (2, (1,))})
    assert [(s.rank, s.team, s.tied) for s in rows] == [
        (1, "C", False),
        (2, "B", False),
        (3, "A", False),
    ]
    assert rows[1].playoff == (1,)
