"""The feed of an event's changes (DESIGN §5, Followers): what changed from a given revision on,
in the archive's own format, for a follower that holds the event up to that revision.

Every write moves the event's revision (``services.audit.bump_revision``); a hand whose
results changed takes the new revision as its own, and a change of the teams, the rotation or
the settings moves the setup revision. So a follower at revision ``base`` needs the results of
the hands whose revision is above it, whole, and the parts of the archive that carry no
revision of their own (settings, loans, closes, counts, playoffs), which are small. When the
setup moved since ``base`` (or the follower holds nothing yet, ``base`` 0), the change is the
whole event. Each change says the revision it starts from and the one it brings, so a
follower applies it only on top of exactly that revision: never twice, never out of order.

The records are the archive's (``export.py``) and a follower checks them as an import does;
the audit log and the secrets (entry addresses, accounts) are not part of a change.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction
from django.db.models import Count

from ..models import Event, Hand, HandResult
from .export import export_event, result_records

FORMAT = "military-whist-director/changes"
VERSION = 1
# What a change carries of the archive: always, and only when it is the whole event.
ALWAYS = ("format", "version", "event", "loans", "closes", "counts", "playoffs", "results")
WHOLE = ("hands", "teams", "links")


@contextmanager
def one_moment() -> Iterator[None]:
    """A read-only transaction, so every record read comes from one committed moment. On
    SQLite a transaction starts IMMEDIATE (it takes the write lock) for the saves' sake; this
    one only reads, so it starts DEFERRED and the saves never wait for it."""
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        # Inside another moment, that one: a read needs no savepoint to roll back to.
        with transaction.atomic(savepoint=False):
            yield
        return
    connection.ensure_connection()
    mode = connection.transaction_mode
    connection.transaction_mode = "DEFERRED"
    try:
        with transaction.atomic():
            yield
    finally:
        connection.transaction_mode = mode


def changes_since(event: Event, base: int, *, source: str, rows: bool = False) -> dict:
    """The change that brings a follower from ``base`` to the event's current revision;
    ``source`` names this copy of the event (a follower refuses changes of another copy).
    With ``rows`` (for a follower known to hold every result as of ``base``,
    ``services.standby_sent``), a moved hand's results are only those written since ``base``
    (``HandResult.revision``), and ``counts`` says how many results each such hand has, so a
    result gone since then is seen."""
    with one_moment():
        current = Event.objects.select_related("season").get(pk=event.pk)
        whole = base == 0 or current.setup_revision > base
        archive = export_event(current, records=False, setup=whole)  # a part only: not kept
        results = HandResult.objects.filter(event=current)
        if whole:
            hands = list(Hand.objects.filter(event=current).values_list("number", flat=True))
        else:
            moved = Hand.objects.filter(event=current, revision__gt=base).order_by("number")
            if rows:
                counts = dict(moved.annotate(n=Count("results")).values_list("number", "n"))
                hands, results = list(counts), results.filter(revision__gt=base)
            else:
                hands = list(moved.values_list("number", flat=True))
            results = results.filter(hand__number__in=hands)  # by the index on (event, hand)
        archive["results"] = result_records(results)
    kept = ALWAYS + WHOLE if whole else ALWAYS
    partial = {"counts": counts} if rows and not whole else {}
    return {
        **partial,
        "format": FORMAT,
        "version": VERSION,
        "event": current.slug,
        "source": source,
        "base": base,
        "revision": current.revision,
        "whole": whole,
        "hands": sorted(hands),
        "archive": {key: value for key, value in archive.items() if key in kept},
    }


def merged(earlier: dict, later: dict) -> dict:
    """One change that does what ``earlier`` then ``later`` (which starts from ``earlier``'s
    revision) do, so a follower that fell behind applies them at once: the later's parts
    without a revision of their own, every hand either names with its newest results. A hand
    a change names in ``rows`` carries only its changed results, laid over what came before
    (``services.standby_sent``); it stays so unless the earlier change carried it whole."""
    if later["whole"]:
        return later
    hands = _by_hand(earlier)
    rows = set(earlier.get("rows", []))
    for hand, records in _by_hand(later).items():
        if hand in later.get("rows", []) and hand in hands:
            over = {r["host_table"]: r for r in [*hands[hand], *records]}
            hands[hand] = [over[table] for table in sorted(over)]
        else:
            hands[hand] = records
            rows.discard(hand)
            if hand in later.get("rows", []):
                rows.add(hand)
    results = [record for hand in sorted(hands) for record in hands[hand]]
    archive = {**earlier["archive"], **later["archive"], "results": results}
    return {
        **later,
        "base": earlier["base"],
        "whole": earlier["whole"],
        "hands": sorted(hands),
        "rows": sorted(rows),
        "archive": archive,
    }


def _by_hand(change: dict) -> dict[int, list[dict]]:
    """Each hand the change names, with its results in table order."""
    hands: dict[int, list[dict]] = {hand: [] for hand in change["hands"]}
    for record in change["archive"]["results"]:
        hands.setdefault(record["hand"], []).append(record)
    return hands
