"""Layouts of the unseen cards for the stronger player: dealt, read from the play, cut, sent.

``Layouts`` works out once per decision what each other seat can hold (its card count, the
suits it has shown out of, the cards its play says it lacks), then deals any number of
layouts from a seeded generator: the same position and seed always deal the same layouts.

Late in a hand the opponents' play says a great deal (``reading.py``), and few layouts drawn
at random keep to it: one in several hundred. Drawing until one does cost up to a second a
decision, and giving up sooner dealt layouts the play had ruled out (most of the decisions the
stronger level got wrong). So once fresh draws stop keeping to the play, the dealer walks from
the last layout that did: it swaps two cards between two seats and keeps the swap if the
layout still keeps to the play (a Markov chain whose steps are as likely forward as back, so
every layout that keeps to the play comes up as often). Checking a swap reads only the two
seats it changed, and a seat's cards read once are remembered.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from math import comb
from operator import attrgetter

from .ai import Knowledge
from .cards import HAND_SIZE, Card, Seat, Suit
from .game import PlayerView
from .reading import PlayReading, cards_denied
from .solver import Board

_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
QUICK = 20  # fresh layouts drawn for one that keeps to the play, while they still do
DRAWS = 500  # fresh layouts drawn at most for the first one that keeps to it
SEAT_DRAWS = 100  # of those, the layouts drawn before a seat that none keeps to is not read
STEPS = 20  # swaps tried between two layouts of the walk

_rank = attrgetter("rank")


class Layouts:
    """Deals the cards ``view``'s seat cannot see among the other three seats.

    Every layout that keeps to what is known is equally likely: the cards are grouped by
    the seats that may hold them, every way of splitting the groups' counts between those
    seats that fills each hand exactly is listed once per decision, with its number of
    layouts as weight, and each deal draws a split by weight, then which cards go where.
    Nothing is retried and nothing fails: if the play was read wrongly (a person may
    false-card; the other computers play by search), so that no layout keeps to it, the
    read cards are set aside, then the voids (the play cannot be that far off, but a deal
    must come out).
    """

    def __init__(self, view: PlayerView, know: Knowledge, read: bool = True) -> None:
        self.others = [seat for seat in Seat if seat != view.seat]
        self.reading = PlayReading(view, self.seats_read(view)) if read else None
        played = Counter(seat for seat, _, _ in view.all_plays())
        room = {seat: HAND_SIZE - played[seat] for seat in self.others}
        unseen = sorted(know.unseen)
        for barred in self.fallbacks(view, know, read, unseen):
            groups: dict[tuple[Seat, ...], list[Card]] = {}
            for card in unseen:
                seats = tuple(s for s in self.others if card not in barred[s])
                groups.setdefault(seats, []).append(card)
            # the cards any seat may hold go last: their split is what room is left
            self.groups = sorted(groups.items(), key=lambda group: len(group[0]))
            self.splits, self.cumulative = _splits(self.groups, room)
            if self.splits:
                self.barred = barred
                break
        self.walk: dict[Seat, list[Card]] | None = None  # the last layout dealt (reading)
        self.fresh = True  # whether fresh draws still keep to the play

    def seats_read(self, view: PlayerView) -> set[Seat]:
        """The seats whose play is read as a club player's: the opponents (partner plays as
        the stronger level does, which no rule of thumb reads)."""
        return {view.seat.next(), view.seat.partner.next()}

    def fallbacks(
        self, view: PlayerView, know: Knowledge, read: bool, unseen: list[Card]
    ) -> list[dict[Seat, set[Card]]]:
        """The cards each other seat may not hold: as read from the play, then by its voids
        only, then none (``bench/practice_ceiling.py`` tells a seat more than the play does)."""
        void = {s: {c for c in unseen if c.suit in know.voids[s]} for s in self.others}
        if not read:
            return [void, {s: set() for s in self.others}]
        others = set(self.others)
        fully = cards_denied(view, know, others & self.seats_read(view))
        plainly = cards_denied(view, know, others, losing=False)
        first = {s: void[s] | plainly[s] | fully.get(s, set()) for s in self.others}
        second = {s: void[s] | plainly[s] for s in self.others}
        return [first, second, void, {s: set() for s in self.others}]

    def deal(self, rng: random.Random) -> dict[Seat, list[Card]]:
        """One layout: every seat gets as many cards as it holds, none it is known to lack,
        and (``reading``) each seat read plays as a club player would with that hand.

        Drawn afresh while fresh draws keep to the play (``QUICK`` tries); once they do not,
        each layout is the walk's next (``STEPS`` swaps on from the last)."""
        if self.reading is None:
            return self._draw(rng)
        if self.walk is None:
            self.walk = self._first(rng)
        else:
            for _ in range(QUICK if self.fresh else 0):
                layout = self._draw(rng)
                if self.reading.keeps(layout, Counter()):
                    self.walk = layout
                    break
            else:
                self.fresh = False
                for _ in range(STEPS):
                    self._swap(rng)
        return {seat: list(cards) for seat, cards in self.walk.items()}

    def _first(self, rng: random.Random) -> dict[Seat, list[Card]]:
        """The first layout that keeps to the play. A seat whose play none of ``SEAT_DRAWS``
        layouts keeps to is read no more (a person may false-card; the other computers play by
        search, which no rule of thumb reads), and if none of ``DRAWS`` keeps to the rest, the
        play is not read and the first layout drawn stands."""
        first, drawn, kept = None, 0, Counter()
        while True:
            layout = self._draw(rng)
            first, drawn = first or layout, drawn + 1
            if self.reading.keeps(layout, kept):
                return layout
            if drawn % SEAT_DRAWS == 0 and self.reading.drop(kept):
                drawn = 0
            elif drawn >= DRAWS:
                self.reading = None
                return first

    def _swap(self, rng: random.Random) -> None:
        """One step of the walk: a card of one seat for a card of another, kept if each may
        hold the other's card and the layout still keeps to the play."""
        walk = self.walk
        one, other = rng.sample(self.others, 2)
        if not walk[one] or not walk[other]:
            return
        i, j = rng.randrange(len(walk[one])), rng.randrange(len(walk[other]))
        given, taken = walk[one][i], walk[other][j]
        if given in self.barred[other] or taken in self.barred[one]:
            return
        walk[one][i], walk[other][j] = taken, given
        if not (
            self.reading.keeps_seat(one, walk[one]) and self.reading.keeps_seat(other, walk[other])
        ):
            walk[one][i], walk[other][j] = given, taken

    def _draw(self, rng: random.Random) -> dict[Seat, list[Card]]:
        split = self.splits[bisect_right(self.cumulative, rng.randrange(self.cumulative[-1]))]
        layout: dict[Seat, list[Card]] = {seat: [] for seat in self.others}
        for (seats, cards), counts in zip(self.groups, split, strict=True):
            cards = list(cards)
            rng.shuffle(cards)
            start = 0
            for seat, count in zip(seats, counts, strict=True):
                layout[seat] += cards[start : start + count]
                start += count
        return layout


def _splits(groups, room: dict[Seat, int]) -> tuple[list[tuple], list[int]]:
    """Every way to split each group's cards between its seats that fills every hand, and
    the running total of their numbers of layouts (for a draw by weight)."""
    splits: list[tuple] = []
    cumulative: list[int] = []

    def walk(index: int, left: dict[Seat, int], chosen: tuple, weight: int) -> None:
        seats, cards = groups[index]
        if index == len(groups) - 1:  # the last group takes exactly the room that is left
            counts = tuple(left[seat] for seat in seats)
            if sum(counts) != len(cards) or any(left[s] for s in left if s not in seats):
                return
            splits.append((*chosen, counts))
            cumulative.append((cumulative[-1] if cumulative else 0) + weight * _ways(counts))
            return
        for counts in _compositions(len(cards), [left[seat] for seat in seats]):
            after = dict(left)
            for seat, count in zip(seats, counts, strict=True):
                after[seat] -= count
            walk(index + 1, after, (*chosen, counts), weight * _ways(counts))

    if not groups:  # nothing unseen: the one layout deals nobody anything
        return [()], [1]
    if all(seats for seats, _ in groups):
        walk(0, dict(room), (), 1)
    return splits, cumulative


def _compositions(total: int, limits: list[int]):
    """Each way to write ``total`` as a sum of len(limits) counts, each within its limit."""
    if len(limits) == 1:
        if total <= limits[0]:
            yield (total,)
        return
    for first in range(min(total, limits[0]) + 1):
        for rest in _compositions(total - first, limits[1:]):
            yield (first, *rest)


def _ways(counts: tuple[int, ...]) -> int:
    """In how many ways a group's cards can be split into ``counts``."""
    ways, left = 1, sum(counts)
    for count in counts:
        ways *= comb(left, count)
        left -= count
    return ways


def full_hands(view: PlayerView, layout: dict[Seat, list[Card]]) -> dict[Seat, list[Card]]:
    """Every seat's cards at the start of the current trick, in one sampled layout."""
    hands = {seat: list(cards) for seat, cards in layout.items()}
    hands[view.seat] = list(view.hand)
    for seat, card in view.current.plays:
        hands[seat].append(card)
    return hands


def shorten(hands: dict[Seat, list[Card]], view: PlayerView, size: int) -> dict[Card, Card]:
    """Cut every hand (in place) to ``size`` cards: the lowest card of its longest suit goes
    (on a tie, the suit with the lower card, then the higher suit).

    Cards already played to this trick stay, and a suit never runs out (so voids and the
    suit to follow are unchanged). Returns, for each of the player's cards taken out, the
    card that stands in for it (the next one up in its suit).
    """
    in_trick = set(view.current.cards)
    stand_in: dict[Card, Card] = {}
    for seat, cards in hands.items():
        if len(cards) <= size:
            continue
        spare: dict[Suit, list[Card]] = {}  # each suit's cards that can go, lowest first
        for card in sorted(cards, key=_rank):
            if card not in in_trick:
                spare.setdefault(card.suit, []).append(card)
        for _ in range(len(cards) - size):
            suit = max(spare, key=lambda s: (len(spare[s]), -spare[s][0].rank, s))
            lowest = spare[suit].pop(0)
            cards.remove(lowest)
            if seat == view.seat:
                stand_in[lowest] = spare[suit][0]
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
    ranks: dict[Suit, list[str]] = {suit: [] for suit in _PBN_SUITS}
    for card in sorted(cards, key=_rank, reverse=True):
        ranks[card.suit].append(card.rank.letter)
    return ".".join("".join(ranks[suit]) for suit in _PBN_SUITS)
