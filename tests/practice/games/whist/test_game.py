"""A hand from deal to the thirteenth trick: turns, leads, refusals and invariants."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from practice.games.whist.ai import RandomPlayer
from practice.games.whist.cards import DECK, Card, Seat, Suit
from practice.games.whist.game import Game, IllegalPlay, new_deal
from practice.games.whist.tricks import trick_winner


def test_player_left_of_the_dealer_leads_first():
    """The first trick is led by the seat after the dealer."""
    deal = new_deal(3)
    assert Game(deal).turn is deal.dealer.next()


def test_trick_winner_leads_the_next_trick():
    """After each trick, its winner is on lead."""
    game = Game(new_deal(4))
    rng = random.Random(4)
    while not game.is_over:
        completed = game.play(rng.choice(game.legal_moves()))
        if completed is not None and not game.is_over:
            assert game.turn is completed.winner
            assert completed.winner is trick_winner(completed.leader, completed.cards, game.trump)


def test_a_card_out_of_turn_is_refused():
    """Naming a seat that is not on turn raises IllegalPlay and changes nothing."""
    game = Game(new_deal(5))
    other = game.turn.next()
    with pytest.raises(IllegalPlay):
        game.play(game.hands[other][0], seat=other)
    assert game.plays == []


def test_a_card_not_held_is_refused():
    """A card from another hand cannot be played."""
    game = Game(new_deal(5))
    other = game.turn.partner
    with pytest.raises(IllegalPlay, match="does not hold"):
        game.play(game.hands[other][0])


def test_a_revoke_is_refused():
    """Failing to follow suit when able raises IllegalPlay."""
    for seed in range(100):
        game = Game(new_deal(seed))
        game.play(game.legal_moves()[0])
        illegal = [c for c in game.hands[game.turn] if c not in game.legal_moves()]
        if illegal:
            with pytest.raises(IllegalPlay, match="follow suit"):
                game.play(illegal[0])
            assert len(game.plays) == 1
            return
    raise AssertionError("no deal with a possible revoke")


def test_trump_can_be_fixed_or_follow_a_sequence():
    """A fixed trump or an event sequence overrides the drawn trump, keeping the cards."""
    drawn = new_deal(9)
    assert new_deal(9, trump="NT").trump is None
    assert new_deal(9, sequence=["H", "S", "D", "C"], hand_number=3).trump is Suit.DIAMONDS
    assert new_deal(9, trump="C").hands == drawn.hands


def test_every_trump_choice_comes_up_at_random():
    """Over many seeds the drawn trump is each suit and no-trump."""
    assert {new_deal(seed).trump for seed in range(100)} == {*Suit, None}


def test_replay_rebuilds_the_same_position():
    """Replaying the codes of the cards played gives the same game."""
    game = Game(new_deal(6))
    rng = random.Random(6)
    for _ in range(17):
        game.play(rng.choice(game.legal_moves()))
    again = Game.replay(new_deal(6), [card.code for card in game.plays])
    assert again.hands == game.hands
    assert again.tricks == game.tricks
    assert again.turn == game.turn


def test_replay_refuses_a_bad_card_code():
    """A stored play that is no card raises IllegalPlay."""
    with pytest.raises(IllegalPlay):
        Game.replay(new_deal(6), ["XX"])


def test_random_full_hands_keep_the_rules():
    """Over 3,000 seeded deals: 13 tricks, every card once, every card legal when played."""
    rng = random.Random(2024)
    for seed in range(3000):
        game = Game(new_deal(seed))
        player = RandomPlayer(rng)
        while not game.is_over:
            legal = game.legal_moves()
            card = player.choose(game.view())
            assert card in legal
            held = game.hands[game.turn]
            led = game.led_suit
            if led is not None and any(c.suit == led for c in held):
                assert card.suit == led
            game.play(card)
        assert len(game.tricks) == 13
        assert Counter(game.plays) == Counter(DECK)
        assert all(len(cards) == 0 for cards in game.hands.values())
        outcome = game.outcome()
        assert outcome.north_south_tricks + outcome.east_west_tricks == 13


def test_outcome_counts_north_south_as_visitors():
    """The flags outcome is worked out from North-South's tricks."""
    game = Game(new_deal(1))
    rng = random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    ns = sum(1 for trick in game.tricks if trick.winner in (Seat.NORTH, Seat.SOUTH))
    assert game.outcome().north_south_tricks == ns


def test_view_shows_only_the_seat_on_turn_its_own_cards():
    """A player's view holds its own cards and the cards played, nothing else."""
    game = Game(new_deal(2))
    game.play(game.legal_moves()[0])
    view = game.view()
    assert view.seat is game.turn
    assert view.hand == tuple(game.hands[game.turn])
    assert view.cards_held(view.seat.next().next().next()) == 12
    assert isinstance(view.current.cards[0], Card)
