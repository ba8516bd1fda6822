"""A hint for the player: the card the stronger level would play, and why, in a club player's
words.

The card is the strong player's own choice (``StrongPlayer.advise``: the same search, so a
hint never differs from what the expert would play); without the solver it is the club
player's. The reason names the rule of thumb the card follows in this position (second hand
low, third hand high, draw trumps, ...) and, where the search ran, in how many of the layouts
of the unseen cards it tried the card was the best one.
"""

from __future__ import annotations

from dataclasses import dataclass

from .ai import BasicPlayer, Knowledge
from .cards import Card
from .game import PlayerView
from .tricks import beats, winning_index

# The rules of thumb a hint can name; the page words each one in the player's language.
PRINCIPLES = (
    "only card",  # one legal card
    "all equal",  # every legal card is worth the same
    "draw trumps",
    "cash a winner",
    "partner ruffs",
    "top of a sequence",
    "long suit",
    "lead low",
    "best found",  # no rule of thumb fits: the search's count says it all
    "partner winning",
    "second hand low",
    "third hand high",
    "win cheaply",
    "win now",
    "duck",
    "cannot win",
    "ruff",
    "discard",
)


@dataclass(frozen=True)
class Advice:
    card: Card
    principle: str  # one of PRINCIPLES
    layouts: int = 0  # layouts of the unseen cards searched (0: no search)
    best_in: int = 0  # of those, the layouts in which ``card`` took the most tricks


def advise(view: PlayerView, strong=None) -> Advice:
    """The card to play now and the reason; ``strong`` is a ``StrongPlayer`` (None: the club
    player's card, as the expert level plays without the solver)."""
    know = Knowledge(view)
    legal = view.legal_moves()
    if strong is None:
        card, layouts, wins = BasicPlayer().choose(view), 0, {}
    else:
        card, layouts, wins = strong.advise(view)
    if len(legal) == 1:
        principle = "only card"
    elif len({know.cheapest_equal(c) for c in legal}) == 1:
        principle = "all equal"
    else:
        principle = principle_of(view, know, card)
    return Advice(card, principle, layouts, wins.get(card, 0) if layouts else 0)


def principle_of(view: PlayerView, know: Knowledge, card: Card) -> str:
    """The rule of thumb that ``card`` follows in this position."""
    if not view.current.cards:
        return _lead(view, know, card)
    cards = view.current.cards
    trump, led = view.trump, cards[0].suit
    best_index = winning_index(cards, trump)
    best = cards[best_index]
    partner_winning = (view.current.leader + best_index) % 4 == view.seat.partner
    wins = beats(card, best, trump)
    if card.suit != led:
        if wins:
            return "ruff"
        return "partner winning" if partner_winning else "discard"
    if not wins:
        if partner_winning:
            return "partner winning"
        if len(cards) == 1:
            return "second hand low"
        could_win = any(beats(other, best, trump) for other in view.legal_moves())
        return "duck" if could_win else "cannot win"
    if len(cards) == 3:
        return "win cheaply"
    if len(cards) == 2 and not partner_winning:
        return "third hand high"
    return "win now"


def _lead(view: PlayerView, know: Knowledge, card: Card) -> str:
    trump, hand = view.trump, view.hand
    opponents = (view.seat.next(), view.seat.partner.next())
    if card.suit == trump and any(know.may_hold(seat, trump) for seat in opponents):
        return "draw trumps"
    if know.is_master(card):
        return "cash a winner"
    partner = view.seat.partner
    if trump is not None and card.suit in know.voids[partner] and know.may_hold(partner, trump):
        return "partner ruffs"
    suit = sorted((c for c in hand if c.suit == card.suit), reverse=True)
    below = [c for c in suit if c.rank == card.rank - 1]
    if card.rank >= 11 and below and card == suit[0]:
        return "top of a sequence"
    longest = max(sum(1 for c in hand if c.suit == s) for s in {c.suit for c in hand})
    if len(suit) == longest and len(suit) >= 4:
        return "long suit"
    return "lead low" if card == suit[-1] else "best found"
