"""What an event's settings may be: one check for the new-event page, the settings page, the
command line and archives, and one name per setting for every page.

The limits are the game's (13 tricks, a flag needs most of them) and the hall's (a short
name that fits an address, names that fit the printed cards); both databases hold them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import Phrase, RulesError, gettext_noop
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


@dataclass(frozen=True)
class Setting:
    """One setting of an event: its name in the hall's words, whether the settings page may
    change it once the event exists, whether the event's archive carries it, and whether a
    change moves flags (every result and loan is then derived again)."""

    field: str
    label: str
    changeable: bool = True
    archived: bool = True
    moves_flags: bool = False


# Every setting of an event, listed once: the new-event and settings pages, their messages,
# the settings service, the archive and its schema read this list.
SETTINGS = (
    Setting("name", gettext_noop("Event name")),
    Setting("slug", gettext_noop("Short name"), changeable=False),
    Setting("level", gettext_noop("Level")),
    # The season travels by its name in the archive (``archive.export``), not as a row's key.
    Setting("season", gettext_noop("Season"), archived=False),
    # starts_on travels as a date of its own in the archive (``archive.export``).
    Setting("starts_on", gettext_noop("First day"), archived=False),
    Setting("tables", gettext_noop("Tables"), changeable=False),
    Setting("hands_per_day", gettext_noop("Hands per day"), changeable=False),
    Setting("sessions_per_day", gettext_noop("Sessions per day"), False, False),
    Setting("pattern", gettext_noop("Rotation pattern"), changeable=False),
    Setting("trumps", gettext_noop("Trump sequence"), changeable=False),
    Setting("alternate_pairs", gettext_noop("Travelling pair alternates AB, XY"), False),
    Setting("flags_per_table", gettext_noop("Flags per table"), moves_flags=True),
    Setting("one_flag_at", gettext_noop("Tricks for 1 flag"), moves_flags=True),
    Setting("two_flags_at", gettext_noop("Tricks for 2 flags"), moves_flags=True),
    Setting("revoke_penalty", gettext_noop("Revoke penalty (tricks per revoke)"), moves_flags=True),
    Setting("playoff_places", gettext_noop("Playoffs for ties in the first places")),
    Setting("advancing", gettext_noop("Teams advancing")),
    Setting("paper", gettext_noop("Paper")),
    # Archived only when not English, so older archives stay byte for byte (``archive.export``).
    Setting("print_language", gettext_noop("Printouts in"), archived=False),
)
LABELS = {s.field: s.label for s in SETTINGS}
CHANGEABLE = tuple(s.field for s in SETTINGS if s.changeable)
ARCHIVED = tuple(s.field for s in SETTINGS if s.archived)
MOVES_FLAGS = tuple(s.field for s in SETTINGS if s.moves_flags)

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
# Settings whose limit comes from the game: the message says why.
VISITORS_MOST = frozenset({"one_flag_at", "two_flags_at"})


# What ends a line for Python, a spreadsheet or a browser: a name holds none of them.
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def check_text(value: object, field: str, limit: int, *, required: bool = False) -> str:
    """``value`` as stripped text of at most ``limit`` characters on one line: the one check
    of every name (event, season, team, zone, players) in every file, form and command.
    Spaces and line breaks around it are trimmed; inside it, a line break or another control
    character (a tab, NUL) is refused."""
    if not isinstance(value, str):
        raise RulesError("%(setting)s: expected text", field=field, setting=_label(field))
    text = value.strip()
    if "\x00" in text:
        raise RulesError(
            "%(setting)s: remove the NUL character", field=field, setting=_label(field)
        )
    if any(c in LINE_BREAKS for c in text):
        raise RulesError(
            "%(setting)s: a name is one line; remove the line break",
            field=field,
            setting=_label(field),
        )
    control = next((c for c in text if unicodedata.category(c) == "Cc"), None)
    if control is not None:
        raise RulesError(
            "%(setting)s: remove the invisible control character %(code)s",
            field=field,
            setting=_label(field),
            code=f"U+{ord(control):04X}",
        )
    if required and not text:
        raise RulesError("%(setting)s: give a name", field=field, setting=_label(field))
    if len(text) > limit:
        raise RulesError(
            "%(setting)s: at most %(limit)s characters, not %(length)s",
            field=field,
            setting=_label(field),
            limit=limit,
            length=len(text),
        )
    return text


def check_slug(value: object) -> str:
    """The event's short name, used in every address: a-z, 0-9 and single hyphens."""
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        raise RulesError("Short name: give one, such as area-5-2026", field="slug")
    if len(text) > SLUG_MAX:
        raise RulesError(
            "Short name: at most %(limit)s characters, not %(length)s",
            field="slug",
            limit=SLUG_MAX,
            length=len(text),
        )
    if not SLUG.match(text):
        raise RulesError(
            "Short name %(slug)r: use only small letters a-z, digits and single hyphens "
            "between them, such as area-5-2026",
            field="slug",
            slug=text,
        )
    return text


def check_days(hands_per_day: Sequence[int], field: str = "hands_per_day") -> list[int]:
    """Hands per day: 1 to 30 days, every day at least one hand, at most 999 hands in all."""
    days = list(hands_per_day)
    if not days:
        raise RulesError("Hands per day: give at least one day, such as 30", field=field)
    if len(days) > MAX_DAYS:
        raise RulesError(
            "Hands per day: at most %(limit)s days, not %(days)s",
            field=field,
            limit=MAX_DAYS,
            days=len(days),
        )
    if any(type(h) is not int or h < 1 for h in days):
        raise RulesError("Hands per day: at least 1 hand every day", field=field)
    if sum(days) > MAX_HANDS:
        raise RulesError(
            "Hands per day: at most %(limit)s hands in all, not %(hands)s",
            field=field,
            limit=MAX_HANDS,
            hands=sum(days),
        )
    return days


def _label(field: str) -> Phrase | str:
    """The setting's name, read in the reader's language."""
    return Phrase(LABELS[field]) if field in LABELS else field.replace("_", " ").capitalize()


def _problems(values: Mapping[str, object], tables: int | None) -> dict[str, RulesError]:
    problems: dict[str, RulesError] = {}
    for field, (low, high) in RANGES.items():
        if field not in values or (field == "playoff_places" and values[field] is None):
            continue
        value = values[field]
        high = tables if high is None else high
        named = {"field": field, "setting": _label(field), "low": low, "high": high}
        if type(value) is not int:
            problems[field] = RulesError("%(setting)s: a whole number", **named)
        elif value < low or (high is not None and value > high):
            if high is None:
                template = gettext_noop("%(setting)s: at least %(low)s, not %(value)s")
            elif field in VISITORS_MOST:
                template = gettext_noop(
                    "%(setting)s: from %(low)s to %(high)s, not %(value)s "
                    "(the visitors must take most of the 13 tricks)"
                )
            else:
                template = gettext_noop("%(setting)s: from %(low)s to %(high)s, not %(value)s")
            problems[field] = RulesError(template, value=value, **named)
    one, two = values.get("one_flag_at"), values.get("two_flags_at")
    if "two_flags_at" not in problems and type(one) is int and type(two) is int and one > two:
        problems["two_flags_at"] = RulesError(
            "%(setting)s: at least the tricks for 1 flag (%(one)s), not %(two)s",
            field="two_flags_at",
            setting=_label("two_flags_at"),
            one=one,
            two=two,
        )
    if "name" in values:
        try:
            check_text(values["name"], "name", NAME_MAX, required=True)
        except RulesError as error:
            problems["name"] = error
    if "slug" in values:
        try:
            check_slug(values["slug"])
        except RulesError as error:
            problems["slug"] = error
    return problems


def settings_problems(values: Mapping[str, object], *, tables: int | None = None) -> dict:
    """Every problem of the settings in ``values`` (only those given), by field, in the
    reader's language.

    ``tables`` bounds "teams advancing" and "playoffs for ties in the first places".
    """
    return {field: error.message for field, error in _problems(values, tables).items()}


def check_settings(values: Mapping[str, object], *, tables: int | None = None) -> None:
    """Raise a RulesError naming the first setting at fault."""
    problems = _problems(values, tables)
    if problems:
        raise next(iter(problems.values()))


def typed_number(text: object, digits: int = 9) -> int | None:
    """A whole number typed with the digits 0-9 (not '²' or '٣', no sign: not '+7' or '-0'),
    or None: the one check of every number a leader, a phone or a file writes."""
    text = text.strip() if isinstance(text, str) else ""
    if text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None
