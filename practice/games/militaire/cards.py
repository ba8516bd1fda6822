"""The two Militaire packs.

The standard pack (the French-deck text): 52 cards ranked Ace (low) to King, and one Joker;
Ace 1 point, 2 to 9 five, 10 to King ten, the Joker nothing. The Army pack (the army-pack
text): 54 cards, no suits; eight officer ranks four times each, three other ranks seven times
each, and the Sergeant Major, the wild "master card". Runs follow the rank order, Lance Corporal
up to General.
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH_WORDS = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
                "Jack", "Queen", "King")  # fmt: skip
# The Army ranks low to high: (code, name, points, copies in the pack).
ARMY_RANKS = (
    ("LCPL", "Lance Corporal", 5, 7),
    ("CPL", "Corporal", 10, 7),
    ("SGT", "Sergeant", 15, 7),
    ("2LT", "Second Lieutenant", 20, 4),
    ("LT", "Lieutenant", 25, 4),
    ("CAPT", "Captain", 30, 4),
    ("MAJ", "Major", 35, 4),
    ("LTCOL", "Lieutenant Colonel", 40, 4),
    ("COL", "Colonel", 45, 4),
    ("BRIG", "Brigadier", 50, 4),
    ("GEN", "General", 60, 4),
)
ARMY_SHORT = (
    "L/Cpl",
    "Cpl",
    "Sgt",
    "2nd Lt",
    "Lt",
    "Capt",
    "Major",
    "Lt Col",
    "Col",
    "Brig",
    "General",
)
WILD_RANK = 0
SERGEANT_MAJOR_UNUSED = 60  # decided: an unused master card counts at its top value


@dataclass(frozen=True, slots=True)
class Card:
    """``rank`` 1.. upwards (0 for the wild card); ``suit`` a letter or "" in the Army pack;
    ``copy`` tells apart the Army pack's identical cards."""

    pack: str
    rank: int
    suit: str = ""
    copy: int = 0

    @property
    def wild(self) -> bool:
        return self.rank == WILD_RANK

    @property
    def code(self) -> str:
        if self.pack == "french":
            return "JK" if self.wild else f"{FRENCH_RANKS[self.rank - 1]}{self.suit}"
        return "SM" if self.wild else f"{ARMY_RANKS[self.rank - 1][0]}.{self.copy}"

    @property
    def label(self) -> str:
        """The short face: ``"10♥"``, ``"Joker"``, ``"Capt"``."""
        if self.pack == "french":
            return "Joker" if self.wild else FRENCH_RANKS[self.rank - 1] + SUIT_SYMBOLS[self.suit]
        if self.wild:
            return "Sgt Maj"
        return ARMY_SHORT[self.rank - 1]

    @property
    def words(self) -> str:
        if self.pack == "french":
            if self.wild:
                return "Joker"
            return f"{FRENCH_WORDS[self.rank - 1]} of {SUIT_WORDS[self.suit]}"
        return "Sergeant Major" if self.wild else ARMY_RANKS[self.rank - 1][1]

    @property
    def red(self) -> bool:
        return self.suit in ("D", "H")

    @property
    def points(self) -> int:
        """The card's own points (a wild card in a meld takes the points of what it stands for)."""
        return rank_points(self.pack, self.rank) if not self.wild else unused_wild(self.pack)

    @property
    def sort_key(self) -> tuple:
        return (
            SUITS.index(self.suit) if self.suit else 0,
            self.rank if not self.wild else 99,
            self.copy,
        )

    def __str__(self) -> str:
        return self.code


def rank_points(pack: str, rank: int) -> int:
    if pack == "french":
        return 1 if rank == 1 else 5 if rank <= 9 else 10
    return ARMY_RANKS[rank - 1][2]


def unused_wild(pack: str) -> int:
    return 0 if pack == "french" else SERGEANT_MAJOR_UNUSED


def top_rank(pack: str) -> int:
    return 13 if pack == "french" else len(ARMY_RANKS)


FRENCH_PACK: tuple[Card, ...] = tuple(
    Card("french", rank, suit) for suit in SUITS for rank in range(1, 14)
) + (Card("french", WILD_RANK),)
ARMY_PACK: tuple[Card, ...] = tuple(
    Card("army", rank, "", copy)
    for rank, (_code, _name, _points, copies) in enumerate(ARMY_RANKS, start=1)
    for copy in range(copies)
) + (Card("army", WILD_RANK),)
PACKS = {"french": FRENCH_PACK, "army": ARMY_PACK}
PACK_NAMES = {"french": "Standard pack and a Joker", "army": "Army rank pack"}
BY_CODE = {pack: {card.code: card for card in cards} for pack, cards in PACKS.items()}


def parse(pack: str, code: str) -> Card:
    card = BY_CODE[pack].get(code.strip().upper())
    if card is None:
        raise ValueError(f"Not a card of the {PACK_NAMES[pack].lower()}: {code!r}")
    return card


def sort_hand(cards) -> list[Card]:
    return sorted(cards, key=lambda card: card.sort_key)
