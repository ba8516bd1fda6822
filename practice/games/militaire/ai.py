"""Computer players for Militaire. Each sees only a ``View``: its hand, the melds, the discards.

Both levels go out as soon as a contract is in hand, choosing the melds that score most. Apart
from that:

- ``BasicPlayer`` takes the discard only when it completes a meld, lays down every meld as soon
  as it has one, and throws away the card with the fewest partners in hand.
- ``StrongPlayer`` values keeping a card by the cards still unseen that would build on it
  (a pair whose other cards of the rank are all gone is worth little), stops building runs once
  it has a run on the table (a second run is no contract), and among equally useful cards
  throws away the cheapest. Holding melds back to grow them, and taking the discard whenever
  it is worth more than the worst card, were both tried and measured worse.
"""

from __future__ import annotations

from collections import Counter

from .cards import PACKS, Card
from .game import DRAW, View
from .melds import Meld, best_going_out, can_grow, candidate_melds


def _line(card: Card) -> str:
    return card.suit  # the Army pack has no suits: all its cards share one line


def keep_value(card: Card, hand: list[Card], live: Counter | None, runs_open: bool = True) -> float:
    """How much ``card`` helps ``hand`` toward a meld; ``live`` counts the unseen cards by
    (rank, suit), or None to count every partner alike (the basic player)."""
    if card.wild:
        return 100.0
    others = [c for c in hand if c is not card and not c.wild]
    same = sum(1 for c in others if c.rank == card.rank)
    value = 0.0
    if same >= 2:
        value += 8
    elif same == 1:
        value += 2 + (_live_rank(card, live) if live is not None else 2)
    if runs_open:
        ranks = {c.rank for c in others if _line(c) == _line(card) and c.rank != card.rank}
        for gap in (1, 2):
            for neighbour in (card.rank - gap, card.rank + gap):
                if neighbour in ranks:
                    missing = (card.rank + neighbour) // 2 if gap == 2 else None
                    value += (
                        (2.5 if gap == 1 else 1.5)
                        if live is None
                        else (1 + _live_run(card, neighbour, missing, live))
                    )
    return value


def _live_rank(card: Card, live: Counter) -> float:
    return sum(n for (rank, _suit), n in live.items() if rank == card.rank)


def _live_run(card: Card, neighbour: int, missing: int | None, live: Counter) -> float:
    if missing is not None:
        return live[(missing, card.suit)] * 1.0
    low, high = min(card.rank, neighbour), max(card.rank, neighbour)
    return 0.6 * (live[(low - 1, card.suit)] + live[(high + 1, card.suit)])


class BasicPlayer:
    strong = False

    def choose(self, view: View) -> str:
        hand = list(view.hand)
        if view.phase == DRAW:
            top = view.discards[-1] if view.discards else None
            return (
                "draw discard" if top is not None and self.wants(top, hand, view) else "draw stock"
            )
        table = view.melds[view.player]
        going = best_going_out(hand, table)
        if going:
            return "meld " + " ".join(going[0][0].codes)
        meld = self.early_meld(hand, table, view)
        if meld is not None:
            return "meld " + " ".join(meld.codes)
        return "discard " + self.discard(hand, view).code

    def live(self, view: View) -> Counter | None:
        return None

    def wants(self, top: Card, hand: list[Card], view: View) -> bool:
        return top.wild or any(top in meld.cards for meld in candidate_melds([*hand, top]))

    def early_meld(self, hand: list[Card], table: list[Meld], view: View) -> Meld | None:
        options = [
            m for m in candidate_melds(hand) if can_grow([*table, m]) and len(m.cards) < len(hand)
        ]
        return max(options, key=lambda m: (m.points + m.bonus, len(m.cards)), default=None)

    def discard(self, hand: list[Card], view: View) -> Card:
        live = self.live(view)
        runs_open = not (self.strong and any(m.kind == "run" for m in view.melds[view.player]))
        choices = [card for card in hand if card != view.taken] or hand
        return min(
            choices, key=lambda c: (keep_value(c, hand, live, runs_open), -c.points, c.sort_key)
        )


class StrongPlayer(BasicPlayer):
    strong = True

    def live(self, view: View) -> Counter:
        seen = set(view.hand) | set(view.discards)
        seen |= {card for melds in view.melds for meld in melds for card in meld.cards}
        return Counter((c.rank, c.suit) for c in PACKS[view.pack] if c not in seen and not c.wild)

    def discard(self, hand: list[Card], view: View) -> Card:
        # Among cards equally useful, throw the cheapest: an opponent who takes it melds less,
        # and the points of the cards kept count once they are melded.
        live = self.live(view)
        runs_open = not any(m.kind == "run" for m in view.melds[view.player])
        choices = [card for card in hand if card != view.taken] or hand
        return min(
            choices, key=lambda c: (keep_value(c, hand, live, runs_open), c.points, c.sort_key)
        )
