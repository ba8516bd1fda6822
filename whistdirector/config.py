"""The installation's settings read from the environment, each mistake refused in one line
that says what to do, in the leader's language: the launcher (and manage.py) print that line
and exit with status 1, never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from tournaments.cli.words import gettext as _

# The drivers the app installs: SQLite (Python's own) and PostgreSQL (psycopg).
SCHEMES = ("sqlite", "postgres", "postgresql", "pgsql", "postgis")


class ConfigurationError(ImproperlyConfigured):
    """A setting the leader or the server's administrator can fix; the message says how."""


def writable_folder(path: Path, variable: str = "WHIST_DATA_DIR") -> Path:
    """``path``, made if missing, or a ConfigurationError when this account cannot write it."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        problem = error.strerror or type(error).__name__
        raise ConfigurationError(
            _(
                "Cannot make the folder %(folder)s (%(problem)s): set %(variable)s to a folder "
                "you can write."
            )
            % {"folder": path, "problem": problem, "variable": variable}
        ) from None
    if not os.access(path, os.W_OK):
        raise ConfigurationError(
            _(
                "The folder %(folder)s cannot be written: set %(variable)s to a folder you can "
                "write."
            )
            % {"folder": path, "variable": variable}
        )
    return path


def secret_key(*, mode: str, debug: bool) -> str | None:
    """``WHIST_SECRET_KEY``; None where the mode makes its own (the hall) or needs none."""
    key = os.environ.get("WHIST_SECRET_KEY", "")
    if key or mode == "hall" or debug:
        return key or None
    if mode == "serve":
        text = _(
            "A hosted server needs a secret key: set WHIST_SECRET_KEY to a long random text, "
            'such as the output of: python3 -c "import secrets; print(secrets.token_urlsafe(50))"'
        )
    else:
        text = _(
            "WHIST_DEBUG=0 needs a secret key: set WHIST_SECRET_KEY to a long random text, or "
            "leave WHIST_DEBUG unset on this computer."
        )
    raise ConfigurationError(text)


def _without_password(url: str) -> str:
    user, at, rest = url.partition("://")[2].rpartition("@")
    return url.replace(f"{user}@", "…@", 1) if at and user else url


def database(default_url: str, **options) -> dict:
    """The database ``DATABASE_URL`` names (SQLite in the data folder when unset)."""
    url = os.environ.get("DATABASE_URL", "").strip() or default_url
    problem = ConfigurationError(
        _(
            "DATABASE_URL must look like postgres://user:password@host:5432/name, or be unset "
            "to keep the database in the data folder; it is %(url)s."
        )
        % {"url": _without_password(url)}
    )
    if url.partition("://")[0] not in SCHEMES:
        raise problem
    try:
        return dj_database_url.parse(url, **options)
    except ValueError:  # dj-database-url's own errors are ValueErrors
        raise problem from None


def number(variable: str, default: str) -> float:
    """A number from the environment, or a ConfigurationError naming the variable."""
    text = os.environ.get(variable, "").strip() or default
    try:
        return float(text)
    except ValueError:
        raise ConfigurationError(
            _("%(variable)s must be a number, such as %(example)s, not %(value)r.")
            % {"variable": variable, "example": default, "value": text}
        ) from None
