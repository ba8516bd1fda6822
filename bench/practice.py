"""Benchmark the practice player's computer levels over seeded deals.

For each level the computer plays North-South against basic and against random East-West
on the same seeded deals; the figures are North-South's tricks per deal and the time each
level takes per decision. The strong level is slower (about a second a deal), so by default
it plays the first ``--strong-deals`` 200 deals; ``--strong-deals 1000`` gives the full
comparison in about 25 minutes on one core. The basic level's figures on those same deals are
printed beside it, and each margin is the paired difference deal by deal, with its standard
error. While the strong level plays, a progress line every ``--progress`` deals gives the
margins so far, so a run stopped early still reports how many deals it covered.

    .venv/bin/python bench/practice.py [--deals 1000] [--strong-deals 200] [--progress 100]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.games.whist.ai import BasicPlayer, RandomPlayer  # noqa: E402
from tournaments.games.whist.game import Game, new_deal  # noqa: E402
from tournaments.games.whist.search import StrongPlayer, endplay_available  # noqa: E402


def make(level: str, seed: int):
    if level == "random":
        return RandomPlayer(random.Random(seed))
    if level == "basic":
        return BasicPlayer()
    return StrongPlayer(random.Random(seed))


def play_deal(level: str, against: str, seed: int, timings: list[float]) -> int:
    """North-South's tricks on deal ``seed``; adds the seconds per North-South decision."""
    north_south, east_west = make(level, seed), make(against, seed + 1)
    game = Game(new_deal(seed))
    while not game.is_over:
        ours = game.turn.is_north_south
        player = north_south if ours else east_west
        started = time.perf_counter()
        card = player.choose(game.view())
        if ours:
            timings.append(time.perf_counter() - started)
        game.play(card)
    return game.outcome().north_south_tricks


def play(level: str, against: str, seeds: range) -> tuple[list[int], list[float]]:
    """North-South tricks per deal, and seconds per North-South decision."""
    timings: list[float] = []
    return [play_deal(level, against, seed, timings) for seed in seeds], timings


def line(label: str, tricks: list[int], timings: list[float]) -> str:
    ms = sorted(t * 1000 for t in timings)
    return (
        f"{label:<28} {len(tricks):>5} {statistics.mean(tricks):>7.2f}"
        f" {statistics.median(ms):>9.2f} {ms[-1]:>9.1f}"
    )


def margin(label: str, better: list[int], base: list[int]) -> str:
    diffs = [a - b for a, b in zip(better, base, strict=True)]
    mean = statistics.mean(diffs)
    error = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return f"{label:<40} {mean:+.2f} tricks per deal (± {error:.2f} s.e., {len(diffs)} deals)"


def progress(done: int, strong: dict, results: dict, seconds: float) -> str:
    parts = []
    for against, (tricks, timings) in strong.items():
        diffs = [a - b for a, b in zip(tricks, results["basic", against][0], strict=False)]
        error = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        worst = max(timings) * 1000 if timings else 0.0
        parts.append(
            f"v {against} {statistics.mean(tricks):.2f} ({statistics.mean(diffs):+.2f}"
            f" ± {error:.2f} on basic), worst {worst:.0f} ms"
        )
    return f"  strong, {done} deals, {seconds:.0f} s: " + "; ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals for random and basic")
    parser.add_argument("--strong-deals", type=int, default=200, help="deals for the strong level")
    parser.add_argument("--progress", type=int, default=100, help="deals between progress lines")
    args = parser.parse_args()
    deals, strong_deals = range(1, args.deals + 1), range(1, min(args.strong_deals, args.deals) + 1)

    print("North-South tricks per deal (of 13) and milliseconds per North-South decision")
    header = ("North-South v East-West", "deals", "tricks", "median ms", "worst ms")
    print("{:<28} {:>5} {:>7} {:>9} {:>9}".format(*header))
    results = {}
    for level in ("random", "basic"):
        for against in ("basic", "random"):
            results[level, against] = play(level, against, deals)
            print(line(f"{level} v {against}", *results[level, against]), flush=True)
    if not endplay_available():
        print("strong level skipped: install endplay (pip install endplay)")
        return
    import endplay.dds  # noqa: F401  # the 1 s import is paid once, not timed as a decision

    strong = {against: ([], []) for against in ("basic", "random")}
    started = time.perf_counter()
    for seed in strong_deals:  # both opponents deal by deal, so progress covers both
        for against, (tricks, timings) in strong.items():
            tricks.append(play_deal("strong", against, seed, timings))
        done = len(strong["basic"][0])
        if args.progress and done % args.progress == 0 and done < len(strong_deals):
            print(progress(done, strong, results, time.perf_counter() - started), flush=True)
    for against in ("basic", "random"):
        results["strong", against] = strong[against]
        print(line(f"strong v {against}", *results["strong", against]), flush=True)
    n = len(strong_deals)
    print()
    for against in ("basic", "random"):
        base = results["basic", against][0][:n]
        strong = results["strong", against][0]
        print(f"basic v {against} on the strong level's {n} deals: {statistics.mean(base):.2f}")
        print(margin(f"strong beats basic (both v {against}) by", strong, base))
    print(
        margin(
            "basic beats random (both v basic) by",
            results["basic", "basic"][0],
            results["random", "basic"][0],
        )
    )


if __name__ == "__main__":
    main()
