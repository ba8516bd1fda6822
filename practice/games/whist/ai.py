"""Computer players. Each sees only a ``PlayerView`` (its own cards and the play so far).

- ``RandomPlayer`` plays any legal card; a yardstick for the benchmark.
- ``BasicPlayer`` plays by the rules of thumb a club player learns: second hand low, third
  hand high, win as cheaply as possible, leave a partner's winning card alone, ruff or
  discard when void, draw trumps while holding the master trump, and count the trumps.
- ``StrongPlayer`` (in ``search.py``) samples the unseen cards and searches each layout.
"""

from __future__ import annotations

import random
from typing import Protocol

from .cards import DECK, Card, Seat, Suit
from .club import cheapest_equal_in, club_card, masks
from .game import Game, PlayerView


class Player(Protocol):
    def choose(self, view: PlayerView) -> Card: ...


class RandomPlayer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Card:
        return self.rng.choice(view.legal_moves())


class Knowledge:
    """What a seat can work out from the play: cards gone, cards unseen, and known voids."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.trump = view.trump
        self.played: set[Card] = set()
        self.voids: dict[Seat, set[Suit]] = {seat: set() for seat in Seat}
        for seat, card, led in view.all_plays():
            self.played.add(card)
            if card.suit != led:
                self.voids[seat].add(led)
        mine = set(view.hand)
        self.unseen = {c for c in DECK if c not in self.played and c not in mine}

    def unseen_in(self, suit: Suit) -> list[Card]:
        return [card for card in self.unseen if card.suit == suit]

    def may_hold(self, seat: Seat, suit: Suit) -> bool:
        return suit not in self.voids[seat] and bool(self.unseen_in(suit))

    def is_master(self, card: Card) -> bool:
        """No card still unseen in the suit is higher (a hint's "cash a winner")."""
        return all(other.rank < card.rank for other in self.unseen_in(card.suit))

    def cheapest_equal(self, card: Card) -> Card:
        """The lowest card in hand worth as much as ``card`` (the cards between are gone)."""
        return cheapest_equal_in(masks(self.view.hand), masks(self.unseen), card.suit, card.rank)


class BasicPlayer:
    """Rule-of-thumb play (``club.club_card``); deterministic, so a seed always replays the
    same hand."""

    def choose(self, view: PlayerView) -> Card:
        know = Knowledge(view)
        hand, unseen = masks(view.hand), masks(know.unseen)
        leader, played = view.current.leader, view.current.cards
        return club_card(view.seat, hand, unseen, know.voids, view.trump, leader, played)


def play_hand(game: Game, players: dict[Seat, Player]) -> None:
    """Let ``players`` play the rest of ``game``."""
    while not game.is_over:
        game.play(players[game.turn].choose(game.view()))
