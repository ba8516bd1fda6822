"""The club player's lead, worked out on rank masks: fast enough to be asked thousands of times
a decision.

``BasicPlayer`` leads with it, and the stronger player's dealer (``layouts.py``) asks it of
each layout it deals: a seat that leads as club players do would have led, with the cards the
layout gives it, the very card it led; a layout in which it would not is set aside.

A holding is a mask per suit, bit ``r`` for the card of rank ``r`` (2 to 14). Ties between
suits go to the suit held first (spades, hearts, clubs, diamonds, as a hand is sorted).
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, Rank, Seat, Suit
from .tricks import Trump

HELD_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
Masks = dict[Suit, int]


def masks(cards: Iterable[Card]) -> Masks:
    found = dict.fromkeys(Suit, 0)
    for card in cards:
        found[card.suit] |= 1 << card.rank
    return found


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _bottom(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def club_lead(
    seat: Seat, hand: Masks, unseen: Masks, voids: dict[Seat, set[Suit]], trump: Trump
) -> Card:
    """The card a club player in ``seat`` leads holding ``hand`` while ``unseen`` are the
    cards it has not seen (its own and the played ones aside), the other seats having shown
    out of ``voids``: the master trump (or the lowest of five) to draw trumps; a master of a
    suit no opponent can ruff, from the longest such suit; a low card of a suit partner can
    ruff; else from the longest suit no opponent can ruff, the top of touching honours or
    the lowest card."""
    opponents = (seat.next(), seat.partner.next())

    def may_hold(other: Seat, suit: Suit) -> bool:
        return suit not in voids[other] and unseen[suit] != 0

    def cheapest_equal(suit: Suit, rank: int) -> Card:
        """The lowest card held worth as much as ``rank`` (no unseen card between them)."""
        below = hand[suit] & ((1 << rank) - 1)
        while below:
            lower = _top(below)
            if unseen[suit] & ((1 << rank) - (1 << (lower + 1))):
                break
            rank, below = lower, below & ~(1 << lower)
        return Card(suit, Rank(rank))

    if trump is not None and hand[trump] and any(may_hold(o, trump) for o in opponents):
        top = _top(hand[trump])
        if unseen[trump] >> top == 0:
            return cheapest_equal(trump, top)
        if hand[trump].bit_count() >= 5:
            return Card(trump, Rank(_bottom(hand[trump])))
    side = [s for s in HELD_ORDER if s != trump and hand[s]] or [s for s in HELD_ORDER if hand[s]]

    def may_ruff(other: Seat, suit: Suit) -> bool:
        if trump is None or suit == trump or not may_hold(other, trump):
            return False
        return suit in voids[other] or unseen[suit].bit_count() < 3

    safe = [s for s in side if not any(may_ruff(o, s) for o in opponents)]
    mastered = [s for s in safe if unseen[s] >> _top(hand[s]) == 0]
    if mastered:
        suit = max(mastered, key=lambda s: hand[s].bit_count())  # the first of the longest
        return cheapest_equal(suit, _top(hand[suit]))
    partner = seat.partner
    if trump is not None and may_hold(partner, trump):
        ruffs = [s for s in side if s in voids[partner]]
        if ruffs:
            suit = min(ruffs, key=lambda s: _bottom(hand[s]))
            return Card(suit, Rank(_bottom(hand[suit])))
    pool = safe or side
    suit = max(pool, key=lambda s: (hand[s].bit_count(), -s))
    top = _top(hand[suit])
    rest = hand[suit] & ~(1 << top)
    if rest and top >= Rank.JACK and _top(rest) == top - 1:
        return Card(suit, Rank(top))  # the top of a sequence of honours
    return Card(suit, Rank(_bottom(hand[suit])))
