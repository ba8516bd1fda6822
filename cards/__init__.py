"""The product's one vocabulary of playing cards: suits, ranks, cards, trumps and seeded
dealing. Pure Python (no Django), under both the tournament rules and the practice games."""

from .dealing import seeded, shuffled
from .deck import DECK, HAND_SIZE, Card, Rank, Suit, sort_hand
from .trumps import Trump

__all__ = ["DECK", "HAND_SIZE", "Card", "Rank", "Suit", "Trump", "seeded", "shuffled", "sort_hand"]
