"""Walking an archive against ``schema.SCHEMA``: every field's type, range and length,
each problem as 'path: reason' in the reader's language."""

from __future__ import annotations

from datetime import UTC, date, datetime

from django.utils.translation import gettext

from .field_types import Bool, Day, Int, Json, ListOf, Obj, Text, When


def _text_problem(value: str) -> str | None:
    if "\x00" in value:
        return gettext("remove the NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return gettext("not valid text (a lone surrogate)")
    return None


def _json_problem(value: object, depth: int = 0) -> str | None:
    if depth > 20:
        return gettext("nested too deeply")
    if value is None or isinstance(value, bool | int):
        return None
    if isinstance(value, float):
        return gettext("a number with a fraction is not expected here")
    if isinstance(value, str):
        return _text_problem(value)
    if isinstance(value, list):
        return next((p for v in value if (p := _json_problem(v, depth + 1))), None)
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
        return next((p for v in items if (p := _json_problem(v, depth + 1))), None)
    return gettext("not a JSON value")


def _canonical_when(value: str) -> bool:
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return False
    return (
        moment.utcoffset() is not None
        and moment.utcoffset().total_seconds() == 0
        and 2000 <= moment.year <= 2100
        and moment.astimezone(UTC).isoformat() == value
    )


def _canonical_day(value: str) -> bool:
    try:
        return 2000 <= date.fromisoformat(value).year <= 2100 and len(value) == 10
    except ValueError:
        return False


def check(spec, value, path: str, out: list[str]) -> None:
    """Walk ``value`` against ``spec``, adding 'path: reason' to ``out``."""
    if value is None:
        if not getattr(spec, "null", False) and not isinstance(spec, Json):
            out.append(f"{path}: " + gettext("missing a value"))
        return
    if isinstance(spec, Int):
        if type(value) is not int:
            out.append(
                (
                    f"{path}: "
                    + gettext("expected a whole number, not %(value)r") % {"value": value}
                )[:200]
            )
        elif not spec.low <= value <= spec.high:
            out.append(
                f"{path}: "
                + gettext("must be from %(low)s to %(high)s, not %(value)s")
                % {"low": spec.low, "high": spec.high, "value": value}
            )
    elif isinstance(spec, Text):
        if not isinstance(value, str):
            out.append(
                (f"{path}: " + gettext("expected text, not %(value)r") % {"value": value})[:200]
            )
        elif problem := _text_problem(value):
            out.append(f"{path}: {problem}")
        elif len(value) > spec.longest:
            out.append(
                f"{path}: "
                + gettext("at most %(limit)s characters, not %(length)s")
                % {"limit": spec.longest, "length": len(value)}
            )
        elif spec.required and not value.strip():
            out.append(f"{path}: " + gettext("must not be empty"))
        elif spec.choices and value not in spec.choices:
            out.append(
                (
                    f"{path}: "
                    + gettext("%(value)r is not one of %(choices)s")
                    % {"value": value, "choices": ", ".join(spec.choices)}
                )[:200]
            )
    elif isinstance(spec, When | Day):
        ok = isinstance(value, str) and (
            _canonical_when(value) if isinstance(spec, When) else _canonical_day(value)
        )
        if not ok:
            shape = "2026-05-02T14:03:00+00:00" if isinstance(spec, When) else "2026-05-02"
            out.append(
                f"{path}: "
                + gettext("expected a date as export writes it, such as %(shape)s")
                % {"shape": shape}
            )
    elif isinstance(spec, Bool):
        if type(value) is not bool:
            out.append(f"{path}: " + gettext("expected true or false"))
    elif isinstance(spec, Json):
        if not isinstance(value, dict | list):
            out.append(f"{path}: " + gettext("expected an object or a list"))
        elif problem := _json_problem(value):
            out.append(f"{path}: {problem}")
    elif isinstance(spec, ListOf):
        if not isinstance(value, list):
            out.append(f"{path}: " + gettext("expected a list"))
        elif len(value) > spec.longest:
            out.append(
                f"{path}: "
                + gettext("at most %(limit)s entries, not %(length)s")
                % {"limit": spec.longest, "length": len(value)}
            )
        else:
            for i, item in enumerate(value):
                check(spec.item, item, f"{path}[{i}]", out)
    elif isinstance(spec, Obj):
        if not isinstance(value, dict):
            out.append(f"{path}: " + gettext("expected an object"))
            return
        for name in sorted(set(value) - set(spec.fields)):
            out.append((f"{path}.{name}: " + gettext("not a field of the archive"))[:200])
        for name, inner in spec.fields.items():
            if name in value:
                check(inner, value[name], f"{path}.{name}" if path else name, out)
            elif name not in spec.optional:
                out.append((f"{path}.{name}: " if path else f"{name}: ") + gettext("missing"))
