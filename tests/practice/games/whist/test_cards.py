"""Cards, suits, seats and the seeded deal."""

from __future__ import annotations

import random

import pytest

from practice.games.whist.cards import DECK, Card, Rank, Seat, Suit, deal, sort_hand


def test_deck_holds_52_different_cards():
    """The deck has every suit and rank once."""
    assert len(set(DECK)) == 52


def test_card_says_its_name_in_words():
    """A card reads as a screen reader would say it."""
    assert Card(Suit.SPADES, Rank.QUEEN).words == "Queen of spades"


def test_card_code_round_trips():
    """A card's code parses back to the same card, and 10 is accepted for the ten."""
    for card in DECK:
        assert Card.parse(card.code) == card
    assert Card.parse("10H") == Card(Suit.HEARTS, Rank.TEN)


def test_a_nonsense_card_is_refused():
    """Parsing text that is no card raises ValueError."""
    with pytest.raises(ValueError):
        Card.parse("1X")


def test_partners_sit_opposite():
    """North partners South and East partners West."""
    assert Seat.NORTH.partner is Seat.SOUTH
    assert Seat.EAST.partner is Seat.WEST


def test_play_goes_clockwise():
    """The seat after West is North."""
    assert [seat.next() for seat in Seat] == [Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH]


def test_a_seed_deals_the_same_hands():
    """Two deals from the same seed are identical, and each seat gets 13 of the 52 cards."""
    hands = deal(random.Random(8))
    assert hands == deal(random.Random(8))
    assert all(len(cards) == 13 for cards in hands.values())
    assert {card for cards in hands.values() for card in cards} == set(DECK)


def test_hand_is_sorted_by_suit_then_highest_first():
    """A sorted hand groups suits with the highest card of each first."""
    cards = [Card.parse(code) for code in ("2S", "AH", "KS", "3C", "TD")]
    assert [c.code for c in sort_hand(cards)] == ["KS", "2S", "AH", "3C", "TD"]
