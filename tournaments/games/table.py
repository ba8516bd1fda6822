"""What the practice room's card games really share: seeded dealing and the player interface.

Each game keeps its own cards module, since the three packs differ. A deal address names a
seed; every random choice of a game (the shuffle, the dealer, a computer player's sampling) is
drawn from ``seeded(seed, ...)`` with its own label, so one address always replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT", contravariant=True)


class IllegalMove(ValueError):
    """A move the rules do not allow now; the message says why in the table's words."""


class Player(Protocol[ViewT]):
    """A computer player: it sees only what its seat may see and names one legal move."""

    def choose(self, view: ViewT) -> str: ...


def seeded(seed: int, *labels: object) -> random.Random:
    """A random source fixed by the deal's seed and what it is for (a string seed is stable)."""
    return random.Random(":".join(str(part) for part in (seed, *labels)))


def shuffled(cards: Sequence[T], seed: int, *labels: object) -> list[T]:
    """The pack shuffled for deal ``seed``; the same seed and labels give the same order."""
    pack = list(cards)
    seeded(seed, "shuffle", *labels).shuffle(pack)
    return pack
