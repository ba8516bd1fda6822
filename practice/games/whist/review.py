"""The review of a finished hand: what every card cost double dummy, and South's better cards.

The solver's ``analyse_plays`` follows the play in one call and gives North-South's
double-dummy tricks before each card and after the last. A card costs its side the tricks
that value drops by when it is played: 0 for a best card, 1 or more for a card that let the
other side take more, with every card from then on played perfectly by all four seats. For
each of South's costly cards the position is solved once more, card by card, to name the
cards that were best there.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .cards import Card, Seat
from .game import Deal, Game
from .layouts import to_board
from .lesson import par_board
from .solver import Board, SolverPool

PLAYER = Seat.SOUTH
TIMEOUT = 60.0  # seconds; the review is worked out off the request path


@dataclass(frozen=True)
class CardCost:
    trick: int  # 1 to 13
    seat: Seat
    card: Card
    cost: int  # tricks it cost its side, double dummy (0: a best card)


@dataclass(frozen=True)
class Review:
    par: int  # North-South's tricks when all four seats play every card double-dummy best
    costs: list[CardCost]
    better: dict[int, list[Card]] = field(default_factory=dict)  # index in the play: best cards

    def of(self, seat: Seat) -> list[CardCost]:
        return [cost for cost in self.costs if cost.seat == seat]

    def lost_by(self, seat: Seat) -> int:
        """Tricks ``seat``'s cards cost its side."""
        return sum(cost.cost for cost in self.of(seat))


def card_costs(game: Game, values: list[int]) -> list[CardCost]:
    """Each card's cost from North-South's double-dummy tricks before each card and after the
    last. DDS stops once only the last trick is left (its cards are forced: they cost
    nothing), so the last value stands for every card after it."""
    plays = _seats(game)
    values = [*values, *[values[-1]] * (len(plays) + 1 - len(values))]
    costs = []
    for index, (seat, card) in enumerate(plays):
        drop = values[index] - values[index + 1]
        cost = drop if seat.is_north_south else -drop
        costs.append(CardCost(index // 4 + 1, seat, card, max(cost, 0)))
    return costs


def decision_board(deal: Deal, plays: list[Card], index: int) -> Board:
    """The position just before ``plays[index]``, for a solve of every card the seat could play."""
    before = Game(deal, list(plays[:index]))
    view = before.view()
    hands = {seat: list(cards) for seat, cards in before.hands.items()}
    for seat, card in before.current.plays:
        hands[seat].append(card)
    return to_board(view, hands)


def best_cards(solved: dict[str, int]) -> list[Card]:
    """The cards that take the most tricks in a solved position, highest first."""
    top = max(solved.values())
    return sorted((Card.parse(code) for code, t in solved.items() if t == top), reverse=True)


def review_hand(game: Game, pool: SolverPool, timeout: float = TIMEOUT) -> Review:
    """The whole review of a finished hand: two rounds of solving, both in the pool's workers."""
    board = replace(par_board(game.deal), best_only=False)
    values = pool.analyse(board, tuple(card.code for card in game.plays), timeout=timeout)
    costs = card_costs(game, values)
    costly = [i for i, c in enumerate(costs) if c.seat == PLAYER and c.cost > 0]
    boards = [decision_board(game.deal, game.plays, index) for index in costly]
    solved = pool.solve(boards, timeout=timeout)
    better = {index: best_cards(tricks) for index, tricks in zip(costly, solved, strict=True)}
    return Review(values[0], costs, better)


def _seats(game: Game) -> list[tuple[Seat, Card]]:
    return [play for trick in (*game.tricks, game.current) for play in trick.plays]
