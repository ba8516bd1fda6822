"""What the practice room's card games share beyond the ``cards`` vocabulary: the refusal of an
illegal move and the computer player's interface.

Each game keeps its own cards module, since the three packs differ; their shuffles come from
``cards.shuffled`` with the deal's seed, so one address always replays exactly.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT", contravariant=True)


class IllegalMove(ValueError):
    """A move the rules do not allow now; the message says why in the table's words."""


class Player(Protocol[ViewT]):
    """A computer player: it sees only what its seat may see and names one legal move."""

    def choose(self, view: ViewT) -> str: ...
