"""Re-deriving an event's results and loans after a setting that moves flags has changed.

Results keep the tricks as played and the revokes, so the tricks after penalties follow from
the revoke penalty, and loans from the thresholds and the flags per table. A closed day or
session is a confirmed record: it must be reopened before such a change.
"""

from __future__ import annotations

from ..models import DayClose, Event, Hand, HandResult, Loan
from ..rules.errors import Phrase, RulesError
from ..rules.event_settings import LABELS
from ..rules.flags import adjusted_tricks
from .audit import audit, revision_brought
from .results import loans_rebuild


def refuse_under_a_closed_day(event: Event, fields) -> None:
    """A flag setting cannot change under a closed day: its record would disagree."""
    close = DayClose.objects.filter(event=event).order_by("day", "session").first()
    if close is None:
        return
    if close.session:
        what = Phrase("Day %(day)s session %(session)s", day=close.day, session=close.session)
    else:
        what = Phrase("Day %(day)s", day=close.day)
    names = ", ".join(
        str(Phrase(LABELS[f])).lower() if f in LABELS else f.replace("_", " ") for f in fields
    )
    raise RulesError(
        "%(part)s is closed: changing %(settings)s would change its recorded flags. "
        "A leader reopens it on the Close page first, then closes it again after the change",
        field=fields[0],
        part=what,
        settings=names,
    )


def results_rederive(event: Event, actor) -> None:
    """Recompute every result's tricks after penalties and every day's loans (inside a write
    that has locked the event); one audit entry lists what changed."""
    changed, before, after = [], {}, {}
    rows = HandResult.objects.filter(event=event).select_related("hand")
    for row in rows.order_by("hand__number", "host_table"):
        tricks = adjusted_tricks(
            row.tricks_played, row.visitor_revokes, row.host_revokes, penalty=event.revoke_penalty
        )
        if tricks != row.visitor_tricks:
            key = f"hand {row.hand.number} table {row.host_table}"
            before[key], after[key] = row.visitor_tricks, tricks
            row.visitor_tricks, row.revision = tricks, revision_brought(event.revision)
            changed.append(row)
    HandResult.objects.bulk_update(changed, ["visitor_tricks", "revision"], batch_size=500)
    old_loans = list(Loan.objects.filter(event=event).values_list("hand", "table", "flags"))
    loans_rebuild(
        event=event, days=set(Hand.objects.filter(event=event).values_list("day", flat=True))
    )
    new_loans = list(Loan.objects.filter(event=event).values_list("hand", "table", "flags"))
    if changed or old_loans != new_loans:
        before["loans"] = [f"hand {h} table {t}: {f}" for h, t, f in old_loans]
        after["loans"] = [f"hand {h} table {t}: {f}" for h, t, f in new_loans]
        target = f"{len(changed)} results, {len(new_loans)} loans"
        audit(event, actor, "results re-derived", target, before, after).save()
