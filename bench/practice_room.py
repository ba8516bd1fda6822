"""Benchmark the practice room's two computer levels at Militac and at Militaire.

Militac: on each seeded deal, strong North-South play basic East-West, and the same deal is
played again with basic North-South; the figure is North-South's points less East-West's per
deal, and the margin is the paired difference deal by deal, with its standard error.
Militaire: whole games to 500, strong players in seats 0 and 2 against basic players in 1 and
3 (four players), once per pack; the figure is the share of games the strong seats win (a
shared win counts by its share), against the 50% two equal pairs of seats would win.

    .venv/bin/python bench/practice_room.py [--games 500] [--progress 100]

Measured 2026-11-26 on a busy shared machine (``--only militac --games 1000``, 12 min): Militac,
strong margin +2.01 +- 0.31 points a deal (it was +0.09 +- 0.61 on 2026-11-23, before the
expert bid by its layouts and searched the last four squads; the ``+-`` is a standard error).
2026-11-23: Militaire, strong seats win 56.9% +- 2.2% of games with the standard pack (24 min)
and 53.8% +- 2.2% with the Army pack (1.5 min).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from practice.games.militac import ai as militac_ai  # noqa: E402
from practice.games.militac.game import OVER, Game  # noqa: E402
from practice.games.militaire import ai as militaire_ai  # noqa: E402
from practice.games.militaire.game import GAME_OVER, ROUND_OVER  # noqa: E402
from practice.games.militaire.game import Game as Militaire  # noqa: E402


def militac_deal(seed: int, north_south: str, timings: list[float]) -> tuple[int, Game]:
    game = Game(seed)
    while game.phase != OVER:
        strong = north_south == "strong" and game.turn.side == "NS"
        started = time.perf_counter()
        if strong:
            move = militac_ai.StrongPlayer.for_move(seed, len(game.moves)).choose(game.view())
            timings.append(time.perf_counter() - started)
        else:
            move = militac_ai.BasicPlayer().choose(game.view())
        game.apply(move)
    score = game.score()
    return score["NS"] - score["EW"], game


def bench_militac(games: int, progress: int) -> None:
    timings: list[float] = []
    margins, strong_net, basic_net = [], [], []
    made = Counter()
    started = time.perf_counter()
    for seed in range(1, games + 1):
        strong, game = militac_deal(seed, "strong", timings)
        basic, _ = militac_deal(seed, "basic", [])
        strong_net.append(strong)
        basic_net.append(basic)
        margins.append(strong - basic)
        if game.contract is None:
            made["thrown in"] += 1
        else:
            made[f"{game.declarer.side} {'made' if game.score()['made'] else 'set'}"] += 1
        if progress and seed % progress == 0:
            print(f"  militac {seed} deals: margin {statistics.mean(margins):+.2f}", flush=True)
    se = statistics.stdev(margins) / len(margins) ** 0.5
    print(f"Militac, {games} deals ({time.perf_counter() - started:.0f} s)")
    print(
        f"  North-South net points a deal, strong NS v basic EW: {statistics.mean(strong_net):+.2f}"
    )
    print(
        f"  North-South net points a deal, basic NS v basic EW:  {statistics.mean(basic_net):+.2f}"
    )
    print(f"  strong level's margin: {statistics.mean(margins):+.2f} ± {se:.2f} points a deal")
    print(f"  contracts with strong NS: {dict(sorted(made.items()))}")
    print(
        f"  strong decision: median {statistics.median(timings) * 1000:.0f} ms,"
        f" slowest {max(timings) * 1000:.0f} ms"
    )


def bench_militaire(pack: str, games: int, progress: int) -> None:
    share, rounds, dry = 0.0, 0, 0
    totals = {"strong": [], "basic": []}
    started = time.perf_counter()
    for seed in range(1, games + 1):
        game = Militaire(seed, pack, 4)
        players = [
            militaire_ai.StrongPlayer() if p % 2 == 0 else militaire_ai.BasicPlayer()
            for p in range(4)
        ]
        while game.phase != GAME_OVER:
            if game.phase == ROUND_OVER:
                game.apply("next round")
                continue
            game.apply(players[game.turn].choose(game.view()))
        share += sum(1 for p in game.leaders if p % 2 == 0) / len(game.leaders)
        rounds += len(game.results)
        dry += sum(1 for r in game.results if r.winner is None)
        for p, total in enumerate(game.totals):
            totals["strong" if p % 2 == 0 else "basic"].append(total)
        if progress and seed % progress == 0:
            print(
                f"  militaire {pack} {seed} games: strong seats win {share / seed:.1%}", flush=True
            )
    # A win share's standard error, treating each game as one trial.
    p = share / games
    se = (p * (1 - p) / games) ** 0.5
    print(f"Militaire, {pack} pack, {games} games of four ({time.perf_counter() - started:.0f} s)")
    print(f"  strong seats (2 of 4) win {p:.1%} ± {se:.1%} of games (equal play: 50%)")
    print(
        f"  final totals: strong {statistics.mean(totals['strong']):.0f},"
        f" basic {statistics.mean(totals['basic']):.0f} points a player"
    )
    print(f"  {rounds / games:.1f} rounds a game; {dry / rounds:.1%} of rounds ran out of stock")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--progress", type=int, default=100)
    parser.add_argument("--only", choices=("militac", "militaire"), default=None)
    args = parser.parse_args()
    if args.only in (None, "militac"):
        bench_militac(args.games, args.progress)
    if args.only in (None, "militaire"):
        for pack in ("french", "army"):
            bench_militaire(pack, args.games, args.progress)


if __name__ == "__main__":
    main()
