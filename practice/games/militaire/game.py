"""A game of Militaire: rounds of draw, meld and discard until someone reaches 500.

A ``Game`` is fixed by its seed, the pack, the number of players and the moves made, in order;
``Game.replay`` rebuilds it and refuses any move the rules forbid. Moves are short strings:
``"draw stock"``, ``"draw discard"``, ``"meld 4S 4H 4C"``, ``"discard KH"`` and, between rounds,
``"next round"``. Play goes clockwise; the player on the dealer's left begins.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from cards import seeded, shuffled

from ..table import IllegalMove
from .cards import PACK_NAMES, PACKS, Card, parse, sort_hand
from .melds import CONTRACT_CARDS, Meld, can_grow, is_contract, make_meld

HAND = 7
TARGET = 500
DRAW, MELD, ROUND_OVER, GAME_OVER = "draw", "meld", "round over", "game over"
SEAT_NAMES = {3: ("You", "West", "East"), 4: ("You", "West", "North", "East")}


@dataclass
class RoundResult:
    winner: int | None  # None: the stock ran out before anyone met a contract
    points: list[int]
    bonus: int = 0
    unused: Card | None = None
    melds: tuple[tuple[Meld, ...], ...] = ()  # each player's melds when the round ended


@dataclass
class Game:
    seed: int
    pack: str = "french"
    players: int = 4
    moves: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.pack not in PACKS:
            raise ValueError(f"Not a Militaire pack: {self.pack!r}")
        if self.players not in (3, 4):
            raise ValueError("Militaire is for three or four players")
        made, self.moves = self.moves, []
        self.first_dealer = seeded(self.seed, "militaire dealer").randrange(self.players)
        self.results: list[RoundResult] = []
        self._deal()
        for move in made:
            self.apply(move)

    @classmethod
    def replay(cls, seed: int, pack: str, players: int, moves: Iterable[str]) -> Game:
        return cls(seed, pack, players, list(moves))

    @property
    def names(self) -> tuple[str, ...]:
        return SEAT_NAMES[self.players]

    @property
    def round_number(self) -> int:
        return len(self.results) + (self.phase not in (ROUND_OVER, GAME_OVER))

    @property
    def totals(self) -> list[int]:
        return [sum(result.points[p] for result in self.results) for p in range(self.players)]

    @property
    def leaders(self) -> list[int]:
        """The winners once the game is over: the highest total at or over 500 (ties share)."""
        if self.phase != GAME_OVER:
            return []
        top = max(self.totals)
        return [p for p, total in enumerate(self.totals) if total == top]

    def _deal(self) -> None:
        number = len(self.results)
        dealer = (self.first_dealer + number) % self.players
        cards = shuffled(PACKS[self.pack], self.seed, "militaire", self.pack, number)
        self.hands = [sort_hand(cards[p * HAND : (p + 1) * HAND]) for p in range(self.players)]
        rest = cards[self.players * HAND :]
        self.discards = [rest[0]]
        self.stock = rest[1:]
        self.melds: list[list[Meld]] = [[] for _ in range(self.players)]
        self.dealer = dealer
        self.turn = (dealer + 1) % self.players
        self.phase = DRAW
        self.taken: Card | None = None  # the card taken from the discard pile this turn

    def legal_moves(self) -> list[str]:
        """Every move open now (melds are listed only as the word: any valid cards will do)."""
        if self.phase == DRAW:
            return ["draw stock", "draw discard"]
        if self.phase == MELD:
            hand = self.hands[self.turn]
            return ["meld"] + [
                f"discard {c.code}" for c in hand if c != self.taken or len(hand) == 1
            ]
        if self.phase == ROUND_OVER:
            return ["next round"]
        return []

    def apply(self, move: str, player: int | None = None) -> None:
        if player is not None and player != self.turn and self.phase in (DRAW, MELD):
            raise IllegalMove(f"It is {self.names[self.turn]}'s turn.")
        verb, _, rest = move.strip().partition(" ")
        verb, rest = verb.lower(), rest.strip()
        if self.phase == GAME_OVER:
            raise IllegalMove("The game is over.")
        if self.phase == ROUND_OVER:
            if move.strip().lower() != "next round":
                raise IllegalMove("The round is over: deal the next round.")
            self.moves.append("next round")
            self._deal()
            return
        if self.phase == DRAW:
            if verb != "draw" or rest.lower() not in ("stock", "discard"):
                raise IllegalMove("First draw a card: from the stock or the discard pile.")
            self._draw(rest.lower())
            return
        if verb == "meld":
            self._meld(rest.split())
        elif verb == "discard":
            self._discard(rest)
        else:
            raise IllegalMove("Now meld or discard a card to end your turn.")

    def _draw(self, source: str) -> None:
        hand = self.hands[self.turn]
        if source == "discard":
            if not self.discards:
                raise IllegalMove("The discard pile is empty: draw from the stock.")
            self.taken = self.discards.pop()
            hand.append(self.taken)
        else:
            hand.append(self.stock.pop())
        self.hands[self.turn] = sort_hand(hand)
        self.moves.append(f"draw {source}")
        self.phase = MELD

    def _cards(self, codes: list[str]) -> list[Card]:
        try:
            cards = [parse(self.pack, code) for code in codes]
        except ValueError as error:
            raise IllegalMove(f"{error}.") from error
        hand = self.hands[self.turn]
        for card in cards:
            if card not in hand:
                raise IllegalMove(f"{self.names[self.turn]} does not hold the {card.words}.")
        if len(set(cards)) < len(cards):
            raise IllegalMove("Name each card once.")
        return cards

    def _meld(self, codes: list[str]) -> None:
        cards = self._cards(codes)
        meld = make_meld(cards)
        if meld is None:
            raise IllegalMove(
                "Those cards are not a meld: a set is three or four of a rank, a run three or "
                "more in sequence" + (" in one suit." if self.pack == "french" else ".")
            )
        melds = [*self.melds[self.turn], meld]
        if not can_grow(melds):
            raise IllegalMove(
                "That meld can never make a contract (two sets, a run and a set, or a run of "
                "six or seven out of seven cards)."
            )
        if len(self.hands[self.turn]) - len(cards) < 1:
            raise IllegalMove("Keep a card to discard.")
        for card in cards:
            self.hands[self.turn].remove(card)
        self.melds[self.turn] = melds
        self.moves.append("meld " + " ".join(meld.codes))

    def _discard(self, code: str) -> None:
        (card,) = self._cards([code]) if code else (None,)
        if card is None:
            raise IllegalMove("Name the card to discard.")
        if card == self.taken and len(self.hands[self.turn]) > 1:
            raise IllegalMove("A card taken from the discard pile cannot go straight back.")
        self.hands[self.turn].remove(card)
        self.discards.append(card)
        self.moves.append(f"discard {card.code}")
        self.taken = None
        if is_contract(self.melds[self.turn]):
            self._end_round(self.turn)
        elif not self.stock:
            self._end_round(None)  # decided: an empty stock ends the round, no one out
        else:
            self.turn = (self.turn + 1) % self.players
            self.phase = DRAW

    def _end_round(self, winner: int | None) -> None:
        points = [sum(meld.points for meld in melds) for melds in self.melds]
        result = RoundResult(winner, points, melds=tuple(tuple(melds) for melds in self.melds))
        if winner is not None:
            result.bonus = sum(meld.bonus for meld in self.melds[winner])
            used = sum(len(meld.cards) for meld in self.melds[winner])
            if used < CONTRACT_CARDS:
                result.unused = self.hands[winner][0]
            points[winner] += result.bonus - (result.unused.points if result.unused else 0)
        self.results.append(result)
        self.phase = GAME_OVER if max(self.totals) >= TARGET else ROUND_OVER

    def every_card(self) -> list[Card]:
        """Every card of the round wherever it lies (hands, melds, stock, discards)."""
        melded = [card for melds in self.melds for meld in melds for card in meld.cards]
        return [*sum(self.hands, []), *melded, *self.stock, *self.discards]

    def view(self) -> View:
        return View(self)

    @property
    def pack_name(self) -> str:
        return PACK_NAMES[self.pack]


class View:
    """What the player on turn may know: own hand, every meld, the discard pile, counts."""

    def __init__(self, game: Game) -> None:
        self.player = game.turn
        self.pack = game.pack
        self.players = game.players
        self.phase = game.phase
        self.hand = tuple(game.hands[game.turn])
        self.melds = [list(melds) for melds in game.melds]
        self.discards = tuple(game.discards)
        self.stock_left = len(game.stock)
        self.taken = game.taken
        self.hand_sizes = [len(hand) for hand in game.hands]
        self.round_moves = len(game.moves)
        self.seed = game.seed
