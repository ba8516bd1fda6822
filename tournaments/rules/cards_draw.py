"""Cards drawn at a playoff: the bye draw, the trump cut and the dealer cut.

A card is written rank then suit: "QH", "10S" (also "TS"), "2C", "AD". Ranks run 2 lowest
up to Ace highest. Suits never break a tie: players who draw cards of equal rank draw again,
and only they do. A draw is therefore a sequence of rounds: the first round has a card for
everyone, and every later round is a redraw among players whose cards were equal. Nothing is
ever random here unless the caller hands in an ``rng`` (and records its seed).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from cards import Card, Rank, Suit  # one vocabulary for the whole product: 2 low, ace high

from .errors import Phrase, RulesError

Drawer = int | str
"""Who draws: a home table for the bye draw (its A player draws), a player such as "3A"."""


_RANK_TEXT = {r.label: r for r in Rank} | {"T": Rank.TEN}
_SUIT_TEXT = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit}


def parse_card(text: str, *, field: str = "card", what: Phrase | None = None) -> Card:
    """A card from text such as "QH", "10s", "T♠"; a RulesError naming ``field`` if not."""
    clean = str(text).strip().upper()
    rank, suit = _RANK_TEXT.get(clean[:-1]), _SUIT_TEXT.get(clean[-1:])
    if rank is None or suit is None:
        raise RulesError(
            "%(what)s must be a card such as QH or 10S, not %(text)r",
            field=field,
            what=what or _WHAT.get(field, field),
            text=text,
        )
    return Card(suit, rank)


_WHAT = {"card": Phrase("card"), "trump cut": Phrase("trump cut")}
# Spades, hearts, diamonds, clubs: the order a recorded draw seed was dealt from, kept so that
# every recorded seed replays the same cards.
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
DECK: tuple[Card, ...] = tuple(Card(s, r) for s in _SUIT_ORDER for r in Rank)


def _as_card(value: Card | str, who: Drawer) -> Card:
    return (
        value
        if isinstance(value, Card)
        else parse_card(value, field=f"card of {who}", what=Phrase("card of %(who)s", who=who))
    )


@dataclass(frozen=True)
class Draw:
    """The cards drawn, round by round: ``rounds[0]`` for everyone, later rounds redraws."""

    rounds: tuple[Mapping[Drawer, Card], ...]

    def __post_init__(self) -> None:
        rounds = tuple(
            {who: _as_card(card, who) for who, card in dict(one_round).items()}
            for one_round in self.rounds
        )
        for number, one_round in enumerate(rounds, start=1):
            cards = list(one_round.values())
            if len(set(cards)) != len(cards):
                raise RulesError(
                    "The same card appears twice in draw round %(round)s", round=number
                )
        object.__setattr__(self, "rounds", rounds)

    @classmethod
    def of(cls, *rounds: Mapping[Drawer, Card | str]) -> Draw:
        """A draw from rounds given as mappings, cards as Card or text: Draw.of({1: "QH"})."""
        return cls(tuple(rounds))  # type: ignore[arg-type]

    @property
    def drawers(self) -> frozenset[Drawer]:
        return frozenset(self.rounds[0]) if self.rounds else frozenset()


def order_by_draw(draw: Draw, drawers: Iterable[Drawer] | None = None) -> tuple[Drawer, ...]:
    """Everyone in the draw, lowest card first (the lowest gets the bye, the highest deals).

    Equal ranks are settled by the next redraw round among exactly those players; a
    RulesError says whose card is missing or which redraw is missing or not needed.
    """
    if not draw.rounds:
        raise RulesError("No cards have been drawn yet")
    if drawers is not None:
        expected, drawn = set(drawers), set(draw.rounds[0])
        if missing := sorted(map(str, expected - drawn)):
            raise RulesError("No card drawn for %(players)s", players=", ".join(missing))
        if extra := sorted(map(str, drawn - expected)):
            raise RulesError(
                "%(players)s drew a card but is not in this draw", players=", ".join(extra)
            )
    pending = list(draw.rounds)

    def settle(who: frozenset[Drawer]) -> list[Drawer]:
        found = next((r for r in pending if set(r) == who), None)
        if found is None:
            raise RulesError("%(players)s drew equal cards and must draw again", players=_both(who))
        pending.remove(found)
        order: list[Drawer] = []
        by_rank = sorted(found, key=lambda d: found[d].rank)
        for _, equal in groupby(by_rank, key=lambda d: found[d].rank):
            same = list(equal)
            order.extend(same if len(same) == 1 else settle(frozenset(same)))
        return order

    order = settle(frozenset(draw.rounds[0]))
    if pending:
        raise RulesError(
            "A redraw among %(players)s was recorded but their cards were not equal",
            players=_both(pending[0]),
        )
    return tuple(order)


def _both(who: Iterable[Drawer]) -> Phrase | str:
    """Players named "3A and 5A" (the joining word in the reader's language)."""
    names: Phrase | str = ""
    for number, name in enumerate(sorted(map(str, who))):
        if number == 0:
            names = name
        else:
            names = Phrase("%(players)s and %(last)s", players=names, last=name)
    return names


def draw_at_random(drawers: Sequence[Drawer], rng: random.Random) -> Draw:
    """Let the tool draw: a fresh shuffled deck each round, equal ranks draw again."""
    if len(set(drawers)) != len(drawers) or not drawers:
        raise RulesError("A draw needs at least one player, each named once")
    rounds: list[dict[Drawer, Card]] = []
    to_draw: list[list[Drawer]] = [list(drawers)]
    while to_draw:
        who = to_draw.pop(0)
        cards = rng.sample(DECK, len(who))
        rounds.append(dict(zip(who, cards, strict=True)))
        by_rank = sorted(who, key=lambda d: rounds[-1][d].rank)
        for _, equal in groupby(by_rank, key=lambda d: rounds[-1][d].rank):
            if len(same := list(equal)) > 1:
                to_draw.append(same)
    return Draw(tuple(rounds))


def cut_at_random(rng: random.Random) -> Card:
    """The director's cut for trump: one card from a fresh shuffled deck."""
    return rng.choice(DECK)


def playoff_players(first_table: int, second_table: int) -> tuple[str, ...]:
    """The four players of a playoff hand, who cut for the deal: "3A", "3B", "5A", "5B"."""
    return tuple(f"{table}{seat}" for table in (first_table, second_table) for seat in "AB")
