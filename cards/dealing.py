"""Seeded shuffling: one deal number always gives the same cards.

A deal address names a seed; every random choice of a game (the shuffle, the dealer, a computer
player's sampling) is drawn from ``seeded(seed, ...)`` with its own label, so one address always
replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def seeded(seed: int, *labels: object) -> random.Random:
    """A random source fixed by the deal's seed and what it is for (a string seed is stable)."""
    return random.Random(":".join(str(part) for part in (seed, *labels)))


def shuffled(cards: Sequence[T], seed: int, *labels: object) -> list[T]:
    """The pack shuffled for deal ``seed``; the same seed and labels give the same order."""
    pack = list(cards)
    seeded(seed, "shuffle", *labels).shuffle(pack)
    return pack
