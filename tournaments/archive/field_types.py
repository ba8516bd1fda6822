"""The kinds of field the archive's schema (``schema.SCHEMA``) is written in: whole numbers and
text with their limits, moments, days, yes/no, free JSON values, lists and objects. ``walk``
checks a value against each kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Int:
    low: int
    high: int
    null: bool = False


@dataclass(frozen=True)
class Text:
    longest: int
    null: bool = False
    required: bool = False
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class When:
    """A moment, written as export writes it (UTC, ISO 8601), between 2000 and 2100."""

    null: bool = False


@dataclass(frozen=True)
class Day:
    null: bool = False


@dataclass(frozen=True)
class Bool:
    pass


@dataclass(frozen=True)
class Json:
    """Free values (audit entries): no NUL, no fractions, not nested beyond 20 levels."""


@dataclass(frozen=True)
class ListOf:
    item: object
    longest: int


@dataclass(frozen=True)
class Obj:
    fields: dict
    optional: frozenset = field(default_factory=frozenset)
