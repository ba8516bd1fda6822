"""Runs of numbers as people write them: hands 20–30, tables 3, 7."""

from __future__ import annotations

from collections.abc import Iterable


def spans(numbers: Iterable[int]) -> str:
    """[3, 4, 5, 9] -> '3–5, 9'; [3, 7] -> '3, 7'."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs)
