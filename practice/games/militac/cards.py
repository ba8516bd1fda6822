"""The Militac pack: four companies of twelve ranks, and the President.

The book's pack has 49 cards once the four Ordnance cards are put aside: dealt one at a time
to four players, twelve each, the 49th card is the Aide. So the President stays in the pack.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from ..seats import Seat  # noqa: F401 - the same seats as Military Whist

HAND_SIZE = 12
PRESIDENT_RANK = 13
RANK_NAMES = (
    "Private",
    "Corporal",
    "Sergeant",
    "Second Lieutenant",
    "First Lieutenant",
    "Captain",
    "Major",
    "Lieutenant-Colonel",
    "Colonel",
    "Brigadier-General",
    "Major-General",
    "Lieutenant-General",
)
SHORT_NAMES = (
    "Pvt",
    "Cpl",
    "Sgt",
    "2Lt",
    "1Lt",
    "Capt",
    "Maj",
    "LtCol",
    "Col",
    "BGen",
    "MGen",
    "LtGen",
)


class Company(IntEnum):
    """The four companies, in the order the book ranks bids of the same number of squads."""

    INFANTRY = 0
    CAVALRY = 1
    ARTILLERY = 2
    ENGINEERS = 3

    @property
    def letter(self) -> str:
        return "ICAE"[self]

    @property
    def word(self) -> str:
        return self.name.capitalize()

    @property
    def colour(self) -> str:
        return ("blue", "yellow", "red", "green")[self]

    @classmethod
    def parse(cls, text: str) -> Company:
        text = text.strip().upper()
        for company in cls:
            if text in (company.letter, company.name):
                return company
        raise ValueError(f"Not a company: {text!r}")


@dataclass(frozen=True, slots=True)
class Card:
    """A card of a company, ranks 1 (Private) to 12 (Lieutenant-General); or the President."""

    company: Company | None
    rank: int

    @property
    def is_president(self) -> bool:
        return self.company is None

    @property
    def code(self) -> str:
        return "P" if self.company is None else f"{self.company.letter}{self.rank}"

    @property
    def name(self) -> str:
        return "President" if self.company is None else RANK_NAMES[self.rank - 1]

    @property
    def short(self) -> str:
        return "Pres" if self.company is None else SHORT_NAMES[self.rank - 1]

    @property
    def words(self) -> str:
        """How a screen reader says it: ``"Major (7) of Cavalry"``."""
        if self.company is None:
            return "The President"
        return f"{self.name} ({self.rank}) of {self.company.word}"

    @property
    def sort_key(self) -> tuple[int, int]:
        return (-1 if self.company is None else int(self.company), self.rank)

    def __str__(self) -> str:
        return self.code

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from its code: ``"P"``, ``"I7"``, ``"E12"``."""
        text = text.strip().upper()
        if text == "P":
            return PRESIDENT
        if len(text) >= 2 and text[1:].isdigit() and 1 <= int(text[1:]) <= 12:
            return cls(Company.parse(text[0]), int(text[1:]))
        raise ValueError(f"Not a Militac card: {text!r}")


PRESIDENT = Card(None, PRESIDENT_RANK)
PACK: tuple[Card, ...] = tuple(Card(c, r) for c in Company for r in range(1, 13)) + (PRESIDENT,)


def sort_hand(cards) -> list[Card]:
    """A hand as held: the President first, then each company from its highest card."""
    return sorted(cards, key=lambda card: (card.sort_key[0], -card.rank))
