"""What the grid says after a save: the tables saved counted, and named only where they need
the leader's eye (a changed result, a refused row), so a 250-table hand reads in one line."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

NAMED = 10  # tables named in one message; past them, a count


def saved_words(hand: int, saved: list, was: dict[int, str]) -> str:
    """``saved``: the results saved; ``was``: the grid's ``was_N`` values (tricks as played,
    revokes) of the rows that held a result before."""
    said = ngettext(
        "Hand %(hand)s: %(count)s table saved.",
        "Hand %(hand)s: %(count)s tables saved.",
        len(saved),
    ) % {"hand": hand, "count": len(saved)}
    changed = [
        _("table %(t)s (%(old)s → %(new)s)")
        % {"t": r.host_table, "old": was[r.host_table].split(",")[0], "new": r.tricks_played}
        for r in saved
        if was.get(r.host_table)
    ]
    if changed:
        said += " " + _("Changed: %(tables)s.") % {"tables": _named(changed)}
    return said


def refused_words(tables: list[int]) -> str:
    tables = sorted(tables)
    return ngettext(
        "Refused: table %(tables)s, not saved (see the row marked below).",
        "Refused: tables %(tables)s, not saved (see the rows marked below).",
        len(tables),
    ) % {"tables": _named([str(t) for t in tables])}


def _named(items: list[str]) -> str:
    shown = ", ".join(items[:NAMED])
    if len(items) > NAMED:
        more = len(items) - NAMED
        shown += " " + ngettext("and %(n)s more", "and %(n)s more", more) % {"n": more}
    return shown
