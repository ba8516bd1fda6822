"""Errors a leader can fix (bad input) as opposed to bugs (plain exceptions).

A message is an English template with named values, such as
``RulesError("tricks must be from 0 to 13, not %(tricks)s", tricks=14)``. The rules stay free
of Django: the app installs its translation function at start-up (``use_translation``), and the
message is translated when it is read, in the reader's language. ``makemessages`` collects
every ``RulesError("...")`` template (tournaments/management/commands/makemessages.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

# A refused value is repeated in its message at most this long, cut with "…": the start says
# which value it was, and a wrong file or a phone's nonsense never comes back megabytes long.
SHOWN_MAX = 100
# The places a template quotes what was typed or sent (``%(value)r``): the user's own words.
_QUOTED = re.compile(r"%\((\w+)\)r")

_translate: Callable[[str], str] = str


def use_translation(translate: Callable[[str], str]) -> None:
    """Read every RulesError's message through ``translate`` (the app's gettext)."""
    global _translate
    _translate = translate


def translate(text: str) -> str:
    """``text`` (a marked English text) in the reader's language."""
    return _translate(text)


def gettext_noop(text: str) -> str:
    """Mark ``text`` for the catalog only; it is translated where it is shown."""
    return text


def shortened(value: object, longest: int = SHOWN_MAX) -> object:
    """``value`` as a message repeats it: text (or a number's digits) over ``longest``
    characters cut to its start and "…"; anything else as it is."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        return value
    if isinstance(value, int):
        if value.bit_length() < 3 * longest:  # fewer digits than ``longest``
            return value
        try:
            value = str(value)
        except ValueError:  # more digits than Python writes out
            return "…"
    return value[: longest - 1] + "…" if len(value) > longest else value


def shown_values(template: str, values: dict[str, object]) -> dict[str, object]:
    """``values`` for ``template``, each quoted value (``%(name)r``) and each number too long
    to read cut by ``shortened``; the app's own words (lists of tables, hands) stay whole."""
    quoted = set(_QUOTED.findall(template))
    return {
        name: shortened(value) if name in quoted or type(value) is int else value
        for name, value in values.items()
    }


class Phrase:
    """A marked English text that reads in the reader's language each time it is shown.

    Used for a RulesError value that is itself the app's words (a setting's name), so the
    whole message follows the reader; ``values`` fill its ``%(name)s`` places.
    ``makemessages`` collects ``Phrase("...")`` too.
    """

    __slots__ = ("text", "values")

    def __init__(self, text: str, **values: object) -> None:
        self.text = text
        self.values = values

    def __str__(self) -> str:
        text = _translate(self.text)
        return text % self.values if self.values else text

    def __repr__(self) -> str:
        return repr(str(self))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (other.text, other.values) == (self.text, self.values)

    def __hash__(self) -> int:
        return hash(self.text)


class Listing:
    """Phrases shown one after another, separated by commas, each in the reader's language."""

    __slots__ = ("phrases",)

    def __init__(self, phrases: list[Phrase]) -> None:
        self.phrases = phrases

    def __str__(self) -> str:
        return ", ".join(map(str, self.phrases))

    def __repr__(self) -> str:
        return repr(str(self))


class RulesError(ValueError):
    """Input that breaks a rule of the game or the event; the message is shown to the leader.

    ``field`` names the input at fault (a form field, a CSV column) when there is one;
    ``values`` fill the template's ``%(name)s`` places.
    """

    def __init__(self, message: str, *, field: str | None = None, **values: object) -> None:
        values = shown_values(message, values)
        super().__init__(message % values if values else message)
        self.template = message
        self.values = values
        self.field = field

    @property
    def message(self) -> str:
        """The message in the reader's language (English outside a request)."""
        text = _translate(self.template)
        return text % self.values if self.values else text

    def __str__(self) -> str:
        return self.message
