"""How the page benchmarks time a call: the median of repeated runs, so one slow run (a
garbage collection, another program) does not move the figure."""

from __future__ import annotations

import statistics
import time


def timed(fn, repeat: int) -> float:
    """Median seconds of ``repeat`` calls."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)
