"""One rule of play per test: following suit, trump, the trick winner, and the flags."""

from __future__ import annotations

import pytest

from practice.games.whist.cards import Card, Seat, Suit
from practice.games.whist.tricks import (
    flags_won,
    legal_moves,
    parse_trump,
    trick_winner,
    trump_from_sequence,
)


def cards(*codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes]


def test_must_follow_suit_when_able():
    """A player holding the suit led may play only that suit."""
    hand = cards("AS", "4H", "9H", "KC")
    assert legal_moves(hand, Suit.HEARTS) == cards("4H", "9H")


def test_any_card_when_void_in_the_suit_led():
    """A player with none of the suit led may play any card."""
    hand = cards("AS", "KC")
    assert legal_moves(hand, Suit.HEARTS) == hand


def test_the_leader_may_play_any_card():
    """The first card of a trick may be any card in the hand."""
    hand = cards("AS", "4H", "KC")
    assert legal_moves(hand, None) == hand


def test_trump_beats_the_suit_led():
    """The lowest trump wins over the ace of the suit led."""
    trick = cards("AH", "KH", "2S", "QH")
    assert trick_winner(Seat.NORTH, trick, Suit.SPADES) is Seat.SOUTH


def test_highest_trump_wins_when_several_trump():
    """When two players trump, the higher trump wins."""
    trick = cards("AH", "3S", "JS", "KH")
    assert trick_winner(Seat.WEST, trick, Suit.SPADES) is Seat.EAST


def test_highest_card_of_the_suit_led_wins_without_trump():
    """With no trump played, the highest card of the suit led wins."""
    trick = cards("9D", "QD", "AC", "4D")
    assert trick_winner(Seat.EAST, trick, Suit.SPADES) is Seat.SOUTH


def test_a_discard_never_wins_in_no_trump():
    """At no-trump, an ace of another suit loses to the suit led."""
    trick = cards("2D", "AS", "AC", "AH")
    assert trick_winner(Seat.NORTH, trick, None) is Seat.NORTH


def test_trump_codes_parse():
    """Event trump codes name a suit, or None for no-trump."""
    assert parse_trump("H") is Suit.HEARTS
    assert parse_trump("NT") is None
    with pytest.raises(ValueError):
        parse_trump("X")


def test_trump_follows_an_event_sequence():
    """Hand 6 of an H,S,D,C event is played with spades as trump."""
    assert trump_from_sequence(["H", "S", "D", "C"], 6) is Suit.SPADES


@pytest.mark.parametrize(("tricks", "flags"), [(0, 0), (6, 0), (7, 1), (9, 1), (10, 2), (13, 2)])
def test_visitor_tricks_win_flags(tricks, flags):
    """Visitors win 1 flag for 7 to 9 tricks, 2 for 10 or more, none for 6 or fewer."""
    assert flags_won(tricks) == flags
