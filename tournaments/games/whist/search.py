"""The stronger computer player: sample the unseen cards, solve each layout double dummy.

For every decision with a real choice (the opening lead included) the player deals the cards
it cannot see among the other three seats, keeping every seat's card count and every void the
play has shown, and has a double-dummy solver (DDS, in ``solver.py``'s worker pool) score
each legal card in each layout. It plays the card with the best total; ties go to the card
the basic player would choose.

Replays are identical on any machine: the budget is a number of layouts, never seconds. The
count depends only on how many cards are left (``SAMPLES``), and the layouts are drawn from a
generator seeded by the deal and the position, so the same position always gets the same
layouts and the same card, however busy the machine and whichever worker solved them.

Time is bounded by design: one solve of a full 13-card deal can take most of a second, so
while more than ``SOLVE_CARDS`` tricks are left each layout is shortened to that many cards a
hand before it is solved, by taking out each hand's lowest card of its longest suit (a suit
never runs out, so voids and the suit to follow are unchanged). A card of the player's own
that was taken out scores as the next card up in its suit.
"""

from __future__ import annotations

import random
from collections import Counter

from .ai import BasicPlayer, Knowledge
from .cards import Card, Seat, Suit, sort_hand
from .game import PlayerView, Trick
from .solver import Board, SolverPool, shared_pool
from .tricks import legal_moves

SOLVE_CARDS = 11
DOUBT = 0.0  # per surprising play, a layout's weight is multiplied by this (0: no inference)
# Layouts per decision by cards left in each hand (counting a card played to this trick).
SAMPLES = {13: 12, 12: 12, 11: 16, 10: 16, 9: 16}
LATE_SAMPLES = 24
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def endplay_available() -> bool:
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


def samples_for(cards_left: int) -> int:
    return SAMPLES.get(cards_left, LATE_SAMPLES)


def decision_seed(view: PlayerView, salt: int = 0) -> str:
    """A seed naming the deal (``salt``) and the position, the same on every machine."""
    plays = " ".join(card.code for _, card, _ in view.all_plays())
    hand = " ".join(card.code for card in view.hand)
    trump = "NT" if view.trump is None else view.trump.letter
    return f"{salt}|{trump}|{view.seat.letter}|{hand}|{plays}"


class StrongPlayer:
    def __init__(
        self,
        salt: int = 0,
        *,
        pool: SolverPool | None = None,
        scale: float = 1,
        size: int = SOLVE_CARDS,
        doubt: float = DOUBT,
    ) -> None:
        self.doubt = doubt
        self.salt = salt  # the deal's number: two deals never share their layouts
        self.pool = pool
        self.scale = scale  # multiplies the sample counts (the benchmark tries others)
        self.size = size
        self.basic = BasicPlayer()
        self.searched = 0  # layouts solved for the last decision (0: nothing to search)

    def choose(self, view: PlayerView) -> Card:
        self.searched = 0
        legal = view.legal_moves()
        preferred = self.basic.choose(view)
        know = Knowledge(view)
        if len({know.cheapest_equal(card) for card in legal}) == 1:
            return preferred  # every legal card is worth the same: nothing to search
        totals = self.score(view, know)
        return max(legal, key=lambda card: (totals[card], card == preferred))

    def score(self, view: PlayerView, know: Knowledge | None = None) -> Counter[Card]:
        """Double-dummy tricks for each legal card, summed over the sampled layouts."""
        know = know or Knowledge(view)
        cards_left = 13 - len(view.tricks)
        count = max(1, round(samples_for(cards_left) * self.scale))
        rng = random.Random(decision_seed(view, self.salt))
        boards, stand_ins, weights = [], [], []
        for _ in range(count):
            layout = sample_layout(view, know, rng)
            weights.append(self.doubt ** mismatches(view, layout, self.basic) if self.doubt else 1)
            hands = full_hands(view, layout)
            stand_ins.append(shorten(hands, view, self.size))
            boards.append(to_board(view, hands))
        pool = self.pool or shared_pool()
        totals: Counter[Card] = Counter()
        for solved, stand_in, weight in zip(pool.solve(boards), stand_ins, weights, strict=True):
            for card in view.legal_moves():
                totals[card] += weight * solved[stand_in.get(card, card).code]
        self.searched = count
        return totals


def mismatches(view: PlayerView, layout: dict[Seat, list[Card]], basic: BasicPlayer) -> int:
    """How many plays by the other seats the basic rules would not have made in ``layout``."""
    hands = {seat: list(cards) for seat, cards in layout.items()}
    for seat, card, _ in view.all_plays():
        if seat != view.seat:
            hands[seat].append(card)
    hands = {seat: sort_hand(cards) for seat, cards in hands.items()}
    seen: set[Card] = set()
    count = 0
    done: list[Trick] = []
    for trick in (*view.tricks, view.current):
        for index, (seat, card) in enumerate(trick.plays):
            if seat != view.seat:
                hand = hands[seat]
                led = trick.cards[0].suit if index else None
                if len(legal_moves(hand, led)) > 1:
                    past = PlayerView(
                        seat,
                        tuple(hand),
                        view.trump,
                        tuple(done),
                        Trick(trick.leader, trick.cards[:index]),
                    )
                    choice = basic.choose(past)
                    if choice != card and not _touching(choice, card, hand, seen):
                        count += 1
                hand.remove(card)
            seen.add(card)
        if trick.winner is not None:
            done.append(trick)
    return count


def _touching(one: Card, other: Card, hand: list[Card], seen: set[Card]) -> bool:
    """Whether two cards of a hand are worth the same: every rank between is held or gone."""
    if one.suit != other.suit:
        return False
    low, high = sorted((one.rank, other.rank))
    return all(
        Card(one.suit, rank) in seen or Card(one.suit, rank) in hand
        for rank in range(low + 1, high)
    )


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


def full_hands(view: PlayerView, layout: dict[Seat, list[Card]]) -> dict[Seat, list[Card]]:
    """Every seat's cards at the start of the current trick, in one sampled layout."""
    hands = {seat: list(cards) for seat, cards in layout.items()}
    hands[view.seat] = list(view.hand)
    for seat, card in view.current.plays:
        hands[seat].append(card)
    return hands


def shorten(hands: dict[Seat, list[Card]], view: PlayerView, size: int) -> dict[Card, Card]:
    """Cut every hand (in place) to ``size`` cards: the lowest card of its longest suit goes.

    Cards already played to this trick stay. Returns, for each of the player's cards taken
    out, the card that stands in for it (the next one up in its suit).
    """
    in_trick = set(view.current.cards)
    stand_in: dict[Card, Card] = {}
    for seat, cards in hands.items():
        while len(cards) > size:
            spare = [c for c in cards if c not in in_trick]
            length = Counter(c.suit for c in spare)
            lows = {suit: min(c for c in spare if c.suit == suit) for suit in length}
            lowest = lows[max(length, key=lambda s: (length[s], -lows[s].rank))]
            suit = lowest.suit
            cards.remove(lowest)
            if seat == view.seat:
                stand_in[lowest] = min(c for c in cards if c.suit == suit)
    for card, stand in list(stand_in.items()):
        while stand in stand_in:  # two cards out of one suit: both stand in as the next kept
            stand = stand_in[stand]
        stand_in[card] = stand
    return stand_in


def to_board(view: PlayerView, hands: dict[Seat, list[Card]]) -> Board:
    pbn = "N:" + " ".join(_pbn_hand(hands[seat]) for seat in Seat)
    trump = None if view.trump is None else view.trump.letter
    return Board(pbn, int(view.current.leader), trump, tuple(c.code for c in view.current.cards))


def _pbn_hand(cards: list[Card]) -> str:
    return ".".join(
        "".join(c.rank.letter for c in sorted(cards, reverse=True) if c.suit == suit)
        for suit in _PBN_SUITS
    )
