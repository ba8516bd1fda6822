"""Double-dummy solving in a small pool of worker processes.

DDS (through ``endplay``) always uses its thread slot 0, so two solves at once in one process
corrupt each other. Each worker here is a separate process that runs one task at a time, so a
solve never runs concurrently in one DDS instance, and a web process only waits on a future
(other requests carry on) instead of holding a lock while it searches. Workers are started
with ``spawn`` (the same on Windows, macOS and Linux, and safe in a threaded server) and
import endplay once.

The workers end with their server however it ends. A clean stop (Ctrl+C) closes the pool at
exit; a SIGTERM or SIGHUP, a closed console window on Windows or a crash runs no exit code at
all, so each worker also watches its parent (``multiprocessing.parent_process().sentinel``: a
pipe on macOS and Linux, the process handle on Windows) and exits the moment it is gone.
With the workers gone, multiprocessing's resource tracker sees its last user go and exits too.

A board goes to a worker as plain data: the hands in PBN order from North, the seat on lead
to the current trick, the trump (``None`` for no-trump) and the cards already played to that
trick. A worker answers with the double-dummy tricks, for the side on turn, of each legal
card (codes as in ``cards.py``), counting the current trick (or of the best card only).
"""

from __future__ import annotations

import atexit
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

WORKERS = 2  # the machines this runs on have 2 to 8 cores; more workers only queue longer
TIMEOUT = 30.0  # seconds; a solve never takes this long unless the pool is broken
_RANKS = "23456789TJQKA"
_SUITS = "SHDC"  # endplay's Denom order: spades 0, hearts 1, diamonds 2, clubs 3, no-trump 4


@dataclass(frozen=True)
class Board:
    """One position to solve: ``hands`` is a PBN deal from North ("N:... ... ... ...")."""

    hands: str
    leader: int
    trump: str | None  # "S", "H", "D", "C" or None
    trick: tuple[str, ...] = ()
    best_only: bool = False  # only the best card and its tricks: about twice as fast


# Worker side ------------------------------------------------------------------------------

_busy = False


def solve_boards(boards: list[Board]) -> tuple[list[dict[str, int]], tuple[int, float, float]]:
    """Solve ``boards`` one after another; also returns (pid, start, end) for the pool's log."""
    global _busy
    if _busy:  # a worker process runs one task at a time; this would be a second DDS caller
        raise RuntimeError("DDS is already solving in this process")
    _busy = True
    started = time.monotonic()
    try:
        return [_solve(board) for board in boards], (os.getpid(), started, time.monotonic())
    finally:
        _busy = False


def _solve(board: Board) -> dict[str, int]:
    """DDS's own call, through endplay's ctypes binding: endplay's Deal and Card objects cost
    as much Python time as DDS takes to solve a 9-card layout."""
    from endplay import _dds

    deal = _dds.dealPBN()
    deal.trump = 4 if board.trump is None else _SUITS.index(board.trump)
    deal.first = board.leader
    for index, code in enumerate(board.trick):
        deal.currentTrickSuit[index] = _SUITS.index(code[1])
        deal.currentTrickRank[index] = _RANKS.index(code[0]) + 2
    deal.remainCards = _remaining(board).encode()
    future = _dds.futureTricks()
    target, solutions = (-1, 1) if board.best_only else (0, 3)
    _dds.SolveBoardPBN(deal, target, solutions, 1, future, 0)
    tricks = {}
    for index in range(future.cards):
        score = future.score[index]
        if score == -1:  # not scored (as endplay skips it)
            continue
        suit = _SUITS[future.suit[index]]
        held = (1 << future.rank[index]) | future.equals[index]  # bit r: rank r, 2 to 14
        for rank in range(2, 15):
            if held >> rank & 1:
                tricks[_RANKS[rank - 2] + suit] = score
    return tricks


def _remaining(board: Board) -> str:
    """The PBN deal without the cards already played to the current trick."""
    hands = [hand.split(".") for hand in board.hands[2:].split(" ")]
    for index, code in enumerate(board.trick):
        holdings = hands[(board.leader + index) % 4]
        suit = _SUITS.index(code[1])
        holdings[suit] = holdings[suit].replace(code[0], "")
    return "N:" + " ".join(".".join(holdings) for holdings in hands)


def analyse_plays(board: Board, plays: tuple[str, ...]) -> list[int]:
    """North-South's double-dummy tricks in the whole hand before each card of ``plays`` and
    after the last: one DDS call that follows the play, far cheaper than a solve per card."""
    from endplay.dds import analyse_play
    from endplay.types import Card, Deal, Denom, Player

    deal = Deal(board.hands)
    deal.first = Player(board.leader)
    deal.trump = Denom(4 if board.trump is None else _SUITS.index(board.trump))
    values = analyse_play(deal, [Card(code[1] + code[0]) for code in plays])
    # DDS counts for the side on the leader's right, the tricks already played included
    return [13 - v if board.leader % 2 == 0 else v for v in values]


def watch_parent() -> None:
    """A worker's first act: leave Ctrl+C to the server (which closes the pool), and exit as
    soon as the server process is gone, whatever ended it."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not started by a pool (a test calling it in-process)
        return
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watcher = threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True)
    watcher.start()


def _exit_with(sentinel) -> None:
    multiprocessing.connection.wait([sentinel])  # ready only when the parent has ended
    os._exit(0)  # no clean-up to run: the worker holds nothing but DDS's memory


def _warm() -> int:
    """Import endplay and solve one small board: DDS's first solve sets up its memory (~1 s)."""
    _solve(Board("N:A... K... Q... J...", 0, None))
    return os.getpid()


# Caller side ------------------------------------------------------------------------------


class SolverPool:
    """A few worker processes; ``solve`` splits a list of boards between them."""

    def __init__(self, workers: int = WORKERS) -> None:
        self.workers = workers
        self.log: deque[tuple[int, float, float]] = deque(maxlen=5000)
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=watch_parent
                )
            return self._executor

    def warm(self) -> list[Future]:
        """Start the workers and their endplay import now rather than on the first solve."""
        pool = self._pool()
        return [pool.submit(_warm) for _ in range(self.workers)]

    def solve(self, boards: list[Board], timeout: float | None = TIMEOUT) -> list[dict[str, int]]:
        """Each board's tricks per legal card, in the order given, whichever worker solved it."""
        if not boards:
            return []
        try:
            return self._solve(boards, timeout)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh once
            self.close()
            return self._solve(boards, timeout)

    def _solve(self, boards: list[Board], timeout: float | None) -> list[dict[str, int]]:
        pool = self._pool()
        # One chunk a worker: every hand-off costs the web process pickling and a wake-up
        size = -(-len(boards) // self.workers)
        chunks = [boards[i : i + size] for i in range(0, len(boards), size)]
        futures = [pool.submit(solve_boards, chunk) for chunk in chunks]
        results: list[dict[str, int]] = []
        for future in futures:
            solved, interval = future.result(timeout=timeout)
            results.extend(solved)
            self.log.append(interval)
        return results

    def analyse(
        self, board: Board, plays: tuple[str, ...], timeout: float | None = None
    ) -> list[int]:
        """``analyse_plays`` in a worker (the benchmark's referee, a hand's review)."""
        return self._pool().submit(analyse_plays, board, plays).result(timeout=timeout)

    def close(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


_shared: SolverPool | None = None
_shared_lock = threading.Lock()


def shared_pool() -> SolverPool:
    """The process-wide pool that every strong player in this process uses."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = SolverPool()
            atexit.register(_shared.close)
        return _shared
