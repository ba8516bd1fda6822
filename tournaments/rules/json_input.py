"""JSON from outside the app (a phone's entry, an archive being restored, a practice table's
request), read with bounds.

Python's json reads a body nested thousands of levels deep until it runs out of stack
(RecursionError), reads ``1e400`` as infinity and ``NaN``/``Infinity`` as numbers, and an
archive nested a thousand levels deep passes parsing only to fail wherever it is walked next.
So the depth and the length of every number are checked on the text before it is parsed, and
numbers that are not finite are refused while it is parsed. Pure (no Django), and here among
the rules because this is the layer both apps may import (tests/test_architecture.py): the
practice room reads its tables' requests with it too, and its refusals are RulesErrors,
translated where they are read.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate

from .errors import RulesError, gettext_noop
from .event_settings import typed_number

# An archive nests six levels (the audit's playoff cuts are the deepest); a phone's entry and a
# practice table's request one.
DEPTH_MAX = 20
# A number in any of them has a few digits (a date is a string); 30 leaves room to spare.
NUMBER_MAX = 30

# A string, closed or not: possessive, so the scan stays linear whatever the text holds.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*+"?', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_NUMBER = re.compile(rf"[-+0-9.eE]{{{NUMBER_MAX + 1},}}")


class JsonRefused(RulesError):
    """JSON that is well formed but outside the bounds: too deep, a number too long."""


def _refuse_constant(name: str):
    raise JsonRefused(gettext_noop("%(value)s is not a number JSON allows"), value=name)


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise JsonRefused(gettext_noop("the number %(value)s is too large"), value=text)
    return number


def read_json(text: str | bytes):
    """Parse ``text`` as JSON within the bounds. A ``JsonRefused`` says which bound it broke;
    ``json.JSONDecodeError`` (a ValueError) that it is not JSON at all."""
    if isinstance(text, bytes | bytearray):
        text = text.decode("utf-8-sig")
    bare = _STRING.sub("", text)
    steps = (1 if bracket in "[{" else -1 for bracket in _BRACKET.findall(bare))
    if max(accumulate(steps), default=0) > DEPTH_MAX:
        raise JsonRefused(
            gettext_noop("lists or records are nested more than %(depth)s levels deep"),
            depth=DEPTH_MAX,
        )
    if _NUMBER.search(bare):
        raise JsonRefused(
            gettext_noop("a number is longer than %(digits)s characters"), digits=NUMBER_MAX
        )
    return json.loads(text, parse_float=_finite, parse_constant=_refuse_constant)


def whole_number(value: object, digits: int) -> int:
    """A whole number of at most ``digits`` digits as JSON sends it (7, 7.0 or "7"; never 1e400,
    -1 or true); a ValueError otherwise."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    number = typed_number(str(value) if isinstance(value, int | str) else "", digits)
    if number is None or isinstance(value, bool):
        raise ValueError(value)
    return number
