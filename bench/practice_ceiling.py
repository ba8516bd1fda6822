"""How much better the stronger practice level could play if it knew more: its ceiling.

The level deals layouts of the cards it cannot see and solves each double dummy (``search.py``).
How well it can play depends on how well those layouts match the cards as they lie. This
benchmark plays ``--deals`` deals both ways, the strong level North-South against basic
East-West and then the seats swapped, and keeps every strong decision with more than one legal
card. It then decides each again with dealers that know more than the play shows:

- **as it plays**: the level as it is;
- **club rules read exactly**: only layouts in which each basic opponent's every card is the
  one the club rules (``BasicPlayer``) choose with that hand; the most any reading of the
  opponents' play can give. (Up to 200 draws a layout; else the one that breaks the fewest.)
- **partner's hand shown**: its partner's cards as they lie, the opponents' dealt as now;
- **both**.

Each decision is scored with the cards as they lie: the double-dummy tricks thrown away
against the best legal card. The double-dummy best share counts every decision with more than
one legal card (those whose cards are all worth the same are best whatever is played).

    .venv/bin/python bench/practice_ceiling.py [--deals 100] [--first 5001]

Measured 2026-11-27, 60 deals (2,496 decisions with a choice), the layouts walked among those
that keep to the opponents' play: as it plays 94.5 %, club rules read exactly 94.6 %,
partner's hand shown 97.3 %, both 97.4 %. What is left to gain is what partner holds; signals
between the two computers (equal cards led high and followed low, read by partner) measured
worse on ``bench/practice.py`` (93.5-93.6 % against 93.9-94.2 % on 300 deals), and were not
kept.
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from practice.games.whist.ai import BasicPlayer  # noqa: E402
from practice.games.whist.cards import Seat, sort_hand  # noqa: E402
from practice.games.whist.game import Deal, Game, new_deal  # noqa: E402
from practice.games.whist.layouts import Layouts, full_hands, to_board  # noqa: E402
from practice.games.whist.search import StrongPlayer  # noqa: E402
from practice.games.whist.solver import SolverPool  # noqa: E402

DRAWS = 200  # layouts drawn at most for one that keeps to the club rules (mid-hand 1 in 15 does)


class PartnerShown(Layouts):
    """Deals the partner exactly the cards it holds."""

    def __init__(self, view, know, read=True, *, deal: Deal) -> None:
        self.truth = set(deal.hands[view.seat.partner])
        self.partner = view.seat.partner
        super().__init__(view, know, read)

    def fallbacks(self, view, know, read, unseen):
        held = self.truth & set(unseen)
        rest = set(unseen) - held
        return [
            {s: cards | (rest if s == self.partner else held) for s, cards in barred.items()}
            for barred in super().fallbacks(view, know, read, unseen)
        ]


class ClubRulesRead(Layouts):
    """Deals only layouts in which the opponents' every card is the club rules' choice."""

    def __init__(self, view, know, read=True) -> None:
        super().__init__(view, know, read)
        self.view = view
        self.opponents = {view.seat.next(), view.seat.partner.next()}

    def deal(self, rng):
        fewest = None
        for _ in range(DRAWS):
            layout = super().deal(rng)
            broken = club_rules_broken(self.view, layout, self.opponents)
            if not broken:
                return layout
            if fewest is None or broken < fewest[0]:
                fewest = (broken, layout)
        return fewest[1]


class PartnerShownClubRulesRead(PartnerShown, ClubRulesRead):
    pass


def club_rules_broken(view, layout, seats) -> int:
    """How many cards ``seats`` played that the club rules would not have, in ``layout``."""
    hands = {seat: list(cards) for seat, cards in layout.items()}
    hands[view.seat] = list(view.hand)
    for seat, card, _ in view.all_plays():
        hands[seat].append(card)
    leader = view.tricks[0].leader if view.tricks else view.current.leader
    dealt = {seat: tuple(sort_hand(cards)) for seat, cards in hands.items()}  # ties: hand order
    game = Game(Deal(0, Seat((leader - 1) % 4), view.trump, dealt))
    basic, broken = BasicPlayer(), 0
    for seat, card, _ in view.all_plays():
        broken += seat in seats and basic.choose(game.view()) != card
        game.play(card)
    return broken


def positions(deals: range, pool: SolverPool):
    """The strong level's decisions in ``deals`` played both ways: (deal, cards played before,
    each legal card's double-dummy tricks as the cards lie); and all decisions with a choice."""
    found, choices = [], 0
    for seed in deals:
        for strong_north_south in (True, False):
            game, strong, basic = Game(new_deal(seed)), StrongPlayer(seed, pool=pool), BasicPlayer()
            while not game.is_over:
                view = game.view()
                mine = view.seat.is_north_south == strong_north_south
                card = (strong if mine else basic).choose(view)
                if mine and len(view.legal_moves()) > 1:
                    choices += 1
                    (solved,) = pool.solve([to_board(view, full_hands(view, game.hands))])
                    values = {c.code: solved[c.code] for c in view.legal_moves()}
                    if len(set(values.values())) > 1:
                        found.append((seed, [c.code for c in game.plays], values))
                game.play(card)
    return found, choices


def decide_again(found, choices: int, dealer, label: str, pool: SolverPool) -> None:
    started, lost, wrong = time.perf_counter(), 0, 0
    for seed, plays, values in found:
        deal = new_deal(seed)
        view = Game.replay(deal, plays).view()
        layouts = dealer(deal)
        card = StrongPlayer(seed, pool=pool, layouts=layouts).choose(view)
        thrown = max(values.values()) - values[card.code]
        lost, wrong = lost + thrown, wrong + (thrown > 0)
    best = 100 * (choices - wrong) / choices
    seconds = time.perf_counter() - started
    print(f"{label:<26} {lost:>12} {wrong:>15} {best:>8.1f}% {seconds:>8.0f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals, each played both ways")
    parser.add_argument("--first", type=int, default=5001, help="seed of the first deal")
    args = parser.parse_args()
    pool = SolverPool()
    for future in pool.warm():
        future.result()
    found, choices = positions(range(args.first, args.first + args.deals), pool)
    print(f"{choices} strong decisions with a choice; {len(found)} whose cards differ in worth")
    head = ("dealer", "tricks lost", "wrong decisions", "DD-best", "seconds")
    print("{:<26} {:>12} {:>15} {:>9} {:>8}".format(*head))
    dealers = {
        "as it plays": lambda deal: Layouts,
        "club rules read exactly": lambda deal: ClubRulesRead,
        "partner's hand shown": lambda deal: partial(PartnerShown, deal=deal),
        "both": lambda deal: partial(PartnerShownClubRulesRead, deal=deal),
    }
    for label, dealer in dealers.items():
        decide_again(found, choices, dealer, label, pool)
    pool.close()


if __name__ == "__main__":
    main()
