"""Rotation presets and the generator."""

from __future__ import annotations

import pytest

from tournaments.rules import rotation
from tournaments.rules.errors import RulesError
from tournaments.rules.types import Hand, Pair, Rotation, Trump


def test_thirty_hand_preset_is_one_day_of_two_sessions_of_fifteen():
    """The one-day preset plays 15 hands in the morning and 15 in the afternoon."""
    rot = rotation.from_preset("one-day-30", 8)
    sessions = [(h.day, h.session) for h in rot.hands]
    assert len(rot.hands) == 30 and sessions.count((1, 1)) == 15 and sessions.count((1, 2)) == 15


def test_fifty_hand_preset_is_fifteen_fifteen_then_twenty():
    """The two-day preset plays 15 + 15 on day 1 and 20 on day 2."""
    rot = rotation.from_preset("two-day-50", 16)
    days = [(h.day, h.session) for h in rot.hands]
    assert [days.count(k) for k in [(1, 1), (1, 2), (2, 1)]] == [15, 15, 20]


def test_first_hands_are_the_shortest_walks():
    """Hand 1 moves every pair to the next table, hand 2 to the previous one."""
    rot = rotation.generate(8, [4])
    assert rot.hands[0].moves[3] == 4 and rot.hands[1].moves[3] == 2 and rot.hands[2].moves[3] == 5


def test_no_pair_visits_its_own_table():
    """The movement is a derangement: every table hosts exactly one visiting pair."""
    rotation.validate(rotation.generate(5, [30]))


def test_a_custom_hand_with_two_pairs_at_one_table_is_refused():
    """A pattern that sends two pairs to table 2 is rejected with its hand number."""
    bad = Rotation(3, (Hand(1, 1, 1, {1: 2, 2: 3, 3: 2}),))
    with pytest.raises(RulesError, match="Hand 1: table 2 would host 2"):
        rotation.validate(bad)


def test_a_custom_hand_sending_a_pair_home_is_refused():
    """A pattern in which a pair stays at its own table is rejected."""
    bad = Rotation(2, (Hand(1, 1, 1, {1: 1, 2: 2}),))
    with pytest.raises(RulesError, match="visit its own table"):
        rotation.validate(bad)


def test_trump_follows_the_event_sequence():
    """Trump runs hearts, spades, diamonds, clubs and repeats."""
    rot = rotation.generate(4, [6])
    assert [h.trump for h in rot.hands] == [
        Trump.HEARTS,
        Trump.SPADES,
        Trump.DIAMONDS,
        Trump.CLUBS,
        Trump.HEARTS,
        Trump.SPADES,
    ]


def test_no_trump_can_be_part_of_the_sequence():
    """A sequence with NT gives a no-trump hand in its turn."""
    rot = rotation.generate(4, [5], trumps=rotation.parse_trumps("H,S,D,C,NT"))
    assert rot.hands[4].trump is Trump.NO_TRUMP


def test_leaders_cut_leaves_trump_to_be_recorded():
    """With the leader's cut, no hand has a trump until it is cut."""
    rot = rotation.generate(4, [3], trumps=rotation.parse_trumps("cut"))
    assert {h.trump for h in rot.hands} == {None}


def test_alternating_pattern_sends_ab_then_xy():
    """An event that alternates sends A and B first, then X and Y."""
    rot = rotation.generate(4, [4], alternate_pairs=True)
    assert [h.travelling for h in rot.hands] == [Pair.AB, Pair.XY, Pair.AB, Pair.XY]


def test_one_table_is_not_an_event():
    """An event needs at least two tables."""
    with pytest.raises(RulesError, match="2 to 250 tables"):
        rotation.generate(1, [30])


def test_a_bad_trump_sequence_names_the_problem():
    """A trump sequence with an unknown suit is refused."""
    with pytest.raises(RulesError, match="H, S, D, C and NT"):
        rotation.parse_trumps("H,X")
