"""Errors a leader can fix (bad input) as opposed to bugs (plain exceptions)."""

from __future__ import annotations


class RulesError(ValueError):
    """Input that breaks a rule of the game or the event; the message is shown to the leader.

    ``field`` names the input at fault (a form field, a CSV column) when there is one.
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
