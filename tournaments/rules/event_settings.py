"""What an event's settings may be: one check for the new-event page, the settings page, the
command line and archives, and one name per setting for every page.

The limits are the game's (13 tricks, a flag needs most of them) and the hall's (a short
name that fits an address, names that fit the printed cards); both databases hold them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from .errors import RulesError
from .types import TRICKS_PER_HAND

SLUG_MAX = 60
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
NAME_MAX = 120
TEAM_NAME_MAX = 80
PLAYER_MAX = 80
ZONE_MAX = 40
MIN_TABLES, MAX_TABLES = 2, 250
MAX_DAYS = 30
MAX_HANDS = 999  # over the whole event; 50 is a provincial event

# One name per setting, for the new-event page, the settings page and their messages.
LABELS = {
    "name": "Event name",
    "slug": "Short name",
    "level": "Level",
    "starts_on": "First day",
    "tables": "Tables",
    "flags_per_table": "Flags per table",
    "one_flag_at": "Tricks for 1 flag",
    "two_flags_at": "Tricks for 2 flags",
    "revoke_penalty": "Revoke penalty (tricks per revoke)",
    "playoff_places": "Playoffs for ties in the first places",
    "advancing": "Teams advancing",
    "paper": "Paper",
    "trumps": "Trump sequence",
    "hands_per_day": "Hands per day",
    "sessions_per_day": "Sessions per day",
    "print_language": "Printouts in",
}

# (lowest, highest) for each whole-number setting; None as highest means "the tables".
RANGES: dict[str, tuple[int, int | None]] = {
    "tables": (MIN_TABLES, MAX_TABLES),
    "flags_per_table": (1, 99),
    "one_flag_at": (7, TRICKS_PER_HAND),
    "two_flags_at": (7, TRICKS_PER_HAND),
    "revoke_penalty": (0, TRICKS_PER_HAND),
    "advancing": (0, None),
    "playoff_places": (1, None),
}
WHY = {
    "one_flag_at": " (the visitors must take most of the 13 tricks)",
    "two_flags_at": " (the visitors must take most of the 13 tricks)",
}


def check_text(value: object, field: str, limit: int, *, required: bool = False) -> str:
    """``value`` as stripped text of at most ``limit`` characters, without NUL characters."""
    if not isinstance(value, str):
        raise RulesError(f"{_label(field)}: expected text", field=field)
    text = value.strip()
    if "\x00" in text:
        raise RulesError(f"{_label(field)}: remove the NUL character", field=field)
    if required and not text:
        raise RulesError(f"{_label(field)}: give a name", field=field)
    if len(text) > limit:
        raise RulesError(
            f"{_label(field)}: at most {limit} characters, not {len(text)}", field=field
        )
    return text


def check_slug(value: object) -> str:
    """The event's short name, used in every address: a-z, 0-9 and single hyphens."""
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        raise RulesError("Short name: give one, such as area-5-2026", field="slug")
    if len(text) > SLUG_MAX:
        raise RulesError(
            f"Short name: at most {SLUG_MAX} characters, not {len(text)}", field="slug"
        )
    if not SLUG.match(text):
        raise RulesError(
            f"Short name {text!r}: use only small letters a-z, digits and single hyphens "
            "between them, such as area-5-2026",
            field="slug",
        )
    return text


def check_days(hands_per_day: Sequence[int], field: str = "hands_per_day") -> list[int]:
    """Hands per day: 1 to 30 days, every day at least one hand, at most 999 hands in all."""
    days = list(hands_per_day)
    if not days:
        raise RulesError("Hands per day: give at least one day, such as 30", field=field)
    if len(days) > MAX_DAYS:
        raise RulesError(f"Hands per day: at most {MAX_DAYS} days, not {len(days)}", field=field)
    if any(type(h) is not int or h < 1 for h in days):
        raise RulesError("Hands per day: at least 1 hand every day", field=field)
    if sum(days) > MAX_HANDS:
        raise RulesError(
            f"Hands per day: at most {MAX_HANDS} hands in all, not {sum(days)}", field=field
        )
    return days


def _label(field: str) -> str:
    return LABELS.get(field, field.replace("_", " ").capitalize())


def settings_problems(values: Mapping[str, object], *, tables: int | None = None) -> dict:
    """Every problem of the settings in ``values`` (only those given), by field.

    ``tables`` bounds "teams advancing" and "playoffs for ties in the first places".
    """
    problems: dict[str, str] = {}
    for field, (low, high) in RANGES.items():
        if field not in values or (field == "playoff_places" and values[field] is None):
            continue
        value = values[field]
        high = tables if high is None else high
        if type(value) is not int:
            problems[field] = f"{_label(field)}: a whole number"
        elif value < low or (high is not None and value > high):
            limit = f"from {low} to {high}" if high is not None else f"at least {low}"
            problems[field] = f"{_label(field)}: {limit}, not {value}{WHY.get(field, '')}"
    one, two = values.get("one_flag_at"), values.get("two_flags_at")
    if "two_flags_at" not in problems and type(one) is int and type(two) is int and one > two:
        problems["two_flags_at"] = (
            f"{_label('two_flags_at')}: at least the tricks for 1 flag ({one}), not {two}"
        )
    if "name" in values:
        try:
            check_text(values["name"], "name", NAME_MAX, required=True)
        except RulesError as error:
            problems["name"] = error.message
    if "slug" in values:
        try:
            check_slug(values["slug"])
        except RulesError as error:
            problems["slug"] = error.message
    return problems


def check_settings(values: Mapping[str, object], *, tables: int | None = None) -> None:
    """Raise a RulesError naming the first setting at fault."""
    problems = settings_problems(values, tables=tables)
    if problems:
        field = next(iter(problems))
        raise RulesError(problems[field], field=field)


def typed_number(text: object, digits: int = 9) -> int | None:
    """A whole number typed with the digits 0-9 (not '²' or '٣'), or None."""
    text = text.strip() if isinstance(text, str) else ""
    if text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None
