"""Flags: what a result is worth, revoke penalties, loans, and a table's flags for a day.

Flags move simultaneously at the end of a hand: a host pays from the flags it held when the
hand began (borrowing the shortfall from the leader), and what its own travelling pair won
arrives afterwards. Net flags = flags on the table - loans outstanding, so loan timing never
changes a standing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from .errors import RulesError
from .event_settings import typed_number
from .types import TRICKS_PER_HAND, FlagMove, FlagSettings, Result, TableDay

DEFAULT_SETTINGS = FlagSettings()


def _count(value: object) -> int | None:
    """A count as a whole number: an int as it is (a phone's JSON), text as written with the
    digits 0-9 only (``typed_number``: not '٣', '+7' or '-0'); None when it is neither."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    return typed_number(value)


def check_tricks(value: object, *, field: str = "visitor_tricks") -> int:
    """Return ``value`` as a trick count 0..13, or raise a RulesError naming ``field``."""
    text = "" if value is None or isinstance(value, bool) else str(value).strip()
    tricks = _count(value)
    if tricks is None:
        if not text:
            raise RulesError("tricks must be a whole number from 0 to 13, not 'blank'", field=field)
        raise RulesError(
            "tricks must be a whole number from 0 to 13, not %(text)r", field=field, text=text
        )
    if not 0 <= tricks <= TRICKS_PER_HAND:
        raise RulesError("tricks must be from 0 to 13, not %(tricks)s", field=field, tricks=tricks)
    return tricks


def check_revokes(value: object, *, field: str) -> int:
    """Return a revoke count 0..13 (blank means 0), or raise a RulesError naming ``field``."""
    text = "" if value is None else str(value).strip()
    if text == "":
        return 0
    revokes = _count(value)
    if revokes is None:
        raise RulesError("revokes must be a whole number, not %(text)r", field=field, text=text)
    if not 0 <= revokes <= TRICKS_PER_HAND:
        raise RulesError(
            "revokes must be from 0 to 13, not %(revokes)s", field=field, revokes=revokes
        )
    return revokes


def adjusted_tricks(
    tricks_played: int, visitor_revokes: int = 0, host_revokes: int = 0, *, penalty: int = 2
) -> int:
    """Visitors' tricks after revoke penalties: each revoke gives ``penalty`` tricks away."""
    raw = tricks_played - penalty * visitor_revokes + penalty * host_revokes
    return max(0, min(TRICKS_PER_HAND, raw))


def flags_won(visitor_tricks: int, settings: FlagSettings = DEFAULT_SETTINGS) -> int:
    """Flags the visitors take from the host table for ``visitor_tricks``."""
    if visitor_tricks >= settings.two_flags_at:
        return 2
    if visitor_tricks >= settings.one_flag_at:
        return 1
    return 0


def hand_moves(
    results: Iterable[Result], held: dict[int, int], settings: FlagSettings = DEFAULT_SETTINGS
) -> list[FlagMove]:
    """The flag moves of one hand given what each table ``held`` when it began.

    A host that holds fewer flags than its visitors won is loaned the shortfall.
    """
    moves = []
    for r in sorted(results, key=lambda r: r.host_table):
        flags = flags_won(r.visitor_tricks, settings)
        loan = max(0, flags - held[r.host_table])
        moves.append(FlagMove(r.hand, r.host_table, r.visitor_table, flags, loan))
    return moves


def day_ledger(
    tables: int,
    day: int,
    results: Iterable[Result],
    settings: FlagSettings = DEFAULT_SETTINGS,
    held: Mapping[int, int] | None = None,
) -> tuple[dict[int, TableDay], list[FlagMove]]:
    """Every table's flags at the end of ``day`` (as far as it is entered) and every move.

    Returns the per-table summary and the moves in hand order, loans included. ``held`` is
    what each table held when the first of ``results``' hands began (``flags_per_table`` at
    the start of the day); the summary then counts only those hands.
    """
    by_hand: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        if r.day == day:
            by_hand[r.hand].append(r)
    on_table = dict.fromkeys(range(1, tables + 1), settings.flags_per_table)
    on_table.update(held or {})
    loans = dict.fromkeys(on_table, 0)
    won = dict.fromkeys(on_table, 0)
    lost = dict.fromkeys(on_table, 0)
    all_moves: list[FlagMove] = []
    for hand in sorted(by_hand):
        moves = hand_moves(by_hand[hand], on_table, settings)
        for m in moves:  # everyone pays from what they held when the hand began ...
            loans[m.host_table] += m.loan
            on_table[m.host_table] += m.loan - m.flags
            lost[m.host_table] += m.flags
        for m in moves:  # ... and winnings arrive afterwards
            on_table[m.visitor_table] += m.flags
            won[m.visitor_table] += m.flags
        all_moves.extend(moves)
    summary = {t: TableDay(t, day, on_table[t], loans[t], won[t], lost[t]) for t in on_table}
    return summary, all_moves


def nets_added(nets: Iterable[tuple[int, ...]], tables: int) -> tuple[int, ...]:
    """Hands' nets (flags won less lost, ``net[t - 1]`` for table t) added table by table."""
    nets = list(nets)
    return tuple(map(sum, zip(*nets, strict=True))) if nets else (0,) * tables


def net_flags_by_day(
    tables: int, results: Iterable[Result], settings: FlagSettings = DEFAULT_SETTINGS
) -> dict[int, dict[int, int]]:
    """Net flags per begun day per table: ``{day: {table: net}}``.

    Net flags need no ledger: flags_per_table + flags won away - flags lost at home.
    A day has begun once it has at least one result.
    """
    net: dict[int, dict[int, int]] = {}
    for r in results:
        day = net.get(r.day)
        if day is None:
            day = net[r.day] = dict.fromkeys(range(1, tables + 1), settings.flags_per_table)
        flags = flags_won(r.visitor_tricks, settings)
        day[r.visitor_table] += flags
        day[r.host_table] -= flags
    return net
