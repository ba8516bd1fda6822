"""The stronger computer player: sample the unseen cards, solve each layout double dummy.

For every decision with a real choice (the opening lead included) the player deals the cards
it cannot see among the other three seats (``layouts.py``: every seat's card count, every
void the play has shown, and the cards a club player's play says a seat lacks) and has a
double-dummy solver (DDS, in ``solver.py``'s worker pool) score each legal card in each
layout. It plays the card with the best total; ties go to the card that was best in more
layouts, then to the card the basic player would choose.

Replays are identical on any machine: the budget is a number of layouts, never seconds. The
count depends only on how many cards are left (``PLAN``), and the layouts are drawn from a
generator seeded by the deal and the position, so the same position always gets the same
layouts and the same card, however busy the machine and whichever worker solved them.

Time is bounded by design. A solve's cost grows steeply with the cards a hand: a 13-card
deal can take most of a second, an 8-card one about a millisecond and at worst about 11.
So while more than 8 cards are left each layout is cut to 8 a hand before it is solved,
by taking out each hand's lowest card of its longest suit (a suit never runs out, so voids
and the suit to follow are unchanged); a card of the player's own that was taken out scores
as the next card up in its suit. The plan spends the few layouts it can afford early on
the slow tricks and more later, where solves are cheap and a hand is nearly read.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from importlib.util import find_spec

from .ai import BasicPlayer, Knowledge
from .cards import Card
from .game import PlayerView
from .layouts import Layouts, full_hands, shorten, to_board
from .solver import SolverPool, shared_pool

# By cards left in each hand (counting a card played to this trick): the layouts solved for a
# decision, and the cards a hand is cut to before each solve.
PLAN = {13: (20, 8), 12: (20, 8), 11: (20, 8), 10: (24, 8), 9: (24, 8), 8: (48, 8)}
LATE_PLAN = (48, 8)


@cache
def endplay_available() -> bool:
    """Whether the solver is installed. Only the pool's workers import it: its import pulls
    in matplotlib, over a second of a web process's time for nothing it uses."""
    return find_spec("endplay") is not None


def plan_for(cards_left: int) -> tuple[int, int]:
    """The layouts to solve and the cards a hand in each solve, with ``cards_left`` a hand."""
    return PLAN.get(cards_left, LATE_PLAN)


def samples_for(cards_left: int) -> int:
    return plan_for(cards_left)[0]


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
        size: int | None = None,
        read: bool = True,
        layouts: Callable[[PlayerView, Knowledge, bool], Layouts] = Layouts,
    ) -> None:
        self.layouts = layouts  # the dealer (the ceiling benchmark gives it more to go on)
        self.read = read  # deal no seat a card its play says it lacks (``cards_denied``)
        self.salt = salt  # the deal's number: two deals never share their layouts
        self.pool = pool
        self.scale = scale  # multiplies the sample counts (the benchmark tries others)
        self.size = size  # cards a hand in a solve, in place of the plan's (the benchmark)
        self.basic = BasicPlayer()
        self.searched = 0  # layouts solved for the last decision (0: nothing to search)
        self.totals: Counter[Card] = Counter()  # the last search's tricks per card, summed
        self.wins: Counter[Card] = Counter()  # per card, the layouts in which it is best

    def choose(self, view: PlayerView) -> Card:
        self.searched = 0
        legal = view.legal_moves()
        preferred = self.basic.choose(view)
        know = Knowledge(view)
        if len({know.cheapest_equal(card) for card in legal}) == 1:
            return preferred  # every legal card is worth the same: nothing to search
        totals = self.score(view, know)
        # Equal totals: the card best in more layouts, then the one the club player would choose
        return max(legal, key=lambda card: (totals[card], self.wins[card], card == preferred))

    def advise(self, view: PlayerView) -> tuple[Card, int, Counter[Card]]:
        """The card ``choose`` plays, the layouts it searched (0: nothing to search) and, per
        card, the layouts in which that card was best: what a hint shows the player."""
        card = self.choose(view)
        return card, self.searched, Counter(self.wins) if self.searched else Counter()

    def score(self, view: PlayerView, know: Knowledge | None = None) -> Counter[Card]:
        """Double-dummy tricks for each legal card, summed over the sampled layouts."""
        know = know or Knowledge(view)
        cards_left = 13 - len(view.tricks)
        count, size = plan_for(cards_left)
        count, size = max(1, round(count * self.scale)), self.size or size
        rng = random.Random(decision_seed(view, self.salt))
        boards, stand_ins = [], []
        layouts = self.layouts(view, know, self.read)
        for _ in range(count):
            layout = layouts.deal(rng)
            hands = full_hands(view, layout)
            stand_ins.append(shorten(hands, view, size))
            boards.append(to_board(view, hands))
        pool = self.pool or shared_pool()
        totals: Counter[Card] = Counter()
        self.wins = Counter()
        for solved, stand_in in zip(pool.solve(boards), stand_ins, strict=True):
            scores = {card: solved[stand_in.get(card, card).code] for card in view.legal_moves()}
            top = max(scores.values())
            for card, tricks in scores.items():
                totals[card] += tricks
                self.wins[card] += tricks == top
        self.searched, self.totals = count, totals
        return totals
