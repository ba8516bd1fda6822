"""What a results file would do, row by row, before it is imported: each row's hand, table,
visitors, tricks as played, revokes and the flags it moves, and whether it is new, replaces a
result (old → new) or changes nothing; counted, the replacing rows first, a page at a time (a
whole event's file has 12,500 rows)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .. import selectors, snapshot
from ..formats.csv_files import ResultRow
from ..models import Event
from ..rules.flags import adjusted_tricks, flags_won

PAGE = 100  # rows on one page of the preview

NEW, REPLACES, UNCHANGED = "new", "replaces", "unchanged"


def results_preview(event: Event, rows: Sequence[ResultRow], page: int = 1) -> dict:
    """The preview's counts and one page of its rows (``page`` from 1), in two queries
    whatever the file's length."""
    saved = selectors.saved_results(event, {r.hand for r in rows})
    rotation = snapshot.rotation(event)
    settings = event.flag_settings
    described = []
    for row in rows:
        now = (row.tricks_played, row.visitor_revokes, row.host_revokes)
        was = saved.get((row.hand, row.table))
        status = NEW if was is None else UNCHANGED if was == now else REPLACES
        described.append((row, was, status))
    counts = Counter(status for _row, _was, status in described)
    # The rows that replace a result need the leader's eye: they come first.
    ordered = [d for d in described if d[2] == REPLACES] + [
        d for d in described if d[2] != REPLACES
    ]
    pages = max(1, -(-len(ordered) // PAGE))
    page = min(max(1, page), pages)
    shown = ordered[(page - 1) * PAGE : page * PAGE]
    later = Counter(d[2] for d in ordered[page * PAGE :])
    return {
        "rows": [_row(r, was, status, rotation, settings) for r, was, status in shown],
        "total": len(rows),
        "new": counts[NEW],
        "replaced": counts[REPLACES],
        "unchanged": counts[UNCHANGED],
        "page": page,
        "pages": pages,
        "first": (page - 1) * PAGE + 1,
        "last": (page - 1) * PAGE + len(shown),
        "more": _more(later),
        "shown": {  # the counts as the reader writes numbers (6,500; 6 500 in French)
            name: _n(value)
            for name, value in (
                ("total", len(rows)),
                ("new", counts[NEW]),
                ("replaced", counts[REPLACES]),
                ("unchanged", counts[UNCHANGED]),
                ("first", (page - 1) * PAGE + 1),
                ("last", (page - 1) * PAGE + len(shown)),
            )
        },
    }


def _row(row: ResultRow, was, status: str, rotation, settings) -> dict:
    visitor = rotation.hand(row.hand).visitor_of(row.table)
    tricks = adjusted_tricks(
        row.tricks_played, row.visitor_revokes, row.host_revokes, penalty=settings.revoke_penalty
    )
    flags = flags_won(tricks, settings)
    moves = (
        ngettext(
            "Table %(visitor)s takes %(flags)s flag from Table %(host)s",
            "Table %(visitor)s takes %(flags)s flags from Table %(host)s",
            flags,
        )
        % {"visitor": visitor, "flags": flags, "host": row.table}
        if flags
        else _("No flag moves")
    )
    return {
        "line": row.line,
        "hand": row.hand,
        "table": row.table,
        "visitor": visitor,
        "tricks": row.tricks_played,
        "revokes": (row.visitor_revokes, row.host_revokes),
        "after": tricks if tricks != row.tricks_played else None,
        "flags": moves,
        "status": status,
        "was": _shown(was) if status == REPLACES else "",
        "now": _shown((row.tricks_played, row.visitor_revokes, row.host_revokes)),
    }


def _shown(result) -> str:
    """Tricks as played, with the revokes when there are any: '9' or '9 (revokes 1 · 0)'."""
    played, v, h = result
    if not (v or h):
        return str(played)
    return _("%(played)s (revokes %(v)s · %(h)s)") % {"played": played, "v": v, "h": h}


def _n(number: int) -> str:
    """A count as the reader writes it: 6,400 in English, 6 400 in French."""
    return number_format(number, force_grouping=True)


def _more(later: Counter) -> str:
    """What the pages after this one hold: 'and 6,400 more rows: 6,390 new, 10 unchanged'."""
    total = sum(later.values())
    if not total:
        return ""
    parts = [
        ngettext("%(n)s new", "%(n)s new", later[NEW]) % {"n": _n(later[NEW])}
        if later[NEW]
        else "",
        ngettext("%(n)s replaces a result", "%(n)s replace a result", later[REPLACES])
        % {"n": _n(later[REPLACES])}
        if later[REPLACES]
        else "",
        ngettext("%(n)s unchanged", "%(n)s unchanged", later[UNCHANGED])
        % {"n": _n(later[UNCHANGED])}
        if later[UNCHANGED]
        else "",
    ]
    return ngettext("and %(n)s more row: %(kinds)s", "and %(n)s more rows: %(kinds)s", total) % {
        "n": _n(total),
        "kinds": ", ".join(p for p in parts if p),
    }
