"""Suits, ranks and cards of the standard 52-card pack, as every game of the product names them.

Suits and ranks order as at the table: two low, ace high; a card is written rank then suit
(``"QS"``, ``"TH"``, ``"2C"``). Pure Python: the tournament rules (a playoff's draws and cuts)
and the practice room's whist engine share this one vocabulary.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

HAND_SIZE = 13


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit named by a letter, symbol or word: ``"H"``, ``"♥"`` or ``"hearts"``."""
        text = text.strip()
        for suit in cls:
            if text.upper() in (suit.letter, suit.name) or text in (suit.symbol, suit.word):
                return suit
        raise ValueError(f"Not a suit: {text!r}")


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @property
    def label(self) -> str:
        """How the rank is printed on a card face: ``"10"``, ``"Q"``."""
        return "10" if self is Rank.TEN else self.letter

    @property
    def word(self) -> str:
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> Rank:
        """The rank written ``"10"``, ``"T"``, ``"Q"``, ``"2"``..."""
        text = text.strip().upper()
        if text == "10":
            return cls.TEN
        for rank in cls:
            if text == rank.letter:
                return rank
        raise ValueError(f"Not a rank: {text!r}")


@dataclass(frozen=True, order=True)
class Card:
    suit: Suit
    rank: Rank

    @property
    def code(self) -> str:
        """Two characters, rank then suit: ``"QS"``, ``"TH"``, ``"2C"``."""
        return self.rank.letter + self.suit.letter

    @property
    def words(self) -> str:
        """The card in words, as a screen reader says it: ``"Queen of spades"``."""
        return f"{self.rank.word} of {self.suit.word}"

    @property
    def label(self) -> str:
        return self.rank.label + self.suit.symbol

    def __str__(self) -> str:
        """Rank as printed on the face, then the suit's letter: ``"QS"``, ``"10H"`` (how a
        recorded playoff draw writes its cards; ``code`` is the two-character form)."""
        return self.rank.label + self.suit.letter

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from its code, rank first: ``"QS"``, ``"10H"`` or ``"TH"``."""
        text = text.strip()
        if len(text) < 2:
            raise ValueError(f"Not a card: {text!r}")
        return cls(Suit.parse(text[-1]), Rank.parse(text[:-1]))


DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """A hand as a player holds it: suits alternating in colour, highest card first."""
    order = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
    return sorted(cards, key=lambda card: (order.index(card.suit), -card.rank))
