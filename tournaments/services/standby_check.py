"""The standby's check of a change that brings only some hands' results (a phone's save): the
records it carries checked as an archive import checks them (schema, rules, the loans they
call for), against the settings and the rotation the standby already holds, without reading
and checking the whole event again at every save.

A change that moves anything else the standby holds (the settings, the day closes, the counts
typed, the playoffs, the loans of another day), or whose days are being closed, is checked
whole (``publication._checked``), as a publication is.
"""

from __future__ import annotations

from ..archive import checks
from ..archive.export import VERSION, export_event
from ..archive.outcomes import loans
from ..archive.schema import ArchiveErrors, schema_for
from ..archive.walk import check
from ..models import Event, Hand, HandResult
from ..rules.types import Result
from .publication import PublicationRefused, _checked, named_once

# What a change of some hands' results carries new: the rest must be as the standby holds it.
NEW = ("format", "version", "results", "loans")


def checked(event: Event, change: dict) -> tuple[dict, dict | None]:
    """The archive ``apply_archive`` writes for ``change``, checked, and the event's export
    the check read (``None`` when the change was checked whole)."""
    if change["whole"]:
        return _checked(event, change), None
    held = export_event(event, records=False, setup=False)
    sent = change["archive"]
    same = {k: v for k, v in held.items() if k not in NEW}
    if "counts" not in sent:
        same.pop("counts", None)
    if {k: v for k, v in sent.items() if k not in NEW} != same:
        return _checked(event, change), None
    problems: list[str] = []
    schema = schema_for({"version": VERSION})
    for key in NEW:
        check(schema.fields[key], sent.get(key), key, problems)
    if problems:
        raise PublicationRefused("%(problems)s", problems=ArchiveErrors(problems).message)
    named_once(change)
    hands = {
        n: (pk, day)
        for pk, n, day in Hand.objects.filter(event=event).values_list("pk", "number", "day")
    }
    rotation = dict.fromkeys(range(1, len(hands) + 1))
    for number, moves in Hand.objects.filter(event=event, number__in=change["hands"]).values_list(
        "number", "moves"
    ):
        rotation[number] = {"day": hands[number][1], "moves": moves}
    days = {hand["day"] for hand in rotation.values() if hand}
    if any(c["day"] in days for c in held["closes"]):
        return _checked(event, change), None  # a closed day's records agree with its results
    if [x for x in sent["loans"] if x["day"] not in days] != [
        x for x in held["loans"] if x["day"] not in days
    ]:
        return _checked(event, change), None
    results = {"event": held["event"], "hands": list(rotation.values()), **sent}
    wrong, recorded = checks._results(results, event.tables)
    if not wrong:
        others = _others(hands, change["hands"], days)
        recorded = sorted([*recorded, *others], key=lambda r: (r.hand, r.host_table))
        day_loans = [x for x in sent["loans"] if x["day"] in days]
        wrong = loans({"event": held["event"], "loans": day_loans}, recorded)
    if wrong:
        raise PublicationRefused("%(problems)s", problems=ArchiveErrors(wrong).message)
    return {**held, **sent, "audit": []}, held


def _others(hands: dict[int, tuple[int, int]], changed: list[int], days: set[int]):
    """The results the standby holds of the other hands of ``days`` (``hands``: each hand's
    row and day by its number), as the rules read them."""
    rows = {pk: (n, day) for n, (pk, day) in hands.items() if day in days and n not in changed}
    found = HandResult.objects.filter(hand_id__in=rows).values_list(
        "hand_id", "host_table", "visitor_table", "visitor_tricks"
    )
    return [Result(*rows[pk], *values) for pk, *values in found]
