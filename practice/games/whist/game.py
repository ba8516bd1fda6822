"""One hand of whist from the deal to the thirteenth trick.

A ``Deal`` is fixed by its seed (the cards, the dealer and, unless the event fixes it, the
trump). A ``Game`` is a deal plus the cards played so far, in order; it refuses a card that
is out of turn, not in the player's hand, or a failure to follow suit. The player on the
dealer's left leads to the first trick and the winner of each trick leads to the next.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from . import cards as cards_module
from .cards import HAND_SIZE, Card, Seat, Suit
from .tricks import (
    Trump,
    flags_won,
    legal_moves,
    parse_trump,
    random_trump,
    trick_winner,
    trump_from_sequence,
)

TRICKS_PER_HAND = 13


class IllegalPlay(ValueError):
    """A card the rules do not allow now: out of turn, not held, or a revoke.

    ``reason`` ("over", "turn", "not held", "follow") and ``values`` (seats, card, suit) let
    a page say it in the player's language; the message is the English sentence.
    """

    def __init__(self, message: str, reason: str = "", **values: object) -> None:
        super().__init__(message)
        self.reason = reason
        self.values = values


@dataclass(frozen=True)
class Deal:
    seed: int
    dealer: Seat
    trump: Trump
    hands: dict[Seat, tuple[Card, ...]]

    @property
    def first_leader(self) -> Seat:
        return self.dealer.next()


def new_deal(
    seed: int,
    *,
    trump: str | None = None,
    sequence: Sequence[str] = (),
    hand_number: int = 1,
) -> Deal:
    """The deal for ``seed``; trump is fixed by code, follows an event's sequence, or is drawn.

    The random trump is always drawn from the seed, so a seed gives the same cards and dealer
    whichever way the trump is chosen.
    """
    rng = random.Random(seed)
    hands = cards_module.deal(rng)
    dealer = Seat(rng.randrange(4))
    drawn = random_trump(rng)
    if trump is not None:
        chosen = parse_trump(trump)
    elif sequence:
        chosen = trump_from_sequence(sequence, hand_number)
    else:
        chosen = drawn
    return Deal(seed=seed, dealer=dealer, trump=chosen, hands=hands)


@dataclass(frozen=True)
class Trick:
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None = None

    @property
    def plays(self) -> list[tuple[Seat, Card]]:
        """Each card with the seat that played it, in the order played."""
        return [(Seat((self.leader + i) % 4), card) for i, card in enumerate(self.cards)]

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None


@dataclass(frozen=True)
class Outcome:
    """The hand scored as if North-South were the visiting pair."""

    north_south_tricks: int
    east_west_tricks: int

    @property
    def flags(self) -> int:
        return flags_won(self.north_south_tricks)


@dataclass
class Game:
    deal: Deal
    plays: list[Card] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    current: Trick = field(init=False)
    hands: dict[Seat, list[Card]] = field(init=False)

    def __post_init__(self) -> None:
        played, self.plays = self.plays, []
        self.hands = {seat: list(cards) for seat, cards in self.deal.hands.items()}
        self.current = Trick(leader=self.deal.first_leader, cards=())
        for card in played:
            self.play(card)

    @classmethod
    def replay(cls, deal: Deal, codes: Iterable[str]) -> Game:
        """The game after the cards ``codes`` were played; raises IllegalPlay on a bad one."""
        try:
            cards = [Card.parse(code) for code in codes]
        except ValueError as error:
            raise IllegalPlay(str(error)) from error
        return cls(deal, cards)

    @property
    def trump(self) -> Trump:
        return self.deal.trump

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == TRICKS_PER_HAND

    @property
    def turn(self) -> Seat | None:
        """The seat to play next, or None once the hand is over."""
        if self.is_over:
            return None
        return Seat((self.current.leader + len(self.current.cards)) % 4)

    @property
    def led_suit(self) -> Suit | None:
        return self.current.led_suit

    def legal_moves(self) -> list[Card]:
        if self.turn is None:
            return []
        return legal_moves(self.hands[self.turn], self.led_suit)

    def tricks_won(self, seat: Seat) -> int:
        """Tricks taken so far by ``seat``'s partnership."""
        side = seat.is_north_south
        return sum(1 for trick in self.tricks if trick.winner.is_north_south == side)

    def outcome(self) -> Outcome:
        return Outcome(self.tricks_won(Seat.NORTH), self.tricks_won(Seat.EAST))

    def play(self, card: Card, seat: Seat | None = None) -> Trick | None:
        """Play ``card`` for the seat on turn; returns the trick if this card completed it."""
        turn = self.turn
        if turn is None:
            raise IllegalPlay("The hand is over", "over")
        if seat is not None and seat != turn:
            raise IllegalPlay(f"It is {turn.word}'s turn, not {seat.word}'s", "turn", seat=turn)
        if card not in self.hands[turn]:
            raise IllegalPlay(
                f"{turn.word} does not hold the {card.words}", "not held", seat=turn, card=card
            )
        if card not in legal_moves(self.hands[turn], self.led_suit):
            raise IllegalPlay(
                f"{turn.word} must follow suit in {self.led_suit.word}",
                "follow",
                seat=turn,
                suit=self.led_suit,
            )
        self.hands[turn].remove(card)
        self.plays.append(card)
        cards = (*self.current.cards, card)
        if len(cards) < 4:
            self.current = Trick(self.current.leader, cards)
            return None
        leader = self.current.leader
        done = Trick(leader, cards, trick_winner(leader, cards, self.trump))
        self.tricks.append(done)
        self.current = Trick(leader=done.winner, cards=())
        return done

    def view(self) -> PlayerView:
        """What the seat on turn can see: its own cards and every card played so far."""
        seat = self.turn
        if seat is None:
            raise IllegalPlay("The hand is over")
        return PlayerView(
            seat=seat,
            hand=tuple(self.hands[seat]),
            trump=self.trump,
            tricks=tuple(self.tricks),
            current=self.current,
        )


@dataclass(frozen=True)
class PlayerView:
    """A seat's knowledge when it must play: its hand, the trump and the play so far."""

    seat: Seat
    hand: tuple[Card, ...]
    trump: Trump
    tricks: tuple[Trick, ...]
    current: Trick

    @property
    def led_suit(self) -> Suit | None:
        return self.current.led_suit

    def legal_moves(self) -> list[Card]:
        return legal_moves(self.hand, self.led_suit)

    def all_plays(self) -> list[tuple[Seat, Card, Suit]]:
        """Every card played so far with its seat and the suit led to its trick."""
        return [
            (seat, card, trick.cards[0].suit)
            for trick in (*self.tricks, self.current)
            for seat, card in trick.plays
        ]

    def cards_held(self, seat: Seat) -> int:
        """How many cards ``seat`` still holds."""
        played = sum(1 for played_by, _, _ in self.all_plays() if played_by == seat)
        return HAND_SIZE - played
