"""The stronger computer: the same play on every replay, a budget in layouts, a safe solver pool."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practice.games.whist.ai import BasicPlayer, Knowledge, play_hand
from practice.games.whist.cards import Card, Seat
from practice.games.whist.game import Deal, Game, PlayerView, new_deal
from practice.games.whist.layouts import Layouts, full_hands, shorten, to_board
from practice.games.whist.lesson import par_board
from practice.games.whist.reading import cards_denied
from practice.games.whist.search import StrongPlayer, decision_seed, plan_for, samples_for
from practice.games.whist.solver import SolverPool
from practice.games.whist.tricks import beats, winning_index

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


def test_no_solve_is_of_more_than_eight_cards_a_hand():
    """The slow early tricks are solved on layouts cut to 8 cards a hand: a bound by design."""
    assert all(plan_for(left)[1] <= 8 for left in range(13, 0, -1))


def test_the_solver_scores_every_card_as_endplay_does():
    """DDS called directly gives each legal card the tricks endplay's own call gives it."""
    from endplay.dds import solve_board
    from endplay.types import Card as EndplayCard
    from endplay.types import Deal, Denom, Player

    from practice.games.whist.solver import _solve

    for seed, cards in [(1, 0), (2, 1), (3, 6), (4, 14), (5, 27), (6, 39), (7, 50)]:
        game = Game(new_deal(seed, trump="NT" if seed % 3 == 0 else None))
        play_hand_partly(game, cards)
        view = game.view()
        board = to_board(view, full_hands(view, _others(game)))
        deal = Deal(board.hands)
        deal.first, deal.trump = (
            Player(board.leader),
            Denom(4 if board.trump is None else "SHDC".index(board.trump)),
        )
        for code in board.trick:
            deal.play(EndplayCard(code[1] + code[0]))
        expected = {_code(card): tricks for card, tricks in solve_board(deal)}
        assert _solve(board) == expected


def _code(card) -> str:
    """An endplay card in this app's code: rank then suit letter."""
    return "23456789TJQKA"[int(card.rank).bit_length() - 3] + "SHDC"[int(card.suit)]


def test_the_web_process_checks_for_the_solver_without_importing_it():
    """Only the pool's workers import endplay (it pulls in matplotlib: over a second)."""
    code = (
        "import sys; from practice.games.whist.search import endplay_available; "
        "assert endplay_available(); assert 'endplay' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[4])  # noqa: S603


def test_a_reading_no_layout_can_keep_is_set_aside_and_the_voids_kept(monkeypatch):
    """When the play is read to deny the seats every card, the layouts are dealt by the
    voids alone, each seat still getting its count."""
    game = Game(new_deal(11))
    play_hand_partly(game, 21)
    view = game.view()
    know = Knowledge(view)
    others = [seat for seat in Seat if seat != view.seat]
    assert any(know.voids[seat] for seat in others)
    everything = {seat: set(know.unseen) for seat in others}
    monkeypatch.setattr("practice.games.whist.layouts.cards_denied", lambda *a, **k: everything)
    layouts = Layouts(view, know)
    for seed in range(10):
        layout = layouts.deal(random.Random(seed))
        for seat in others:
            assert len(layout[seat]) == view.cards_held(seat)
            assert not {card.suit for card in layout[seat]} & know.voids[seat]


def test_with_nothing_unseen_the_layout_deals_nobody_anything():
    """On the last card of a hand every other card has been seen: an empty deal, no error."""
    game = Game(new_deal(12))
    play_hand_partly(game, 51)
    view = game.view()
    assert Layouts(view, Knowledge(view)).deal(random.Random(1)) == {
        seat: [] for seat in Seat if seat != view.seat
    }


def test_every_layout_that_keeps_to_the_play_is_as_likely():
    """Late in a hand, with the voids shown, each possible layout comes up about as often."""
    game = Game(new_deal(11))
    play_hand_partly(game, 41)
    view = game.view()
    know = Knowledge(view)
    layouts = Layouts(view, know, read=False)
    possible = layouts.cumulative[-1]
    draws = 50 * possible
    rng = random.Random(3)
    seen = Counter(
        tuple(tuple(sorted(cards)) for cards in layouts.deal(rng).values()) for _ in range(draws)
    )
    assert len(seen) == possible > 20
    expected = draws / possible
    chi2 = sum((count - expected) ** 2 / expected for count in seen.values())
    assert chi2 < possible + 5 * (2 * possible) ** 0.5  # far off only if not uniform


def test_the_layouts_follow_from_the_deal_and_the_position():
    """The same position draws the same layouts; another deal number draws others."""
    game = Game(new_deal(5))
    game.play(BasicPlayer().choose(game.view()))
    view = game.view()
    know = Knowledge(view)
    first = Layouts(view, know).deal(random.Random(decision_seed(view, 5)))
    again = Layouts(view, know).deal(random.Random(decision_seed(view, 5)))
    other = Layouts(view, know).deal(random.Random(decision_seed(view, 6)))
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
    hands = full_hands(view, Layouts(view, Knowledge(view)).deal(random.Random(1)))
    before = {seat: {card.suit for card in cards} for seat, cards in hands.items()}
    stand_in = shorten(hands, view, 10)
    assert all(len(cards) == 10 for cards in hands.values())
    assert all({card.suit for card in cards} == before[seat] for seat, cards in hands.items())
    assert all(card in hands[seat] for seat, card in view.current.plays)
    for out, kept in stand_in.items():
        assert out.suit == kept.suit and kept.rank > out.rank and kept in hands[view.seat]


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
    pool.log.clear()
    alone = pool.solve(boards)
    chunks = len(pool.log)
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
    assert len(pool.log) == 8 * chunks
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


def test_ties_go_to_the_card_best_in_more_layouts(pool):
    """The card played has the best total, and no card with that total was best more often."""
    game = Game(new_deal(9))
    play_hand_partly(game, 13)
    strong = StrongPlayer(9, pool=pool)
    card = strong.choose(game.view())
    assert strong.searched
    top = max(strong.totals.values())
    assert strong.totals[card] == top
    tied = [other for other, total in strong.totals.items() if total == top]
    assert strong.wins[card] == max(strong.wins[other] for other in tied)


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


def test_a_seat_that_followed_low_is_dealt_no_lower_card_of_the_suit():
    """A seat that followed suit under the winning card gets no unseen lower card of it."""
    game = Game(new_deal(14), [])
    play_hand_partly(game, 9)
    view = game.view()
    know = Knowledge(view)
    denied = cards_denied(view, know, set(Seat) - {view.seat})
    assert any(denied.values())
    layouts = Layouts(view, know)
    for seed in range(20):
        layout = layouts.deal(random.Random(seed))
        for seat, barred in denied.items():
            assert not barred & set(layout[seat])


def test_a_seat_last_to_play_that_won_holds_no_cheaper_winner():
    """Fourth hand winning with, say, the king over the ten is read as holding no unseen jack
    or queen of the suit: last to play, a club player wins as cheaply as it can."""
    for seed in range(1, 40):
        game = Game(new_deal(seed), [])
        play_hand_partly(game, 4)
        trick = game.tricks[0]
        card, best = trick.cards[3], trick.cards[winning_index(trick.cards[:3], game.trump)]
        last, viewer = trick.plays[3][0], trick.leader
        if card.suit != trick.cards[0].suit or not beats(card, best, game.trump):
            continue
        view = PlayerView(viewer, game.hands[viewer], game.trump, tuple(game.tricks), game.current)
        know = Knowledge(view)
        cheaper = {c for c in know.unseen_in(card.suit) if best < c < card}
        if cheaper:
            assert cards_denied(view, know, {last})[last] >= cheaper
            return
    pytest.fail("no deal had fourth hand win over a gap")


def test_a_seat_that_discarded_holds_no_lower_card_of_that_suit():
    """A seat that threw the seven of a side suit on another suit's trick is read as holding
    none of its unseen lower cards: a club player discards the lowest of a suit."""
    for seed in range(1, 60):
        game = Game(new_deal(seed), [])
        play_hand_partly(game, 36)
        for trick in game.tricks:
            for seat, card in trick.plays[1:]:
                if card.suit in (trick.cards[0].suit, game.trump):
                    continue
                viewer = seat.partner
                done = tuple(game.tricks)
                view = PlayerView(viewer, game.hands[viewer], game.trump, done, game.current)
                know = Knowledge(view)
                lower = {c for c in know.unseen_in(card.suit) if c.rank < card.rank}
                if lower:
                    assert cards_denied(view, know, {seat})[seat] >= lower
                    return
    pytest.fail("no deal had a discard above an unseen card")


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(1, 10**6), cards=st.integers(1, 50))
def test_club_play_never_breaks_what_the_play_is_read_to_deny(seed, cards):
    """With every seat playing by the club rules, no seat holds a card the reading denies it,
    but for the basic player's known slip: third hand "high" with a card the trick had passed
    (holding J 9 7 over the ten, it plays the nine as worth the jack)."""
    game = Game(new_deal(seed), [])
    play_hand_partly(game, cards)
    view = game.view()
    denied = cards_denied(view, Knowledge(view), set(Seat) - {view.seat})
    for seat, barred in denied.items():
        for card in barred & set(game.hands[seat]):
            assert _third_hand_slip(game, seat, card)


def _third_hand_slip(game: Game, seat: Seat, held: Card) -> bool:
    """Whether ``seat`` played third to a trick, in ``held``'s suit, a card that did not win
    although it held one that would have."""
    later = set(game.hands[seat])
    for trick in reversed((*game.tricks, game.current)):
        plays = trick.plays
        later |= {card for who, card in plays if who == seat}
        if len(plays) > 2 and plays[2][0] == seat and plays[2][1].suit == held.suit:
            best = trick.cards[winning_index(trick.cards[:2], game.trump)]
            card = plays[2][1]
            winners = [c for c in later if c.suit == card.suit and beats(c, best, game.trump)]
            if card.suit == trick.cards[0].suit and not beats(card, best, game.trump) and winners:
                return True
    return False


@pytest.mark.parametrize("seed", [3, 8, 21, 34])
def test_a_layout_dealt_has_the_opponents_play_every_card_they_played(seed):
    """Dealt a layout's cards (with those they have played since), the opponents, playing as
    club players, would have played the very cards they did: the layouts read their play."""
    game = Game(new_deal(seed))
    play_hand_partly(game, 22)
    view = game.view()
    layouts = Layouts(view, Knowledge(view))
    opponents = {view.seat.next(), view.seat.partner.next()}
    assert {check.seat for check in layouts.reading.checks} == opponents
    kept = 0
    for draw in range(5):
        layout = layouts.deal(random.Random(draw))
        if not layouts.reading.keeps(layout, Counter()):
            continue  # none of the layouts drawn kept to the play: the first one stands
        kept += 1
        read = {check.seat for check in layouts.reading.checks}  # a seat no layout kept is not
        hands = dict(game.deal.hands)
        for seat in read:
            played = [card for who, card, _ in view.all_plays() if who == seat]
            hands[seat] = (*layout[seat], *played)
        again = Game(Deal(game.deal.seed, game.deal.dealer, game.deal.trump, hands))
        for card in game.plays:
            if again.turn in read:
                assert BasicPlayer().choose(again.view()) == card
            again.play(card)
    assert kept >= 4
