"""Layouts of the unseen cards for the stronger player: dealt, read from the play, cut, sent.

``Layouts`` works out once per decision what each other seat can hold (its card count, the
suits it has shown out of, the cards its play says it lacks), then deals any number of
layouts from a seeded generator: the same position and seed always deal the same layouts.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from math import comb
from operator import attrgetter

from .ai import Knowledge
from .cards import DECK, HAND_SIZE, Card, Seat, Suit
from .club import SUITS, club_card, masks
from .game import PlayerView
from .solver import Board
from .tricks import beats, winning_index

_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
DRAWS = 20  # layouts drawn at most for one that keeps to the play read

_rank = attrgetter("rank")


def cards_denied(
    view: PlayerView, know: Knowledge, seats: set[Seat], losing: bool = True
) -> dict[Seat, set[Card]]:
    """Unseen cards that ``seats`` cannot hold if they play as club players do.

    - Following suit without beating the card winning the trick, a club player plays the
      lowest card held in the suit, so every unseen card below it lies elsewhere; and so
      with a discard (a card of a side suit on another suit's trick).
    - Last to play and winning, a club player wins as cheaply as it can, so no unseen card
      that would also have won, below the one played, is in that hand.
    - (``losing``) Third or last to play, with an opponent winning the trick, a club player
      takes it if it can: one that does not holds no unseen card that would have, neither
      of the suit led nor, once out of it, a trump. Second to play, it ruffs a queen or
      higher when it can.
    """
    denied: dict[Seat, set[Card]] = {seat: set() for seat in seats}
    trump = view.trump
    for trick in (*view.tricks, view.current):
        for index, (seat, card) in enumerate(trick.plays):
            if not index or seat not in seats:
                continue
            best_index = winning_index(trick.cards[:index], trump)
            best = trick.cards[best_index]
            wins = beats(card, best, trump)
            led = trick.cards[0].suit
            if not wins and (card.suit == led or card.suit != trump):
                denied[seat] |= {c for c in know.unseen_in(card.suit) if c.rank < card.rank}
            elif wins and index == 3:
                denied[seat] |= {
                    c
                    for c in know.unseen_in(card.suit)
                    if c.rank < card.rank and beats(c, best, trump)
                }
            opponent_wins = (best_index - index) % 2 == 1
            ruff_due = index == 1 and card.suit != led and best.rank >= 12
            if losing and not wins and opponent_wins and (index >= 2 or ruff_due):
                could = know.unseen_in(led) if card.suit == led else know.unseen_in(trump)
                denied[seat] |= {c for c in could if beats(c, best, trump)}
    return denied


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
                break

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
        and (``reading``) each seat read plays as a club player would with that hand; if none
        of ``DRAWS`` layouts does, a seat whose play none of them kept to is read no more, and
        failing that the first layout drawn stands."""
        first = None
        while True:
            kept = Counter()
            for _ in range(DRAWS):
                layout = self._draw(rng)
                first = first or layout
                if self.reading is None or self.reading.keeps(layout, kept):
                    return layout
            if self.reading is None or not self.reading.drop(kept):
                return first

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


class PlayReading:
    """The play of ``seats`` read as a club player's (``club.club_card``): a layout keeps to
    it if, with the cards it gives a seat and those the seat has played since, the seat
    would have played each card it played (``follows``; else each card it led)."""

    def __init__(self, view: PlayerView, seats: set[Seat], follows: bool = True) -> None:
        self.checks = []  # (seat, its cards from that one on, unseen then, voids then, card)
        gone: set[Card] = set()
        voids: dict[Seat, set[Suit]] = {seat: set() for seat in Seat}
        tricks = (*view.tricks, view.current)
        plays = [(i, seat, card) for i, trick in enumerate(tricks) for seat, card in trick.plays]
        for number, (index, seat, card) in enumerate(plays):
            trick = tricks[index]
            so_far = trick.cards[: trick.cards.index(card)]
            if seat in seats and (follows or not so_far):
                later = [c for _, s, c in plays[number:] if s == seat]
                remaining = masks(c for c in DECK if c not in gone)
                hold = {s: set(held) for s, held in voids.items()}
                self.checks.append(
                    (seat, masks(later), remaining, hold, trick.leader, so_far, card)
                )
            gone.add(card)
            if card.suit != trick.cards[0].suit:
                voids[seat].add(trick.cards[0].suit)
        self.trump = view.trump

    def keeps(self, layout: dict[Seat, list[Card]], kept: Counter) -> bool:
        """Whether ``layout`` keeps to every card read; ``kept`` counts, per seat, the layouts
        that keep to that seat's cards."""
        failed, held = set(), {}
        for seat, later, remaining, voids, leader, so_far, card in self.checks:
            if seat in failed:
                continue
            if seat not in held:
                held[seat] = masks(layout[seat])
            hand = {suit: held[seat][suit] | later[suit] for suit in SUITS}
            unseen = {suit: remaining[suit] & ~hand[suit] for suit in SUITS}
            if club_card(seat, hand, unseen, voids, self.trump, leader, so_far) != card:
                failed.add(seat)
        for seat in {check[0] for check in self.checks} - failed:
            kept[seat] += 1
        return not failed

    def drop(self, kept: Counter) -> bool:
        """Read no more the seats whose play no layout kept to; False if there were none."""
        unread = {check[0] for check in self.checks if not kept[check[0]]}
        self.checks = [check for check in self.checks if check[0] not in unread]
        return bool(unread)


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
