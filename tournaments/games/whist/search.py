"""The stronger computer player: sample the unseen cards, search each layout double dummy.

For each decision the player deals the cards it cannot see among the other three seats at
random, keeping every seat's card count and every void the play has shown, and asks a
double-dummy solver (DDS, through the ``endplay`` package) how many tricks each legal card
takes in that layout. It plays the card with the best total over the samples; ties go to the
card the basic player would choose.

Time: in the first trick one search of one layout takes from 10 ms to over 0.8 s (measured
here on a busy machine), and a search cannot be stopped, so the whole first trick is left to
the basic player. Every later decision samples up to ``samples`` layouts and stops early when
the next search would likely overrun ``budget`` seconds. The layouts are solved one by one
rather than in one ``solve_all_boards`` batch: with one DDS thread (the benchmark has one
free core) the batch was no faster, and solving one at a time is what lets the budget stop
the search. DDS is not thread-safe, so one lock guards it.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter

from .ai import BasicPlayer, Knowledge
from .cards import Card, Seat, Suit
from .game import PlayerView

DDS_LOCK = threading.Lock()
# endplay's Denom: spades 0, hearts 1, diamonds 2, clubs 3, no-trump 4.
_DENOM = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3, None: 4}
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def endplay_available() -> bool:
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


class StrongPlayer:
    def __init__(
        self,
        rng: random.Random,
        *,
        samples: int = 20,
        budget: float = 0.12,
        min_samples: int = 1,
    ) -> None:
        self.rng = rng
        self.samples = samples
        self.budget = budget
        self.min_samples = min_samples
        self.basic = BasicPlayer()
        self.searched = 0  # layouts solved for the last decision (0: the basic player chose)

    def choose(self, view: PlayerView) -> Card:
        self.searched = 0
        legal = view.legal_moves()
        preferred = self.basic.choose(view)
        know = Knowledge(view)
        if len({know.cheapest_equal(card) for card in legal}) == 1:
            return preferred  # every legal card is worth the same: nothing to search
        if not view.tricks:
            return preferred  # the first trick: a single search may take most of a second
        totals = self.score(view, know)
        return max(legal, key=lambda card: (totals[card], card == preferred))

    def score(self, view: PlayerView, know: Knowledge | None = None) -> Counter[Card]:
        """Double-dummy tricks for each legal card, summed over sampled layouts."""
        from endplay.dds import solve_board

        know = know or Knowledge(view)
        totals: Counter[Card] = Counter()
        with DDS_LOCK:
            started = time.perf_counter()
            slowest = 0.0
            for done in range(self.samples):
                elapsed = time.perf_counter() - started
                # Stop when one more search, as slow as the slowest so far or twice the
                # average (search times have a long tail), would overrun the budget.
                guess = max(slowest, 2 * elapsed / done) if done else 0.0
                if done >= self.min_samples and elapsed + guess > self.budget:
                    break
                deal = to_endplay(view, sample_layout(view, know, self.rng))
                before = time.perf_counter()
                for played, tricks in solve_board(deal):
                    totals[_from_endplay(played)] += tricks
                slowest = max(slowest, time.perf_counter() - before)
                self.searched = done + 1
        return totals


def sample_layout(view: PlayerView, know: Knowledge, rng: random.Random) -> dict[Seat, list[Card]]:
    """Deal the unseen cards among the other seats, each getting as many as it holds."""
    others = [seat for seat in Seat if seat != view.seat]
    room = {seat: view.cards_held(seat) for seat in others}
    unseen = sorted(know.unseen)
    for _attempt in range(40):
        rng.shuffle(unseen)
        order = sorted(unseen, key=lambda c: sum(c.suit not in know.voids[s] for s in others))
        layout = _deal_into(order, room, know.voids, rng)
        if layout is not None:
            return layout
    return _deal_into(unseen, room, {seat: set() for seat in Seat}, rng)


def _deal_into(cards, room, voids, rng) -> dict[Seat, list[Card]] | None:
    left = dict(room)
    layout: dict[Seat, list[Card]] = {seat: [] for seat in room}
    for card in cards:
        seats = [s for s in left if left[s] > 0 and card.suit not in voids[s]]
        if not seats:
            return None
        seat = rng.choices(seats, weights=[left[s] for s in seats])[0]
        layout[seat].append(card)
        left[seat] -= 1
    return layout


def to_endplay(view: PlayerView, layout: dict[Seat, list[Card]]):
    """An endplay Deal of the current position: hands, trump, and the trick so far."""
    from endplay.types import Card as EndplayCard
    from endplay.types import Deal, Denom, Player

    hands = {seat: list(cards) for seat, cards in layout.items()}
    hands[view.seat] = list(view.hand)
    for seat, card in view.current.plays:
        hands[seat].append(card)
    pbn = "N:" + " ".join(_pbn_hand(hands[seat]) for seat in Seat)
    deal = Deal(pbn)
    deal.first = Player(int(view.current.leader))
    deal.trump = Denom(_DENOM[view.trump])
    for _seat, card in view.current.plays:
        deal.play(EndplayCard(card.suit.letter + card.rank.letter))
    return deal


def _pbn_hand(cards: list[Card]) -> str:
    return ".".join(
        "".join(c.rank.letter for c in sorted(cards, reverse=True) if c.suit == suit)
        for suit in _PBN_SUITS
    )


def _from_endplay(card) -> Card:
    from .cards import Rank

    suit = next(s for s, denom in _DENOM.items() if denom == int(card.suit))
    return Card(suit, Rank(int(card.rank).bit_length() - 1))
