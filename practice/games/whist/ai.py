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
from .game import Game, PlayerView
from .leads import club_lead, masks
from .tricks import beats, winning_index


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

    def trumps_out(self) -> int:
        """Trumps not yet played and not in this seat's hand (the count a player keeps)."""
        return 0 if self.trump is None else len(self.unseen_in(self.trump))

    def may_hold(self, seat: Seat, suit: Suit) -> bool:
        return suit not in self.voids[seat] and bool(self.unseen_in(suit))

    def may_ruff(self, seat: Seat, suit: Suit) -> bool:
        """Whether ``seat`` might trump a lead of ``suit``: void in it, or likely to be."""
        if self.trump is None or suit == self.trump or not self.may_hold(seat, self.trump):
            return False
        return suit in self.voids[seat] or len(self.unseen_in(suit)) < 3

    def is_master(self, card: Card) -> bool:
        """No card still unseen in the suit is higher."""
        return all(other.rank < card.rank for other in self.unseen_in(card.suit))

    def holds_trick(self, card: Card, led: Suit, still_to_play: list[Seat]) -> bool:
        """Whether ``card`` will win the trick whatever the seats still to play hold."""
        for seat in still_to_play:
            if card.suit == led and self.may_hold(seat, led):
                if not self.is_master(card):
                    return False
            elif card.suit == led and self.may_ruff(seat, led):
                return False
            ruffing = card.suit == self.trump and card.suit != led
            if ruffing and self.may_hold(seat, card.suit) and not self.is_master(card):
                return False
        return True

    def cheapest_equal(self, card: Card) -> Card:
        """The lowest card in hand worth as much as ``card`` (the cards between are gone)."""
        best = card
        ranks = {c.rank for c in self.view.hand if c.suit == card.suit}
        for rank in sorted(ranks, reverse=True):
            if rank >= best.rank:
                continue
            between = [c for c in self.unseen_in(card.suit) if rank < c.rank < best.rank]
            if between:
                break
            best = Card(card.suit, rank)
        return best


class BasicPlayer:
    """Rule-of-thumb play; deterministic, so a seed always replays the same hand."""

    def choose(self, view: PlayerView) -> Card:
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        know = Knowledge(view)
        if not view.current.cards:
            return self.lead(view, know)
        return self.follow(view, know, legal)

    # Leading ------------------------------------------------------------------------------

    def lead(self, view: PlayerView, know: Knowledge) -> Card:
        """Draw trumps with the master trump, cash a master where no opponent can ruff, give
        partner a ruff, else lead from the longest safe suit (``leads.club_lead``)."""
        unseen = masks(know.unseen)
        return club_lead(view.seat, masks(view.hand), unseen, know.voids, view.trump)

    # Following ----------------------------------------------------------------------------

    def follow(self, view: PlayerView, know: Knowledge, legal: list[Card]) -> Card:
        trump, cards = view.trump, view.current.cards
        led = cards[0].suit
        position = len(cards)
        best_index = winning_index(cards, trump)
        best = cards[best_index]
        winner = Seat((view.current.leader + best_index) % 4)
        later = [Seat((view.seat + i) % 4) for i in range(1, 4 - position)]
        following = legal[0].suit == led
        winners = [c for c in legal if beats(c, best, trump)]
        if winner == view.seat.partner and know.holds_trick(best, led, later):
            return self.throw(legal, know, following)
        if not winners:
            return self.throw(legal, know, following)
        cheapest = min(winners, key=lambda c: (c.suit == trump, c.rank))
        if position == 3:
            return cheapest
        sure = [c for c in winners if know.holds_trick(c, led, later)]
        if position == 1:
            if following and not (best.rank >= 11 and sure):
                return self.throw(legal, know, following)  # second hand low
            if not following and not (best.rank >= 12 or know.is_master(best)):
                return self.throw(legal, know, following)  # partner may still win it
            return min(sure or [cheapest], key=lambda c: (c.suit == trump, c.rank))
        if sure:
            return min(sure, key=lambda c: (c.suit == trump, c.rank))
        if following:
            return know.cheapest_equal(max(winners))  # third hand high
        return cheapest

    def throw(self, legal: list[Card], know: Knowledge, following: bool) -> Card:
        """A card that will not win: the lowest of the suit led, or the least useful discard."""
        if following:
            return min(legal, key=lambda c: c.rank)
        trump = know.trump
        return min(legal, key=lambda c: (c.suit == trump, know.is_master(c), c.rank))


def play_hand(game: Game, players: dict[Seat, Player]) -> None:
    """Let ``players`` play the rest of ``game``."""
    while not game.is_over:
        game.play(players[game.turn].choose(game.view()))
