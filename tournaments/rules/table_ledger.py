"""One table's day, hand by hand: what the verifier checks when a physical count disagrees.

A count that is off is usually off because of one slip, often one where "no flag moved". So
every hand is listed, not only those where flags moved: the pair this table hosted and the
tricks it took, where this table's own pair went and what it brought back, any loan, and the
flags that should be on the table after the hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .flags import DEFAULT_SETTINGS, hand_moves
from .types import FlagSettings, Hand, Result


@dataclass(frozen=True)
class LedgerLine:
    """One hand at one table. ``None`` tricks mean the slip is not entered yet."""

    hand: int
    visitors_from: int
    visitor_tricks: int | None
    flags_out: int
    loan: int
    travelled_to: int
    our_tricks: int | None
    flags_in: int
    on_table: int


def table_ledger(
    table: int,
    tables: int,
    hands: Sequence[Hand],
    results: Iterable[Result],
    settings: FlagSettings = DEFAULT_SETTINGS,
) -> list[LedgerLine]:
    """Every hand of ``hands`` (one day's, in order) as seen from ``table``."""
    by_hand: dict[int, list[Result]] = {}
    for r in results:
        by_hand.setdefault(r.hand, []).append(r)
    held = dict.fromkeys(range(1, tables + 1), settings.flags_per_table)
    lines = []
    for hand in hands:
        recorded = by_hand.get(hand.number, [])
        moves = hand_moves(recorded, held, settings)
        for m in moves:  # hosts pay from what they held when the hand began ...
            held[m.host_table] += m.loan - m.flags
        for m in moves:  # ... and winnings arrive afterwards
            held[m.visitor_table] += m.flags
        tricks = {r.host_table: r.visitor_tricks for r in recorded}
        home = next((m for m in moves if m.host_table == table), None)
        away_table = hand.moves[table]
        away = next((m for m in moves if m.host_table == away_table), None)
        lines.append(
            LedgerLine(
                hand=hand.number,
                visitors_from=hand.visitor_of(table),
                visitor_tricks=tricks.get(table),
                flags_out=home.flags if home else 0,
                loan=home.loan if home else 0,
                travelled_to=away_table,
                our_tricks=tricks.get(away_table),
                flags_in=away.flags if away else 0,
                on_table=held[table],
            )
        )
    return lines
