"""The stronger computer: the same play on every replay, a budget in layouts, a safe solver pool."""

from __future__ import annotations

import random
import threading
import time

import pytest

from tournaments.games.whist.ai import BasicPlayer, Knowledge, play_hand
from tournaments.games.whist.cards import Card, Seat
from tournaments.games.whist.game import Game, new_deal
from tournaments.games.whist.lesson import par_board
from tournaments.games.whist.search import (
    StrongPlayer,
    decision_seed,
    full_hands,
    mismatches,
    sample_layout,
    samples_for,
    shorten,
    to_board,
)
from tournaments.games.whist.solver import SolverPool

pytest.importorskip("endplay")


@pytest.fixture(scope="module")
def pool():
    pool = SolverPool()
    yield pool
    pool.close()


class BusyPool(SolverPool):
    """A pool on a busy machine: every answer comes late."""

    def solve(self, boards):
        time.sleep(0.05)
        return super().solve(boards)


def strong_play(seed: int, pool: SolverPool, tricks: int = 4) -> list[str]:
    """The first ``tricks`` tricks of deal ``seed``, strong North-South against basic."""
    game, basic = Game(new_deal(seed)), BasicPlayer()
    strong = StrongPlayer(seed, pool=pool, scale=0.5)
    while len(game.tricks) < tricks:
        player = strong if game.turn.is_north_south else basic
        game.play(player.choose(game.view()))
    return [card.code for card in game.plays]


def test_a_deal_replays_card_for_card(pool):
    """The same deal played twice, once through a one-worker pool, gets the same cards."""
    single = SolverPool(workers=1)
    try:
        assert strong_play(31, pool) == strong_play(31, single)
    finally:
        single.close()


def test_a_busy_machine_does_not_change_the_play(pool):
    """With every solve delayed the computer still solves as many layouts and plays the same."""
    busy = BusyPool()
    try:
        game = Game(new_deal(17))
        for card in strong_play(17, pool, tricks=1)[:2]:
            game.play(Card.parse(card))
        quick, slow = StrongPlayer(17, pool=pool), StrongPlayer(17, pool=busy)
        assert quick.choose(game.view()) == slow.choose(game.view())
        assert quick.searched == slow.searched == samples_for(13)
    finally:
        busy.close()


def test_the_sample_count_follows_the_cards_left_only():
    """The budget is a number of layouts that grows as the hand gets cheaper to solve."""
    counts = [samples_for(left) for left in range(13, 0, -1)]
    assert counts == sorted(counts)
    assert all(isinstance(count, int) and count > 0 for count in counts)


def test_the_layouts_follow_from_the_deal_and_the_position():
    """The same position draws the same layouts; another deal number draws others."""
    game = Game(new_deal(5))
    game.play(BasicPlayer().choose(game.view()))
    view = game.view()
    know = Knowledge(view)
    first = sample_layout(view, know, random.Random(decision_seed(view, 5)))
    again = sample_layout(view, know, random.Random(decision_seed(view, 5)))
    other = sample_layout(view, know, random.Random(decision_seed(view, 6)))
    assert first == again
    assert first != other


def test_the_opening_lead_is_searched(pool):
    """The computer on lead to the first trick solves sampled layouts before it plays."""
    strong = StrongPlayer(3, pool=pool)
    strong.choose(Game(new_deal(3)).view())
    assert strong.searched == samples_for(13)


def test_a_shortened_layout_keeps_every_suit_and_the_trick():
    """Cutting hands to the solve's size keeps the cards in the trick and never empties a suit."""
    game = Game(new_deal(8))
    for _ in range(2):
        game.play(BasicPlayer().choose(game.view()))
    view = game.view()
    hands = full_hands(view, sample_layout(view, Knowledge(view), random.Random(1)))
    before = {seat: {card.suit for card in cards} for seat, cards in hands.items()}
    stand_in = shorten(hands, view, 10)
    assert all(len(cards) == 10 for cards in hands.values())
    assert all({card.suit for card in cards} == before[seat] for seat, cards in hands.items())
    assert all(card in hands[seat] for seat, card in view.current.plays)
    for out, kept in stand_in.items():
        assert out.suit == kept.suit and kept.rank > out.rank and kept in hands[view.seat]


def test_the_real_layout_agrees_with_club_play():
    """When the others played by the basic rules, the true layout shows no surprising play."""
    game = Game(new_deal(12))
    play_hand_partly(game, 20)
    view = game.view()
    layout = {seat: list(game.hands[seat]) for seat in Seat if seat != view.seat}
    assert mismatches(view, layout, BasicPlayer()) == 0


def play_hand_partly(game: Game, cards: int) -> None:
    basic = BasicPlayer()
    for _ in range(cards):
        game.play(basic.choose(game.view()))


def test_eight_players_at_once_never_share_a_solver(pool):
    """Solves from eight threads at once each run alone in a worker, with the lone answers."""
    game = Game(new_deal(21))
    play_hand_partly(game, 16)
    view = game.view()
    others = {seat: list(game.hands[seat]) for seat in Seat if seat != view.seat}
    boards = [to_board(view, full_hands(view, others))] * 6
    alone = pool.solve(boards)
    pool.log.clear()
    answers = []

    def player():
        answers.append(pool.solve(boards))

    threads = [threading.Thread(target=player) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [alone] * 8
    by_worker: dict[int, list[tuple[float, float]]] = {}
    for pid, start, end in pool.log:
        by_worker.setdefault(pid, []).append((start, end))
    assert len(pool.log) == 16
    for spans in by_worker.values():
        spans.sort()
        pairs = zip(spans, spans[1:], strict=False)
        assert all(end <= next_start for (_, end), (next_start, _) in pairs)


def test_a_whole_hand_is_legal_at_every_seat(pool):
    """With the strong level at all four seats every card played is legal, to the last trick."""
    game = Game(new_deal(4))
    strong = StrongPlayer(4, pool=pool, scale=0.25)
    play_hand(game, {seat: strong for seat in Seat})
    assert game.is_over


def test_the_referee_follows_the_play_as_a_solve_of_each_position_would(pool):
    """One analysis of the hand's play gives each card's double-dummy cost as a solve does."""
    game, basic = Game(new_deal(6)), BasicPlayer()
    play_hand_partly(game, 24)
    costs = []
    while not game.is_over:
        view = game.view()
        card = basic.choose(view)
        (solved,) = pool.solve([to_board(view, full_hands(view, _others(game)))])
        costs.append(max(solved.values()) - solved[card.code])
        game.play(card)
    values = pool.analyse(par_board(game.deal), tuple(card.code for card in game.plays))
    replay = Game(game.deal, game.plays[:24])
    for index, cost in enumerate(costs[: len(values) - 25], 24):
        change = values[index] - values[index + 1]
        assert (change if replay.turn.is_north_south else -change) == cost
        replay.play(game.plays[index])


def _others(game: Game) -> dict[Seat, list[Card]]:
    return {seat: list(game.hands[seat]) for seat in Seat if seat != game.turn}
