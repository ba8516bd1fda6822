"""The leader's whole-hand grid as posted: each table's tricks and revokes read, checked and
turned into results to save, with a message for each refused row."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext

from ..rules.errors import RulesError
from ..rules.event_settings import typed_number
from ..rules.flags import check_revokes, check_tricks
from ..rules.types import ResultEntry


def shown_value(tricks: object, visitor_revokes: object = 0, host_revokes: object = 0) -> str:
    """How a row's result is written in the grid's hidden ``was_N`` field ('' when empty)."""
    if tricks in (None, ""):
        return ""
    return f"{tricks},{visitor_revokes or 0},{host_revokes or 0}"


def _normal(text: str) -> str:
    text = (text or "").strip()
    number = typed_number(text)
    return text if number is None else str(number)


@dataclass
class GridInput:
    """The grid as posted: results to save and a message for each refused row."""

    entries: list[ResultEntry] = field(default_factory=list)
    errors: dict[int, str] = field(default_factory=dict)
    typed: dict[int, tuple[str, str, str]] = field(default_factory=dict)
    conflicts: dict[int, str] = field(default_factory=dict)
    unsaved: set[int] = field(default_factory=set)


def parse_grid(data: Mapping[str, str], *, hand: int, tables: Iterable[int]) -> GridInput:
    """Read ``tricks_N``, ``vrev_N``, ``hrev_N``, ``seen_N`` and ``was_N`` for every table.

    Rows the leader did not change are skipped, so a row someone else saved meanwhile is
    not reported as a conflict unless this leader typed over it.
    """
    grid = GridInput()
    for table in tables:
        typed = tuple(
            _normal(data.get(f"{name}_{table}", "")) for name in ("tricks", "vrev", "hrev")
        )
        grid.typed[table] = typed
        was = data.get(f"was_{table}", "")
        if shown_value(*typed) == was or (not typed[0] and not was and not any(typed[1:])):
            continue
        if not typed[0]:
            grid.errors[table] = (
                gettext("type the visitors' tricks; a saved result is corrected, not cleared")
                if was
                else gettext("type the visitors' tricks as well as the revokes")
            )
            continue
        try:
            tricks = check_tricks(typed[0])
            visitor_revokes = check_revokes(typed[1], field="visitor_revokes")
            host_revokes = check_revokes(typed[2], field="host_revokes")
        except RulesError as error:
            grid.errors[table] = error.message
            continue
        seen = data.get(f"seen_{table}", "0")
        grid.entries.append(
            ResultEntry(
                hand,
                table,
                tricks,
                visitor_revokes,
                host_revokes,
                seen_version=typed_number(seen) or 0,
            )
        )
    return grid
