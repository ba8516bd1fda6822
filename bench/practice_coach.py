"""The practice coach's answer times at the stronger level: each hint, and the review after the
last card (from the moment the last card is sent until each card's cost is ready).

One player plays ``--deals`` deals through the real views (Django's test client, in process,
the solver's two workers), asking for a hint before every card and playing the hinted card;
``--others N`` keeps N more players playing strong hands at the same time, as a busy hall
would. Prints median, p95 and the slowest of each.

    .venv/bin/python bench/practice_coach.py [--deals 20] [--first 700] [--others 0]
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time

from _django import setup


class Player:
    """One browser on one deal, as the page's script drives it."""

    def __init__(self, client, deal: int) -> None:
        self.client = client
        self.identity = {"deal": deal, "level": "strong"}
        self.made = None

    def post(self, name: str, **body) -> dict:
        sent = {**self.identity, **body}
        if self.made is not None and name != "start":
            sent["after"] = self.made
        answer = self.client.post(
            f"/practice/api/{name}/", json.dumps(sent), content_type="application/json"
        ).json()
        self.made = answer.get("made", self.made)
        return answer

    def review(self) -> dict:
        while True:
            response = self.client.get("/practice/api/review/", self.identity)
            if response.status_code != 202:
                return response.json()


def coached_deal(client, deal: int, hints: list[float], reviews: list[float]) -> None:
    player = Player(client, deal)
    state = player.post("start", resume=False)
    while not state["finished"]:
        began = time.perf_counter()
        card = player.post("hint")["hint"]["card"]
        hints.append(time.perf_counter() - began)
        last = len(state["hand"]) == 1
        began = time.perf_counter()
        state = player.post("play", card=card)
    assert last and "you" in player.review()
    reviews.append(time.perf_counter() - began)


def busy_player(client, first: int, stop: threading.Event) -> None:
    deal = first
    while not stop.is_set():
        player = Player(client, deal)
        state = player.post("start", resume=False)
        while not state["finished"] and not stop.is_set():
            state = player.post("play", card=next(c["code"] for c in state["hand"] if c["legal"]))
        deal += 1


def figures(name: str, seconds: list[float]) -> str:
    ms = sorted(t * 1000 for t in seconds)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return (
        f"{name}: {len(ms)} answers, median {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, "
        f"slowest {ms[-1]:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first", type=int, default=700, help="the first deal's number")
    parser.add_argument("--others", type=int, default=0, help="strong players at the same time")
    args = parser.parse_args()
    setup()
    from django.test import Client
    from django.test.utils import setup_test_environment

    from practice.games.whist.solver import shared_pool

    setup_test_environment()  # the test client's host name
    for future in shared_pool().warm():
        future.result()
    stop = threading.Event()
    others = [
        threading.Thread(target=busy_player, args=(Client(), 5000 + 100 * i, stop))
        for i in range(args.others)
    ]
    for other in others:
        other.start()
    hints: list[float] = []
    reviews: list[float] = []
    for deal in range(args.first, args.first + args.deals):
        coached_deal(Client(), deal, hints, reviews)
    stop.set()
    for other in others:  # each finishes the answer it waits for before the pool closes
        other.join()
    print(f"{args.deals} deals at the stronger level, {args.others} other strong players")
    print(figures("hint", hints))
    print(figures("review (last card sent to every cost ready)", reviews))


if __name__ == "__main__":
    main()
