"""The computer players: always legal, and playing the way a club player would."""

from __future__ import annotations

import random

import pytest

from practice.games.whist.ai import BasicPlayer, RandomPlayer, play_hand
from practice.games.whist.cards import Card, Seat, Suit
from practice.games.whist.game import Game, PlayerView, Trick, new_deal


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def view(seat: Seat, hand: str, leader: Seat, trick: str = "", trump=Suit.SPADES, tricks=()):
    """A position: ``seat`` holds ``hand``; ``leader`` led the cards ``trick`` so far."""
    current = Trick(leader=leader, cards=cards(trick))
    return PlayerView(seat=seat, hand=cards(hand), trump=trump, tricks=tricks, current=current)


def choose(position: PlayerView) -> str:
    return BasicPlayer().choose(position).code


def test_second_hand_plays_low():
    """Second to play, the player follows with a low card, keeping the king back."""
    position = view(Seat.NORTH, "KH 3H 7D 4C", leader=Seat.WEST, trick="5H")
    assert choose(position) == "3H"


def test_third_hand_plays_high():
    """Third to play after partner's low lead, the player puts up the king."""
    position = view(Seat.SOUTH, "KD 9D 2D 4C", leader=Seat.NORTH, trick="4D 6D")
    assert choose(position) == "KD"


def test_last_player_wins_as_cheaply_as_possible():
    """Last to play with opponents winning, the player wins with the lowest card that does it."""
    position = view(Seat.WEST, "AS JS 3S 4C", leader=Seat.SOUTH, trick="4S TS 6S", trump=None)
    assert choose(position) == "JS"


def test_partner_winning_card_is_not_overtaken():
    """Last to play with partner winning, the player follows low instead of overtaking."""
    position = view(Seat.WEST, "AH 2H 4C", leader=Seat.NORTH, trick="5H KH 7H", trump=None)
    assert choose(position) == "2H"


def test_void_player_trumps_an_opponent_winner_with_the_lowest_trump():
    """Last to play, void in the suit led, the player trumps as cheaply as possible."""
    position = view(Seat.WEST, "9S 2S 5D 8H", leader=Seat.NORTH, trick="AC 4C 3C")
    assert choose(position) == "2S"


def test_void_player_discards_when_partner_is_winning():
    """Last to play, void, with partner winning, the player throws a low side card."""
    position = view(Seat.WEST, "9S 2S 5D 8H", leader=Seat.NORTH, trick="3C AC 4C")
    assert choose(position) == "5D"


def test_leader_with_the_master_trump_draws_trumps():
    """On lead with the ace of trumps while opponents may hold trumps, the player leads a trump."""
    position = view(Seat.SOUTH, "AS KS 4S 7H 8D 9C", leader=Seat.SOUTH)
    assert Card.parse(choose(position)).suit is Suit.SPADES


def test_leader_stops_drawing_trumps_once_they_are_all_out():
    """Having counted every other trump played, the player leads a side suit instead."""
    spades = cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
    gone = tuple(Trick(Seat.SOUTH, spades[i : i + 4], Seat.SOUTH) for i in range(0, 12, 4))
    position = view(Seat.SOUTH, "AS 7H 8D 9C KC", leader=Seat.SOUTH, tricks=gone)
    assert Card.parse(choose(position)).suit is not Suit.SPADES


def test_basic_player_always_plays_legally():
    """Over 300 deals the basic player at all four seats only plays legal cards."""
    player = BasicPlayer()
    for seed in range(300):
        game = Game(new_deal(seed))
        while not game.is_over:
            card = player.choose(game.view())
            assert card in game.legal_moves()
            game.play(card)


def test_basic_player_beats_random_play():
    """Over 200 deals basic North-South take most of the tricks from random East-West."""
    basic, rand = BasicPlayer(), RandomPlayer(random.Random(3))
    total = 0
    for seed in range(200):
        game = Game(new_deal(seed))
        play_hand(game, {seat: basic if seat.is_north_south else rand for seat in Seat})
        total += game.outcome().north_south_tricks
    assert total / 200 > 7.5


def test_strong_player_finds_the_only_winning_play():
    """With two tricks left at no-trump, the strong player cashes its ace before losing the lead."""
    pytest.importorskip("endplay")
    from practice.games.whist.cards import DECK
    from practice.games.whist.search import StrongPlayer

    # Left: South AH 2D, West KH 3D, North 5C 6C, East AD 4D; every other card is gone.
    left = set(cards("AH 2D KH 3D 5C 6C AD 4D"))
    gone = [card for card in DECK if card not in left]
    tricks = tuple(Trick(Seat.SOUTH, tuple(gone[i : i + 4]), Seat.SOUTH) for i in range(0, 44, 4))
    lead = view(Seat.SOUTH, "AH 2D", leader=Seat.SOUTH, trump=None, tricks=tricks)
    assert StrongPlayer(1).score(lead)[Card.parse("AH")] > 0
    assert StrongPlayer(1).choose(lead).code == "AH"
