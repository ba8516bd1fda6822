"""Several people playing the strong practice level at once, through the real views over HTTP.

Starts the app on a threaded server on 127.0.0.1, then each player (a thread with its own
session) opens a deal's page, starts it and plays South's first legal card until the hand
ends, waiting ``--think`` seconds before each card as a person would. Prints the time of every
answer (start and play): median, p99 and the slowest, and the slowest per player.

    .venv/bin/python bench/practice_players.py [--players 8] [--think 0] [--first 500]

Measured 2026-11-27, 8 players, the machine quiet (2 cores): median answer about 280 ms; the
slowest 765, 837, 868, 892, 934, 1,083 and 1,145 ms in seven runs. The goal is 1 s: the time
goes in this process, where every player's layouts are dealt under one interpreter lock beside
the solves. A hint put ahead of the queued solves (worker turns, most urgent first) lowered
the hint's median but not these figures, and was not kept.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import statistics
import threading
import time
import urllib.request
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from _django import setup


class ThreadedServer(WSGIServer):
    def process_request(self, request, client_address):
        threading.Thread(target=self._serve, args=(request, client_address), daemon=True).start()

    def _serve(self, request, client_address):
        try:
            self.finish_request(request, client_address)
        finally:
            self.shutdown_request(request)


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args) -> None:
        pass


def play(base: str, deal: int, think: float, times: list[float]) -> None:
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(f"{base}/practice/?deal={deal}&level=strong").read()
    token = next(cookie.value for cookie in jar if cookie.name == "csrftoken")

    def call(name: str, body: dict) -> dict:
        request = urllib.request.Request(  # noqa: S310  # loopback only
            f"{base}/practice/api/{name}/",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "X-CSRFToken": token},
        )
        started = time.perf_counter()
        answer = json.loads(opener.open(request).read())
        times.append(time.perf_counter() - started)
        return answer

    state = call("start", {"deal": deal, "level": "strong"})
    while not state["finished"]:
        time.sleep(think)
        card = next(card["code"] for card in state["hand"] if card["legal"])
        state = call("play", {"deal": deal, "level": "strong", "card": card})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each card")
    parser.add_argument("--first", type=int, default=500, help="the first player's deal")
    parser.add_argument("--verbose", action="store_true", help="every answer's time")
    args = parser.parse_args()
    setup()
    from django.core.wsgi import get_wsgi_application

    from practice.games.whist.solver import shared_pool

    for future in shared_pool().warm():
        future.result()
    server = make_server("127.0.0.1", 0, get_wsgi_application(), ThreadedServer, QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    times = {deal: [] for deal in range(args.first, args.first + args.players)}
    players = [
        threading.Thread(target=play, args=(base, deal, args.think, answers))
        for deal, answers in times.items()
    ]
    started = time.perf_counter()
    for player in players:
        player.start()
    for player in players:
        player.join()
    server.shutdown()
    every = sorted(t * 1000 for answers in times.values() for t in answers)
    print(f"{args.players} players, {len(every)} answers in {time.perf_counter() - started:.0f} s")
    p99 = every[int(0.99 * len(every))]
    median = statistics.median(every)
    print(f"answer ms: median {median:.0f}, p99 {p99:.0f}, slowest {every[-1]:.0f}")
    print("slowest per player ms:", " ".join(f"{max(t) * 1000:.0f}" for t in times.values()))
    if args.verbose:
        for deal, answers in times.items():
            print(deal, " ".join(f"{t * 1000:.0f}" for t in answers))


if __name__ == "__main__":
    main()
