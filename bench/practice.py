"""Referee the practice player's computer levels: the stronger level against the basic one.

Every deal is played twice with the same cards: the strong level North-South against basic
East-West, then the seats swapped; the head-to-head margin of a deal is what the strong pair
took minus what the basic pair took with the same cards. A third play, basic against basic,
is the yardstick for the per-side gain. After each play a double-dummy referee follows the
whole play (one DDS analysis of the hand, North-South's best tricks before and after each
card) and scores every decision with more than one legal card; it reports, per level: tricks
per hand with a 95 % confidence interval, the share of decisions that were double-dummy best,
the tricks lost per hand against the double-dummy optimum (the sum over the level's decisions
of best card's tricks minus the chosen card's), and the time per decision (median, p99,
worst). Last, ``--replays`` deals are played again with a fresh one-worker pool and compared
card for card.

    .venv/bin/python bench/practice.py [--deals 1000] [--replays 100] [--progress 100]

Measured 2026-11-26, 1,000 deals (17 min, the machine quiet), the layouts walked among those
that keep to the opponents' play: double-dummy best 94.1 % (basic 91.5 %), head to head
+1.27 +- 0.09 tricks a deal, tricks thrown 1.49 a hand (basic 2.12), replays 100 of 100;
decisions median 14.4 ms, p99 66 ms, slowest 134 ms. With layouts drawn afresh only: 93.7 %,
+1.13, 1.59. Before the issue: 93.3 %, +0.91.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from practice.games.whist.ai import BasicPlayer  # noqa: E402
from practice.games.whist.cards import Seat  # noqa: E402
from practice.games.whist.game import Game, new_deal  # noqa: E402
from practice.games.whist.lesson import par_board  # noqa: E402
from practice.games.whist.search import StrongPlayer  # noqa: E402
from practice.games.whist.solver import SolverPool  # noqa: E402

LEVELS = ("strong", "basic")
SIZE: int | None = None  # cards a hand in a solve; None: the player's plan
READ = True


@dataclass
class Tally:
    """One level's figures over the hands it played."""

    tricks: list[int] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)  # per hand
    ms: list[float] = field(default_factory=list)
    choices: int = 0
    best: int = 0
    forced: int = 0


def player(level: str, seed: int, pool: SolverPool, scale: float):
    if level == "strong":
        return StrongPlayer(seed, pool=pool, scale=scale, size=SIZE, read=READ)
    return BasicPlayer()


def play_deal(seed: int, levels: dict[bool, str], pool: SolverPool, scale: float, tallies):
    """Play deal ``seed`` (North-South's level under True): the cards played, N-S tricks.

    Basic against basic is only the yardstick: its decisions are neither timed nor refereed.
    """
    if levels[True] == levels[False]:
        game = Game(new_deal(seed))
        while not game.is_over:
            game.play(BasicPlayer().choose(game.view()))
        return [card.code for card in game.plays], game.tricks_won(Seat.NORTH)
    game = Game(new_deal(seed))
    players = {side: player(level, seed, pool, scale) for side, level in levels.items()}
    decisions = []  # (index of the card in the play, its side), for choices worth refereeing
    while not game.is_over:
        side, view = game.turn.is_north_south, game.view()
        started = time.perf_counter()
        card = players[side].choose(view)
        tallies[levels[side]].ms.append((time.perf_counter() - started) * 1000)
        if len(view.legal_moves()) > 1:
            decisions.append((len(game.plays), side))
        else:
            tallies[levels[side]].forced += 1
        game.play(card)
    plays = tuple(card.code for card in game.plays)
    # One double-dummy analysis follows the whole play: North-South's tricks before each card
    values = pool.analyse(par_board(game.deal), plays)  # the referee is not timed
    lost = {side: 0 for side in levels}
    for index, side in decisions:
        change = values[index] - values[index + 1]
        cost = change if side else -change
        lost[side] += cost
        tallies[levels[side]].best += cost == 0
        tallies[levels[side]].choices += 1
    for side, level in levels.items():
        tallies[level].tricks.append(game.tricks_won(Seat.NORTH if side else Seat.EAST))
        tallies[level].lost.append(lost[side])
    return list(plays), game.tricks_won(Seat.NORTH)


def interval(values: list[float]) -> str:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return f"{mean:6.2f} ± {half:.2f}"


def report(tallies: dict[str, Tally], margins: list[int], gains: list[int]) -> None:
    print()
    head = ("level", "hands", "tricks/hand 95% CI", "DD-best", "w/ forced", "lost/hand")
    print("{:<7} {:>5} {:>19} {:>8} {:>9} {:>9}".format(*head), end="")
    print("{:>10} {:>8} {:>9}".format("median ms", "p99 ms", "worst ms"))
    for level in LEVELS:
        t = tallies[level]
        ms = sorted(t.ms)
        share = 100 * t.best / t.choices
        with_forced = 100 * (t.best + t.forced) / (t.choices + t.forced)
        print(
            f"{level:<7} {len(t.tricks):>5} {interval(t.tricks):>19} {share:>7.1f}%"
            f" {with_forced:>8.1f}% {statistics.mean(t.lost):>9.2f}"
            f"{statistics.median(ms):>10.1f} {ms[int(0.99 * len(ms))]:>8.1f} {ms[-1]:>9.1f}"
        )
    print(f"\nhead to head, strong minus basic, same cards: {interval(margins)} tricks a deal")
    print(f"per side, strong v basic minus basic v basic: {interval(gains)} tricks a deal")
    print(f"({len(margins)} deals; DD-best counts decisions with more than one legal card)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals, each played both ways")
    parser.add_argument("--first", type=int, default=1, help="seed of the first deal")
    parser.add_argument("--replays", type=int, default=100, help="deals replayed card for card")
    parser.add_argument("--progress", type=int, default=100, help="deals between progress lines")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the sample counts")
    parser.add_argument("--size", type=int, help="cards a hand in every solve (default: the plan)")
    parser.add_argument("--no-reading", action="store_true", help="deal only by counts and voids")
    args = parser.parse_args()
    global SIZE, READ
    SIZE, READ = args.size, not args.no_reading
    pool = SolverPool()
    for future in pool.warm():
        future.result()  # the workers' endplay import is not a decision
    tallies = {level: Tally() for level in LEVELS}
    rest = (args.scale, tallies)
    margins, gains, replays = [], [], []
    lone = SolverPool(workers=1)
    started = time.perf_counter()
    seeds = range(args.first, args.first + args.deals)
    for done, seed in enumerate(seeds, 1):
        plays, strong_ns = play_deal(seed, {True: "strong", False: "basic"}, pool, *rest)
        _, basic_ns = play_deal(seed, {True: "basic", False: "strong"}, pool, *rest)
        _, yardstick = play_deal(seed, {True: "basic", False: "basic"}, pool, *rest)
        margins.append(strong_ns - basic_ns)
        gains.append(strong_ns - yardstick)
        if done <= args.replays:  # again through a fresh one-worker pool, timed and refereed apart
            scratch = {level: Tally() for level in LEVELS}
            again, _ = play_deal(seed, {True: "strong", False: "basic"}, lone, args.scale, scratch)
            replays.append(again == plays)
        if done == len(seeds) or (args.progress and done % args.progress == 0):
            report(tallies, margins, gains)
            print(f"replays: {sum(replays)} of {len(replays)} deals played card for card as before")
            print(f"{done} deals in {time.perf_counter() - started:.0f} s", flush=True)
    pool.close()
    lone.close()


if __name__ == "__main__":
    main()
