"""The whist table's cards and seats, and a seeded deal of the 52 cards into four hands of 13.

Seats go round the table clockwise (North, East, South, West); North-South and East-West
are the two partnerships. Suits, ranks and cards are the product's one vocabulary (``cards``).
"""

from __future__ import annotations

import random

from cards import DECK, HAND_SIZE, Card, Rank, Suit, sort_hand

from ..seats import Seat

__all__ = ["DECK", "HAND_SIZE", "Card", "Rank", "Seat", "Suit", "deal", "sort_hand"]


def deal(rng: random.Random) -> dict[Seat, tuple[Card, ...]]:
    """Shuffle the deck with ``rng`` and give each seat 13 cards, sorted as held."""
    deck = list(DECK)
    rng.shuffle(deck)
    return {
        seat: tuple(sort_hand(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE])) for seat in Seat
    }
