"""The club player's card, worked out on rank masks: fast enough to be asked thousands of times
a decision.

``BasicPlayer`` plays with it, and the stronger player's dealer (``layouts.py``) asks it of
each layout it deals: a seat that plays as club players do would have played, with the cards
the layout gives it, the very card it played; a layout in which it would not is set aside.

A holding is a mask per suit, bit ``r`` for the card of rank ``r`` (2 to 14). Ties between
suits go to the suit held first (spades, hearts, clubs, diamonds, as a hand is sorted).
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, Rank, Seat, Suit
from .tricks import Trump, winning_index

HELD_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
_CARD = {(suit, int(rank)): Card(suit, rank) for suit in Suit for rank in Rank}
SUITS = tuple(Suit)
_SEATS = tuple(Seat)
Masks = dict[Suit, int]


def masks(cards: Iterable[Card]) -> Masks:
    found = dict.fromkeys(SUITS, 0)
    for card in cards:
        found[card.suit] |= 1 << card.rank
    return found


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _bottom(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def cheapest_equal_in(hand: Masks, unseen: Masks, suit: Suit, rank: int) -> Card:
    """The lowest card held worth as much as the one of ``rank`` (no unseen card between)."""
    below = hand[suit] & ((1 << rank) - 1)
    while below:
        lower = _top(below)
        if unseen[suit] & ((1 << rank) - (1 << (lower + 1))):
            break
        rank, below = lower, below & ~(1 << lower)
    return _CARD[suit, rank]


def club_lead(
    seat: Seat, hand: Masks, unseen: Masks, voids: dict[Seat, set[Suit]], trump: Trump
) -> Card:
    """The card a club player in ``seat`` leads holding ``hand`` while ``unseen`` are the
    cards it has not seen (its own and the played ones aside), the other seats having shown
    out of ``voids``: the master trump (or the lowest of five) to draw trumps; a master of a
    suit no opponent can ruff, from the longest such suit; a low card of a suit partner can
    ruff; else from the longest suit no opponent can ruff, the top of touching honours or
    the lowest card."""
    opponents = (_SEATS[(seat + 1) % 4], _SEATS[(seat + 3) % 4])

    def may_hold(other: Seat, suit: Suit) -> bool:
        return suit not in voids[other] and unseen[suit] != 0

    def cheapest_equal(suit: Suit, rank: int) -> Card:
        return cheapest_equal_in(hand, unseen, suit, rank)

    if trump is not None and hand[trump] and any(may_hold(o, trump) for o in opponents):
        top = _top(hand[trump])
        if unseen[trump] >> top == 0:
            return cheapest_equal(trump, top)
        if hand[trump].bit_count() >= 5:
            return _CARD[trump, _bottom(hand[trump])]
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
    partner = _SEATS[(seat + 2) % 4]
    if trump is not None and may_hold(partner, trump):
        ruffs = [s for s in side if s in voids[partner]]
        if ruffs:
            suit = min(ruffs, key=lambda s: _bottom(hand[s]))
            return _CARD[suit, _bottom(hand[suit])]
    pool = safe or side
    suit = max(pool, key=lambda s: (hand[s].bit_count(), -s))
    top = _top(hand[suit])
    rest = hand[suit] & ~(1 << top)
    if rest and top >= Rank.JACK and _top(rest) == top - 1:
        return _CARD[suit, top]  # the top of a sequence of honours
    return _CARD[suit, _bottom(hand[suit])]


def club_card(
    seat: Seat,
    hand: Masks,
    unseen: Masks,
    voids: dict[Seat, set[Suit]],
    trump: Trump,
    leader: Seat,
    played: tuple[Card, ...],
) -> Card:
    """The card a club player in ``seat`` plays to a trick led by ``leader`` with ``played``
    on it so far (``club_lead`` when it leads): leave partner's trick alone if it will
    hold, second hand low, third hand high, win as cheaply as possible last, ruff or
    discard when out of the suit led."""
    if not played:
        if sum(mask.bit_count() for mask in hand.values()) == 1:
            return next(_CARD[s, _top(m)] for s, m in hand.items() if m)
        return club_lead(seat, hand, unseen, voids, trump)
    led = played[0].suit
    position = len(played)
    best_index = winning_index(played, trump)
    best = played[best_index]
    later = [_SEATS[(seat + i) % 4] for i in range(1, 4 - position)]
    following = hand[led] != 0
    # the cards that would win the trick now: all of one suit, as a mask
    suit = led if following else trump
    if suit is None or (best.suit != suit and best.suit == trump):
        winners = 0
    else:
        winners = hand[suit] & -(1 << (best.rank + 1)) if best.suit == suit else hand[suit]

    def may_hold(other: Seat, suit: Suit) -> bool:
        return suit not in voids[other] and unseen[suit] != 0

    def is_master(suit: Suit, rank: int) -> bool:
        return unseen[suit] >> rank == 0

    def may_ruff(other: Seat) -> bool:
        """Whether ``other`` might trump the suit led: out of it, or likely to be."""
        if trump is None or led == trump or not may_hold(other, trump):
            return False
        return led in voids[other] or unseen[led].bit_count() < 3

    def holds_trick(suit: Suit, rank: int) -> bool:
        """Whether this card wins the trick whatever the seats still to play hold."""
        for other in later:
            if suit == led and may_hold(other, led):
                if not is_master(suit, rank):
                    return False
            elif suit == led and may_ruff(other):
                return False
            ruffing = suit == trump and suit != led
            if ruffing and may_hold(other, suit) and not is_master(suit, rank):
                return False
        return True

    def throw() -> Card:
        """A card that will not win: the lowest of the suit led, or the least useful discard."""
        if following:
            return _CARD[led, _bottom(hand[led])]
        lowest = [(s, _bottom(hand[s])) for s in HELD_ORDER if hand[s]]
        s, rank = min(lowest, key=lambda c: (c[0] == trump, is_master(*c), c[1]))
        return _CARD[s, rank]

    partner_wins = (leader + best_index - seat) % 4 == 2
    if partner_wins and holds_trick(best.suit, best.rank):
        return throw()
    if not winners:
        return throw()
    cheapest = _bottom(winners)
    if position == 3:
        return _CARD[suit, cheapest]
    sure = [rank for rank in _ranks(winners) if holds_trick(suit, rank)]
    if position == 1:
        if following and not (best.rank >= Rank.JACK and sure):
            return throw()  # second hand low
        if not following and not (best.rank >= Rank.QUEEN or is_master(best.suit, best.rank)):
            return throw()  # partner may still win it
        return _CARD[suit, (sure or [cheapest])[0]]
    if sure:
        return _CARD[suit, sure[0]]
    if following:  # third hand high: the lowest of the cards worth as much as the highest
        return cheapest_equal_in(hand, unseen, led, _top(winners))
    return _CARD[suit, cheapest]


def _ranks(mask: int) -> list[int]:
    """The ranks in ``mask``, lowest first."""
    return [rank for rank in range(2, 15) if mask >> rank & 1]
