"""Trump: one of the four suits, or no trump, written as events write it (``"H"``, ``"NT"``)."""

from __future__ import annotations

from enum import StrEnum

from .deck import Suit

# English names, for the catalog's entries: pages translate a trump's label where they show it.
_NAMES = {"H": "Hearts", "S": "Spades", "D": "Diamonds", "C": "Clubs", "NT": "No trump"}
# A table's page and card print a hand's trump 12,500 times at 250 tables: looked up, not parsed.
_SUITS = {suit.letter: suit for suit in Suit} | {"NT": None}
_SYMBOLS = {suit.letter: suit.symbol for suit in Suit} | {"NT": "NT"}


class Trump(StrEnum):
    HEARTS = "H"
    SPADES = "S"
    DIAMONDS = "D"
    CLUBS = "C"
    NO_TRUMP = "NT"

    @property
    def label(self) -> str:
        """The trump's English name (pages and printouts translate it)."""
        return _NAMES[self.value]

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self.value]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None for no trump."""
        return _SUITS[self.value]

    @classmethod
    def of(cls, suit: Suit | None) -> Trump:
        """The trump of ``suit`` (None: no trump)."""
        return cls.NO_TRUMP if suit is None else cls(suit.letter)
