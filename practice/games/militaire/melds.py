"""Sets, runs and the three contracts, with the card points and bonuses of the rules.

A set is three or four cards of one rank; a run three or more in sequence, in one suit in the
standard pack, in rank order in the Army pack (which has no suits). Ace is low only. The wild
card (Joker, Sergeant Major) stands for any one card of a meld.

A contract is two sets, a run and a set, or a run of six or seven, all out of the seven cards
a player holds; so a player's melds on the table must always be able to grow into one: a run of
five, a second run or a third meld is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .cards import Card, rank_points, top_rank

SET_BONUS = {3: 30, 4: 40}
RUN_BONUS = {3: 10, 4: 20, 6: 50, 7: 100}
CONTRACT_CARDS = 7


@dataclass(frozen=True)
class Meld:
    kind: str  # "set" or "run"
    cards: tuple[Card, ...]
    ranks: tuple[int, ...]  # the rank each card stands for, in order (wild cards included)

    @property
    def points(self) -> int:
        """Card points; a Joker is worth nothing, a Sergeant Major what it stands for."""
        pack = self.cards[0].pack
        return sum(
            0 if card.wild and pack == "french" else rank_points(pack, rank)
            for card, rank in zip(self.cards, self.ranks, strict=True)
        )

    @property
    def bonus(self) -> int:
        table = SET_BONUS if self.kind == "set" else RUN_BONUS
        return table.get(len(self.cards), 0)

    @property
    def codes(self) -> list[str]:
        return [card.code for card in self.cards]


def make_meld(cards: Sequence[Card]) -> Meld | None:
    """The set or run these cards make (in the order they stand), or None."""
    if not 3 <= len(cards) <= CONTRACT_CARDS:
        return None
    wild = [card for card in cards if card.wild]
    natural = [card for card in cards if not card.wild]
    if len(natural) < 2:
        return None
    ranks = {card.rank for card in natural}
    if len(ranks) == 1 and len(cards) <= 4:
        if natural[0].pack == "french" and len({card.suit for card in natural}) < len(natural):
            return None  # a standard pack has one card of each rank in a suit
        rank = natural[0].rank
        return Meld("set", (*natural, *wild), (rank,) * len(cards))
    if len(ranks) < len(natural) or len({card.suit for card in natural}) > 1:
        return None
    low, high = min(ranks), max(ranks)
    gaps = high - low + 1 - len(natural)
    if gaps > len(wild):
        return None
    spare = len(wild) - gaps
    # A spare wild card extends the run upwards where it can (worth more), else downwards.
    top = min(high + spare, top_rank(natural[0].pack))
    low = top - len(cards) + 1
    if low < 1:
        return None
    by_rank = {card.rank: card for card in natural}
    wilds = iter(wild)
    ordered = tuple(by_rank.get(rank) or next(wilds) for rank in range(low, top + 1))
    return Meld("run", ordered, tuple(range(low, top + 1)))


def can_grow(melds: Sequence[Meld]) -> bool:
    """Whether melds on the table are a contract or can still become one."""
    if sum(len(meld.cards) for meld in melds) > CONTRACT_CARDS or len(melds) > 2:
        return False
    runs = [meld for meld in melds if meld.kind == "run"]
    if len(runs) > 1:
        return False
    if len(melds) == 1 and runs:
        return len(runs[0].cards) != 5
    return True


def is_contract(melds: Sequence[Meld]) -> bool:
    """Two sets, a run and a set, or a run of six or seven."""
    if not can_grow(melds):
        return False
    if len(melds) == 1:
        return melds[0].kind == "run" and len(melds[0].cards) >= 6
    return len(melds) == 2


def candidate_melds(hand: Sequence[Card]) -> list[Meld]:
    """Every distinct set and run that can be made from ``hand`` (for the computer players)."""
    wild = [card for card in hand if card.wild][:1]
    natural = [card for card in hand if not card.wild]
    found: dict[tuple, Meld] = {}
    by_rank: dict[int, list[Card]] = {}
    for card in natural:
        by_rank.setdefault(card.rank, []).append(card)
    for cards in by_rank.values():
        for size in (3, 4):
            for chosen in _choices(cards, size) + [
                (*c, *wild) for c in _choices(cards, size - 1)
            ] * bool(wild):
                meld = make_meld(chosen)
                if meld:
                    found.setdefault(_key(meld), meld)
    lines: dict[str, dict[int, Card]] = {}
    for card in natural:
        lines.setdefault(card.suit, {}).setdefault(card.rank, card)
    for line in lines.values():
        for low in range(1, top_rank(natural[0].pack) + 1):
            for length in range(3, CONTRACT_CARDS + 1):
                span = range(low, low + length)
                have = [line[r] for r in span if r in line]
                missing = length - len(have)
                if span[-1] > top_rank(natural[0].pack) or missing > len(wild) or len(have) < 2:
                    continue
                meld = make_meld(have + wild[:missing])
                if meld and len(meld.cards) == length:
                    found.setdefault(_key(meld), meld)
    return list(found.values())


def _choices(cards: list[Card], size: int) -> list[tuple[Card, ...]]:
    # Cards of one rank differ only by suit; the Army pack's copies are alike, so take the first.
    if cards and not cards[0].suit:
        return [tuple(cards[:size])] if len(cards) >= size else []
    return list(combinations(cards, size))


def _key(meld: Meld) -> tuple:
    return (meld.kind, tuple(sorted(card.code for card in meld.cards)))


def best_going_out(hand: Sequence[Card], table: Sequence[Meld]) -> tuple[list[Meld], int] | None:
    """The best new melds that complete a contract from ``hand`` (after the draw), keeping one
    card to discard; with the round's score for them (bonuses, points, the unused card)."""
    on_table = sum(len(meld.cards) for meld in table)
    best = None
    options = candidate_melds(hand)
    plans = [[m] for m in options] + [list(pair) for pair in combinations(options, 2)] * (not table)
    for plan in plans:
        used = [card for meld in plan for card in meld.cards]
        if len(set(used)) < len(used) or len(used) > len(hand) - 1:
            continue
        melds = [*table, *plan]
        if not is_contract(melds):
            continue
        left = [card for card in hand if card not in used]
        unused = 0
        if on_table + len(used) < CONTRACT_CARDS:
            unused = min(card.points for card in left)  # discard the dearer, keep the cheaper
        score = sum(m.points + m.bonus for m in melds) - unused
        if best is None or score > best[1]:
            best = (plan, score)
    return best
