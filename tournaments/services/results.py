"""Recording results: atomic, locked on the event row, audited; loans rebuilt from them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.db import IntegrityError, transaction
from django.utils import timezone

from .. import permissions, selectors
from ..models import AuditEntry, Event, Hand, HandResult, Loan
from ..rules import flags as flag_rules
from ..rules.errors import RulesError, gettext_noop
from ..rules.types import Result, ResultEntry
from ..snapshot.tallies import held_before
from . import planner, rows
from .audit import bump_revision, revision_brought
from .closed_days import refuse_if_closed
from .locks import lock_event, write_transaction


class ResultConflict(RulesError):
    """Someone saved this table's result after the page was loaded; nothing was saved."""

    def __init__(self, hand: int, host_table: int, yours: int, theirs: int | None) -> None:
        if theirs is None:
            template = gettext_noop(
                "Hand %(hand)s, table %(table)s: the result changed while you were typing; "
                "it was cleared, you entered %(yours)s. Check it and save again."
            )
        else:
            template = gettext_noop(
                "Hand %(hand)s, table %(table)s: the result changed while you were typing; "
                "it is now %(theirs)s, you entered %(yours)s. Check it and save again."
            )
        super().__init__(
            template,
            field=f"table_{host_table}",
            hand=hand,
            table=host_table,
            yours=yours,
            theirs=theirs,
        )
        self.hand, self.host_table, self.yours, self.theirs = hand, host_table, yours, theirs


def _result_values(r: HandResult) -> dict:
    return {
        "tricks_played": r.tricks_played,
        "visitor_revokes": r.visitor_revokes,
        "host_revokes": r.host_revokes,
        "visitor_tricks": r.visitor_tricks,
    }


def results_record(
    *,
    event: Event,
    entries: Sequence[ResultEntry],
    actor,
    action: str = "result entered",
    conflicts: list[ResultConflict] | None = None,
) -> list[HandResult]:
    """Save results for host tables, all or none; a stale ``seen_version`` is a conflict,
    raised, or added to ``conflicts`` when given and that entry left unsaved."""
    # The role is read before the write lock is taken: every moment under it is a moment
    # the other leaders' saves wait.
    permissions.require(actor, event, permissions.ENTER)
    if not entries:
        return []
    with write_transaction():
        return record_checked(event, entries, actor, action, conflicts)


def record_checked(
    event: Event,
    entries: Sequence[ResultEntry],
    actor,
    action: str,
    conflicts: list[ResultConflict] | None = None,
) -> list[HandResult]:
    """``results_record`` for a write that has checked its actor's permission and holds its
    transaction (a table's entry): the role is not read a second time."""
    ends, *locked = lock_event(event, "play_ends_after", "revision", "setup_revision")
    numbers = {e.hand for e in entries}
    hands = {h.number: h for h in Hand.objects.filter(event=event, number__in=numbers)}
    by_id = {h.pk: h.number for h in hands.values()}
    current = {
        (r.hand_id, r.host_table): r
        for r in HandResult.objects.filter(event=event, hand__in=hands.values())
    }
    starts: dict[int, int] = {}  # each day's first saved hand: its loans are rewritten on
    for h in hands.values():
        starts[h.day] = min(starts.get(h.day, h.number), h.number)
    now = timezone.now()
    stamp = revision_brought(locked[0])  # on the rows it writes
    name = permissions.actor_name(actor)
    # New results and audit entries are plain column values written in one statement each
    # (rows.insert): a model instance per row cost more than the rest of a 250-table save.
    created, created_entries, changed, log, changing = [], [], [], [], []
    for e in entries:
        hand = hands.get(e.hand)
        if hand is None:
            raise RulesError("There is no hand %(hand)s in this event", field="hand", hand=e.hand)
        if ends is not None and e.hand > ends:
            raise RulesError(
                "Play ended after hand %(ends)s; hand %(hand)s is not played",
                field="hand",
                ends=ends,
                hand=e.hand,
            )
        if not 1 <= e.host_table <= event.tables:
            raise RulesError(
                "There is no table %(table)s in this event", field="table", table=e.host_table
            )
        played = flag_rules.check_tricks(e.tricks_played)
        after = {
            "tricks_played": played,
            "visitor_revokes": e.visitor_revokes,
            "host_revokes": e.host_revokes,
            "visitor_tricks": flag_rules.adjusted_tricks(
                played, e.visitor_revokes, e.host_revokes, penalty=event.revoke_penalty
            ),
        }
        row = current.get((hand.pk, e.host_table))
        if e.seen_version is not None and (row.version if row else 0) != e.seen_version:
            conflict = ResultConflict(
                e.hand, e.host_table, played, row.visitor_tricks if row else None
            )
            if conflicts is None:
                raise conflict
            conflicts.append(conflict)
            continue
        before = _result_values(row) if row else None
        if before == after:
            continue
        if row is None:
            created.append(
                {
                    "event_id": event.pk,
                    "hand_id": hand.pk,
                    "host_table": e.host_table,
                    "visitor_table": hand.moves.index(e.host_table) + 1,
                    **after,
                    "version": 1,
                    "entered_by": name,
                }
            )
            created_entries.append(e)
        else:
            for field, value in after.items():
                setattr(row, field, value)
            row.version += 1
            row.entered_by, row.entered_at, row.revision = name, now, stamp
            changed.append(row)
        changing.append((e.hand, e.host_table))
        log.append(
            {
                "event_id": event.pk,
                "actor": name,
                "action": action if before is None else "result corrected",
                "target": f"hand {e.hand} table {e.host_table}",
                "before": before,
                "after": after,
            }
        )
    # A closed day refuses changes only: a cumulative sheet imported again after a close
    # repeats its unchanged rows, and those are accepted (nothing to write).
    refuse_if_closed(event, [hands[n] for n, _ in changing], changes=changing)
    if created:  # (a savepoint is two more statements under the lock: only when needed)
        try:
            with transaction.atomic():
                rows.insert(HandResult, created, shared={"entered_at": now, "revision": stamp})
        except IntegrityError:  # another leader created the same result a moment ago
            e = created_entries[0]
            raise ResultConflict(e.hand, e.host_table, e.tricks_played, None) from None
    rows.update(
        HandResult,
        [{"id": r.pk, **{f: getattr(r, f) for f in after}, "version": r.version} for r in changed],
        shared={"entered_by": name, "entered_at": now, "revision": stamp},
    )
    rows.insert(AuditEntry, log, shared={"at": now})
    planner.written(len(log), HandResult, AuditEntry, Hand, Loan)
    if created or changed:
        known = _saved_hands(hands, current, created)
        _loans_write(event, starts, known)
        saved = {e.hand for e in created_entries} | {by_id[r.hand_id] for r in changed}
        bump_revision(event, hands=saved, locked=(locked[0], locked[1]))
    return rows.instances(HandResult, created, {"entered_at": now, "revision": stamp}) + changed


def _saved_hands(
    hands: dict[int, Hand], current: dict[tuple[int, int], HandResult], created: list[dict]
) -> dict[int, list[Result]]:
    """Every result of each saved hand as the save leaves it (the rows read under the lock,
    as changed, and the new ones): the loans need not read them back."""
    by_id = {h.pk: h for h in hands.values()}
    known: dict[int, list[Result]] = {h.number: [] for h in hands.values()}
    for r in [*current.values(), *created]:
        r = r if isinstance(r, dict) else r.__dict__
        hand = by_id[r["hand_id"]]
        known[hand.number].append(
            Result(hand.number, hand.day, r["host_table"], r["visitor_table"], r["visitor_tricks"])
        )
    return known


def loans_rebuild(*, event: Event, days: Iterable[int] = (), hands: Iterable[int] = ()) -> None:
    """Rewrite the loans of ``days``, and of the hands from the first of ``hands`` on in each
    of their days, from the results (called inside a write, under the event's lock).

    A loan depends only on what its table held when its hand began, so a save at hand 30
    re-derives hands 30 onward from what the earlier hands left, not the whole day.
    """
    first = dict.fromkeys(days, 0)
    hands = set(hands)
    for number, day in (
        Hand.objects.filter(event=event, number__in=hands).values_list("number", "day")
        if hands
        else ()
    ):
        first[day] = min(first.get(day, number), number)
    _loans_write(event, first, {})


def _loans_write(event: Event, first: Mapping[int, int], known: Mapping[int, list[Result]]) -> None:
    """The loans of each day in ``first`` from its first hand to rewrite on: ``known`` holds
    every result of some hands (those a save just wrote), read no more. Each day starts from
    what its tables held when that first hand began, summed from the earlier hands' tallies
    (those a reader keeps): a save writes only that hand and later ones, so they are as
    before it."""
    loans = []
    for day, start in sorted(first.items()):
        held = held_before(event, day, start) if start > 1 else None
        recorded = selectors.results(event, [day], from_hand=start, skip=known) + [
            r for number, saved in known.items() if number >= start for r in saved if r.day == day
        ]
        recorded.sort(key=lambda r: (r.hand, r.host_table))
        Loan.objects.filter(event=event, day=day, hand__gte=start).delete()
        _, moves = flag_rules.day_ledger(event.tables, day, recorded, event.flag_settings, held)
        loans += [
            Loan(event=event, day=day, hand=m.hand, table=m.host_table, flags=m.loan)
            for m in moves
            if m.loan
        ]
    Loan.objects.bulk_create(loans, batch_size=500)
