"""A finished hand's review: each card's cost from the double-dummy values along the play."""

from __future__ import annotations

from practice.games.whist.ai import BasicPlayer, play_hand
from practice.games.whist.cards import Card, Seat
from practice.games.whist.game import Game, new_deal
from practice.games.whist.review import best_cards, card_costs, review_hand


def finished(seed: int) -> Game:
    game = Game(new_deal(seed))
    play_hand(game, {seat: BasicPlayer() for seat in Seat})
    return game


def test_a_card_costs_its_own_side_the_tricks_it_drops():
    """North-South's value falling after a North-South card is that card's cost; rising after
    an East-West card is that card's cost; every other card costs nothing."""
    game = finished(3)
    seats = [seat for trick in game.tricks for seat, _ in trick.plays]
    ours = seats.index(next(s for s in seats if s.is_north_south))
    theirs = next(i for i in range(ours + 1, 52) if not seats[i].is_north_south)
    values = [8] * 53
    values[ours + 1 :] = [7] * (52 - ours)  # North-South's card let a trick go
    values[theirs + 1 :] = [8] * (52 - theirs)  # East-West's card gave it back
    costs = card_costs(game, values)
    assert {i: c.cost for i, c in enumerate(costs) if c.cost} == {ours: 1, theirs: 1}
    assert all(cost.trick == i // 4 + 1 for i, cost in enumerate(costs))


def test_the_forced_last_trick_costs_nothing():
    """DDS gives values up to the last trick only: the four forced cards cost nothing."""
    game = finished(4)
    costs = card_costs(game, [7] * 49)
    assert len(costs) == 52 and all(c.cost == 0 for c in costs[48:])


def test_best_cards_are_those_with_the_most_tricks():
    """From a solved position, every card that takes the most tricks, highest first."""
    assert best_cards({"2C": 5, "KC": 6, "AH": 6, "3D": 4}) == [Card.parse("AH"), Card.parse("KC")]


class Referee:
    """A stand-in for the solver pool: South's third card loses a trick; every position's best
    card is the ace of spades."""

    def __init__(self, game: Game) -> None:
        south = [
            i for i, s in enumerate(s for t in game.tricks for s, _ in t.plays) if s == Seat.SOUTH
        ]
        self.costly = south[2]
        self.solved = 0

    def analyse(self, board, plays, timeout=None):
        return [9] * (self.costly + 1) + [8] * (len(plays) - self.costly)

    def solve(self, boards, timeout=None):
        self.solved += len(boards)
        return [{"AS": 3, "2S": 2} for _ in boards]


def test_the_review_solves_only_souths_costly_positions():
    """One position is solved again, South's costly one, to name its best cards."""
    game = finished(5)
    referee = Referee(game)
    review = review_hand(game, referee)
    assert review.par == 9 and referee.solved == 1
    assert review.lost_by(Seat.SOUTH) == 1
    assert review.better == {referee.costly: [Card.parse("AS")]}
