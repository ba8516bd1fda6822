"""One table's day, hand by hand: what the verifier checks when a physical count disagrees.

A count that is off is usually off because of one slip, often one where "no flag moved". So
every hand is listed, not only those where flags moved: the pair this table hosted and the
tricks it took (as played, and the revokes), where this table's own pair went and what it
brought back, any loan, and the flags that should be on the table after the hand.

``likely_hands`` then names the few hands whose slip, read differently, would make the count
match: a hand where one more or one fewer trick moves a flag is a likelier slip than one where
it would take six.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .flags import DEFAULT_SETTINGS, flags_won, hand_moves
from .types import TRICKS_PER_HAND, FlagSettings, Hand, Result

# (hand, host table) -> (tricks as played, visitors' revokes, hosts' revokes), for the results
# with a revoke.
Revokes = Mapping[tuple[int, int], tuple[int, int, int]]


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
    # (tricks as played, visitors' revokes, hosts' revokes) where a revoke changed the tricks.
    home_revokes: tuple[int, int, int] | None = None
    away_revokes: tuple[int, int, int] | None = None


def table_ledger(
    table: int,
    tables: int,
    hands: Sequence[Hand],
    results: Iterable[Result],
    settings: FlagSettings = DEFAULT_SETTINGS,
    revokes: Revokes | None = None,
) -> list[LedgerLine]:
    """Every hand of ``hands`` (one day's, in order) as seen from ``table``; ``revokes`` adds
    the tricks as played and the revokes of the results that had any."""
    revokes = revokes or {}
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
                home_revokes=revokes.get((hand.number, table)),
                away_revokes=revokes.get((hand.number, away_table)),
            )
        )
    return lines


@dataclass(frozen=True)
class Suspect:
    """A hand whose slip, read as ``would`` tricks instead of ``now`` (None: not entered),
    makes the table's count match; ``home`` when it is the slip of the pair this table hosted,
    else the slip of its own pair's visit."""

    hand: int
    home: bool
    now: int | None
    would: int

    @property
    def distance(self) -> float:
        """How far the slip would be off: tricks apart, an unentered slip first."""
        return -1 if self.now is None else abs(self.would - self.now)


def on_table_after(
    lines: Sequence[LedgerLine], flags_per_table: int, settings: FlagSettings, change=None
) -> int:
    """The flags on the table after ``lines`` (its day so far), with one slip read otherwise:
    ``change`` is (line index, home?, visitors' tricks). A host short of flags borrows the
    shortfall, so a table's count depends on its own lines only."""
    held = flags_per_table
    for index, line in enumerate(lines):
        home, away = line.visitor_tricks, line.our_tricks
        if change is not None and change[0] == index:
            home, away = (change[2], away) if change[1] else (home, change[2])
        out = flags_won(home, settings) if home is not None else 0
        held += max(0, out - held) - out
        held += flags_won(away, settings) if away is not None else 0
    return held


def likely_hands(
    lines: Sequence[LedgerLine],
    counted: int,
    flags_per_table: int,
    settings: FlagSettings = DEFAULT_SETTINGS,
    most: int = 5,
) -> list[Suspect]:
    """At most ``most`` hands whose result, read otherwise, would make the count match: the
    nearest reading of each hand, nearest first (a slip missing between entered hands before
    any), then in hand order. Hands after the last one entered here are not played yet: a
    count made early is no reason to suspect them."""
    found: dict[int, Suspect] = {}
    entered = [
        i for i, line in enumerate(lines) if (line.visitor_tricks, line.our_tricks) != (None, None)
    ]
    for index, line in enumerate(lines[: entered[-1] + 1] if entered else []):
        for home, now in ((True, line.visitor_tricks), (False, line.our_tricks)):
            for would in range(TRICKS_PER_HAND + 1):
                if would == now:
                    continue
                change = (index, home, would)
                if on_table_after(lines, flags_per_table, settings, change) != counted:
                    continue
                suspect = Suspect(line.hand, home, now, would)
                kept = found.get(line.hand)
                if kept is None or suspect.distance < kept.distance:
                    found[line.hand] = suspect
    ranked = sorted(found.values(), key=lambda s: (s.distance, s.hand))
    return ranked[:most]
