"""Flags won and lost per table and day, advanced hand by hand instead of re-read in full.

The first standings after a save must not re-read all 12,500 results of a 250-table event.
Each server process keeps, per event, every hand's tally (flags won and lost per table, as the
flag rules count them) and their sums per day. On the next read it asks the audit log which
hands changed since then and re-derives only those hands from their recorded results; nothing
is ever incremented from a new value alone, so the sums are always the results' sums.

Why the audit log is a complete list of changed hands: every result write audits each row it
changes in the same transaction, under the event's write lock (so entries of one event are
numbered in commit order). Any entry that is not a result's and not known to leave results
alone (a settings change, a new rotation, anything added later) rebuilds from every result.

Saves use them too: a save's loans start from the kept hands before it (``net_before``), and
once a save commits, its hands, all of whose results it holds, replace theirs (``after_save``).
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.db.models import Count, Max, Value

from ..models import AuditEntry, Event, Hand, HandResult
from ..rules.flags import flags_won
from ..rules.types import FlagSettings, Result

# Writes known to leave every recorded result as it was.
_RESULTS_UNTOUCHED = {
    "day closed",
    "day reopened",
    "role given",
    "role removed",
    "tables assigned",
    "table entry accepted",
    "table entry waiting",
    "teams imported",
    "trump cut",
}
_RESULT_TARGET = re.compile(r"hand (\d+) table \d+")
_KEPT_EVENTS = 32  # events whose tallies a process keeps (a hall runs one or two)
_MOST_ENTRIES = 2000  # changes read one by one; more than this (an import) reads all results
_MARKER = -1  # the day column of the audit log's row in a full read


@dataclass(frozen=True)
class Tallies:
    """Flags won and lost per day and table, for the results recorded at one revision."""

    won: dict[int, dict[int, int]]
    lost: dict[int, dict[int, int]]
    recorded: int  # results recorded
    last_hand: int  # the highest hand with a result, 0 before play starts
    per_hand: dict[int, int]  # results recorded in each hand
    # The audit entry of the last write that was not a result's (teams, settings...): what
    # is derived from everything but the results stays valid while it stays the same.
    setup_mark: int = 0

    def recorded_up_to(self, hand: int) -> int:
        """Results recorded in hands 1 to ``hand``."""
        return sum(n for number, n in self.per_hand.items() if number <= hand)

    def net_by_day(self, tables: int, flags_per_table: int) -> dict[int, dict[int, int]]:
        """Net flags per begun day per table, as ``rules.flags.net_flags_by_day`` gives them."""
        return {
            day: {
                t: flags_per_table + self.won[day].get(t, 0) - self.lost[day].get(t, 0)
                for t in range(1, tables + 1)
            }
            for day in sorted(self.won)
        }


@dataclass
class _HandTally:
    day: int
    results: int = 0
    won: dict[int, int] = field(default_factory=dict)
    lost: dict[int, int] = field(default_factory=dict)

    def count(self, visitor: int, host: int, tricks: int, settings: FlagSettings) -> None:
        """One more result of this hand."""
        self.results += 1
        if flags := flags_won(tricks, settings):
            self.won[visitor] = self.won.get(visitor, 0) + flags
            self.lost[host] = self.lost.get(host, 0) + flags


@dataclass
class _State:
    settings: tuple[int, int]
    audit_id: int = 0
    setup_mark: int = 0
    # The event's revision committed by this process's own save, whose hands were added on
    # commit: while the revision stays the same, nothing has changed since (no query).
    revision: int | None = None
    hands: dict[int, _HandTally] = field(default_factory=dict)
    won: dict[int, dict[int, int]] = field(default_factory=dict)
    lost: dict[int, dict[int, int]] = field(default_factory=dict)
    results: dict[int, int] = field(default_factory=dict)  # per day

    def add(self, number: int, tally: _HandTally, sign: int) -> None:
        day = tally.day
        self.results[day] = self.results.get(day, 0) + sign * tally.results
        for totals, part in ((self.won, tally.won), (self.lost, tally.lost)):
            sums = totals.setdefault(day, {})
            for table, flags in part.items():
                sums[table] = sums.get(table, 0) + sign * flags
        if sign > 0:
            self.hands[number] = tally
        else:
            del self.hands[number]

    def replace(self, changed: Iterable[int], tallies: Mapping[int, _HandTally]) -> None:
        """The hands ``changed`` derived again as ``tallies`` (a hand left without a result
        is not among them)."""
        for number in changed:
            if number in self.hands:
                self.add(number, self.hands[number], -1)
        for number, tally in tallies.items():
            self.add(number, tally, +1)

    def snapshot(self) -> Tallies:
        begun = [d for d in sorted(self.results) if self.results[d]]
        return Tallies(
            won={d: dict(self.won.get(d, {})) for d in begun},
            lost={d: dict(self.lost.get(d, {})) for d in begun},
            recorded=sum(self.results.values()),
            last_hand=max((n for n, h in self.hands.items() if h.results), default=0),
            per_hand={n: h.results for n, h in self.hands.items()},
            setup_mark=self.setup_mark,
        )


_states: OrderedDict[tuple, _State] = OrderedDict()
_lock = threading.Lock()


def tallies(event: Event) -> Tallies:
    """Flags won and lost per day and table from the event's recorded results (one or two
    queries)."""
    settings = event.flag_settings
    key = (event.pk, event.created_at)
    if inside_a_write():  # what it reads may yet be rolled back: derive afresh, keep nothing
        state = _State((settings.one_flag_at, settings.two_flags_at))
        _advance(event, state, settings)
        return state.snapshot()
    with _lock:  # one thread advances an event's tallies at a time
        state = _states.pop(key, None)
        if state is None or state.settings != (settings.one_flag_at, settings.two_flags_at):
            state = _State((settings.one_flag_at, settings.two_flags_at))
        if state.revision is None or state.revision != event.revision:
            _advance(event, state, settings)
            state.revision = None
        _states[key] = state
        while len(_states) > _KEPT_EVENTS:
            _states.popitem(last=False)
        return state.snapshot()


def inside_a_write() -> bool:
    """True inside a transaction (other than the one a test case wraps every test in)."""
    return any(not getattr(b, "_from_testcase", False) for b in connection.atomic_blocks)


def _advance(event: Event, state: _State, settings: FlagSettings) -> None:
    """Re-derive the hands changed since ``state`` was last advanced (every hand at first).

    Each hand is read whole in one statement, so a hand is never half-saved here; a save that
    lands between the two reads is read again next time (re-deriving a hand is idempotent).
    """
    rows = HandResult.objects.filter(event=event).order_by()
    changed: set[int] | None = None
    if state.audit_id:
        changed, last, setup = _changed_hands(event, state.audit_id)
        if changed is not None:
            state.audit_id, state.setup_mark = last, setup or state.setup_mark
            if not changed:
                return
            # By the hands' ids, so the (event, hand) index finds them without a scan.
            rows = rows.filter(hand__in=Hand.objects.filter(event=event, number__in=changed))
    columns = ("hand__number", "hand__day", "host_table", "visitor_table", "visitor_tricks")
    if changed is None:
        # The audit log's last entry comes in the same statement, so it matches these rows.
        state.__dict__.update(_State(state.settings).__dict__)
        rows = rows.values_list(*columns).union(
            AuditEntry.objects.filter(event=event)
            .values("event")
            .annotate(last=Max("pk"))
            .values_list("last", Value(_MARKER), Value(0), Value(0), Value(0))
            .order_by(),
            all=True,
        )
    else:
        rows = rows.values_list(*columns)
    tallies: dict[int, _HandTally] = {}
    for number, day, host, visitor, tricks in rows:
        if day == _MARKER:
            state.audit_id = state.setup_mark = number or 0
            continue
        tally = tallies.get(number) or tallies.setdefault(number, _HandTally(day))
        tally.count(visitor, host, tricks, settings)
    state.replace(changed or (), tallies)


def _changed_hands(event: Event, since: int) -> tuple[set[int] | None, int, int]:
    """The hands whose results changed in the audit log after entry ``since``, the last entry
    read, and the last that was not a result's (0 if none). The hands are None when results
    may have changed anywhere, or when there are too many entries to read one by one."""
    changed, last, setup = set(), since, 0
    log = AuditEntry.objects.filter(event=event, pk__gt=since).order_by("pk")
    entries = list(log.values_list("pk", "action", "target")[: _MOST_ENTRIES + 1])
    if len(entries) > _MOST_ENTRIES:  # a file import: one read of everything is quicker
        return None, last, setup
    for pk, action, target in entries:
        last = max(last, pk)
        found = _RESULT_TARGET.fullmatch(target) if action.startswith("result") else None
        if found:
            changed.add(int(found[1]))
            continue
        setup = pk
        if action not in _RESULTS_UNTOUCHED and not action.startswith("playoff"):
            return None, last, setup
    return changed, last, setup


def net_before(
    event: Event, day: int, hand: int, revision: int | None = None
) -> dict[int, int] | None:
    """Flags each table's pair won less what its hosts lost in ``day``'s hands before
    ``hand`` (tables with no change left out), as this transaction sees the results.

    A save's loans start from this instead of summing every earlier hand of the day: the
    tallies kept for readers give the hands unchanged since, and the hands changed since are
    read afresh (a write's own rows included). Nothing kept is changed, so a write that is
    rolled back leaves no trace. None when no tallies are kept for these settings, or when
    results may have changed anywhere since. ``revision`` is the event's, read under its
    lock: when this process's own last save committed it, nothing has changed since.
    """
    settings = event.flag_settings
    with _lock:
        state = _states.get((event.pk, event.created_at))
        if state is None or state.settings != (settings.one_flag_at, settings.two_flags_at):
            return None
        since, unchanged = state.audit_id, revision is not None and state.revision == revision
        kept = {n: h for n, h in state.hands.items() if h.day == day and n < hand}
    if not since:
        return None
    changed, _, _ = (set(), 0, 0) if unchanged else _changed_hands(event, since)
    if changed is None:
        return None
    tallies = [tally for number, tally in kept.items() if number not in changed]
    if fresh := {n for n in changed if n < hand}:
        read = _HandTally(day)  # the changed hands together, as one
        hands = Hand.objects.filter(event=event, day=day, number__in=fresh)
        rows = HandResult.objects.filter(event=event, hand__in=hands).order_by()
        for visitor, host, tricks in rows.values_list(
            "visitor_table", "host_table", "visitor_tricks"
        ):
            read.count(visitor, host, tricks, settings)
        tallies.append(read)
    net: dict[int, int] = {}
    for tally in tallies:
        for table, flags in tally.won.items():
            net[table] = net.get(table, 0) + flags
        for table, flags in tally.lost.items():
            net[table] = net.get(table, 0) - flags
    return net


def after_save(event: Event, known: Mapping[int, Sequence[Result]], entries: int) -> None:
    """Inside a write of results, once its ``entries`` audit entries are written and the
    revision bumped: when it commits, advance the kept tallies by the hands it wrote, whose
    every result is in ``known``, as the next reader would, without reading them back. Done
    only when the audit log holds nothing but this write's entries since the tallies were
    kept; otherwise the next reader advances them from the audit log as always."""
    settings, revision = event.flag_settings, event.revision  # any later write bumps it
    key = (event.pk, event.created_at)
    with _lock:
        state = _states.get(key)
        if state is None or state.settings != (settings.one_flag_at, settings.two_flags_at):
            return
        since = state.audit_id
    if not since:
        return
    since_then = AuditEntry.objects.filter(event=event, pk__gt=since)
    found = since_then.aggregate(count=Count("pk"), last=Max("pk"))
    if found["count"] != entries:
        return
    tallied = {}
    for number, results in known.items():
        for r in results:
            tally = tallied.get(number) or tallied.setdefault(number, _HandTally(r.day))
            tally.count(r.visitor_table, r.host_table, r.visitor_tricks, settings)

    def advance() -> None:
        with _lock:
            state = _states.get(key)
            if (
                state is None
                or state.audit_id != since
                or state.settings
                != (
                    settings.one_flag_at,
                    settings.two_flags_at,
                )
            ):
                return  # a reader advanced them first, or they were dropped
            state.replace(known, tallied)
            state.audit_id, state.revision = found["last"], revision

    transaction.on_commit(advance)
