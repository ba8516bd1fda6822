"""What the opponents' play says of their hands, read as a club player's (``club.club_card``).

Two readings, both for the stronger player's dealer (``layouts.py``): ``cards_denied``, the
cards a seat cannot hold if it plays as club players do (a card below one it followed with, a
cheaper winner it did not use), and ``PlayReading``, the whole check: with the cards a layout
gives a seat, would it have played each card it did?
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .ai import Knowledge
from .cards import DECK, Card, Seat, Suit
from .club import SUITS, club_card, masks
from .game import PlayerView
from .tricks import beats, winning_index


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


class PlayCheck:
    """One card a read seat played: would a club player holding a layout's cards play it?

    Following suit, a club player's card depends only on its cards of the suit led and of
    trumps (``club.club_card`` looks at no other suit then), so each answer is kept under
    those suits' cards alone: a walk's layouts differ in a card or two, and most answers are
    found again instead of worked out."""

    __slots__ = ("seat", "later", "remaining", "voids", "leader", "so_far", "card", "suits")

    def __init__(self, seat, later, remaining, voids, leader, so_far, card, trump) -> None:
        self.seat, self.later, self.remaining, self.voids = seat, later, remaining, voids
        self.leader, self.so_far, self.card = leader, so_far, card
        following = bool(so_far) and card.suit == so_far[0].suit
        self.suits = tuple({card.suit, trump} - {None}) if following else SUITS

    def holds(self, held, trump, answers: dict) -> bool:
        key = (self, *(held[suit] for suit in self.suits))
        found = answers.get(key)
        if found is None:
            hand = {suit: held[suit] | self.later[suit] for suit in SUITS}
            unseen = {suit: self.remaining[suit] & ~hand[suit] for suit in SUITS}
            played = club_card(self.seat, hand, unseen, self.voids, trump, self.leader, self.so_far)
            found = answers[key] = played == self.card
        return found


class PlayReading:
    """The play of ``seats`` read as a club player's (``club.club_card``): a layout keeps to
    it if, with the cards it gives a seat and those the seat has played since, the seat
    would have played each card it played (``follows``; else each card it led)."""

    def __init__(self, view: PlayerView, seats: set[Seat], follows: bool = True) -> None:
        self.checks: list[PlayCheck] = []  # every card read, in the order played
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
                    PlayCheck(
                        seat, masks(later), remaining, hold, trick.leader, so_far, card, view.trump
                    )
                )
            gone.add(card)
            if card.suit != trick.cards[0].suit:
                voids[seat].add(trick.cards[0].suit)
        self.trump = view.trump
        self.seats = list(dict.fromkeys(check.seat for check in self.checks))  # the seats read
        self.known: dict[tuple[Seat, frozenset[Card]], bool] = {}  # hands read so far
        self.order: dict[Seat, list[PlayCheck]] = {}  # each seat's checks, last failed first
        self.answers: dict[tuple, bool] = {}  # each check's answers, by the cards it looks at

    def keeps(self, layout: dict[Seat, list[Card]], kept: Counter) -> bool:
        """Whether ``layout`` keeps to every card read; ``kept`` counts, per seat, the layouts
        that keep to that seat's cards."""
        failed = False
        for seat in self.seats:
            if self.keeps_seat(seat, layout[seat]):
                kept[seat] += 1
            else:
                failed = True
        return not failed

    def keeps_seat(self, seat: Seat, cards: Iterable[Card]) -> bool:
        """Whether ``seat`` dealt ``cards`` plays every card it played (any seat not read
        does); each hand is read once a decision."""
        if seat not in self.seats:
            return True
        dealt = frozenset(cards)
        found = self.known.get((seat, dealt))
        if found is None:
            found = self.known[seat, dealt] = self._plays_as_read(seat, masks(dealt))
        return found

    def _plays_as_read(self, seat: Seat, held) -> bool:
        """Every check of ``seat`` must hold, so their order does not change the answer: the
        one that last failed goes first, as most hands a walk tries fail on the same card."""
        checks = self.order.setdefault(seat, [c for c in self.checks if c.seat == seat])
        for index, check in enumerate(checks):
            if not check.holds(held, self.trump, self.answers):
                if index:
                    checks.insert(0, checks.pop(index))
                return False
        return True

    def drop(self, kept: Counter) -> bool:
        """Read no more the seats whose play no layout kept to; False if there were none."""
        unread = {check.seat for check in self.checks if not kept[check.seat]}
        self.checks = [check for check in self.checks if check.seat not in unread]
        self.order = {}
        self.seats = [seat for seat in self.seats if seat not in unread]
        return bool(unread)
