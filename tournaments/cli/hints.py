"""How the leader runs a command on this copy of the app, for every message that names one.

A source checkout has ``make`` and ``manage.py``; an installed copy (from a wheelhouse) has the
``whist-director`` command and nothing else, so it never speaks of ``make``.
"""

from __future__ import annotations

from pathlib import Path

CHECKOUT = (Path(__file__).resolve().parents[2] / "manage.py").exists()
# Commands the installed whist-director runs by their own name (whist-director createleader).
SHORTCUTS = ("backup", "restore", "createleader", "publish")


def start_hint(mode: str) -> str:
    """How to start ``mode`` (demo, hall, serve): ``make hall`` or ``whist-director hall``."""
    if CHECKOUT:
        return "make run" if mode == "demo" else f"make {mode}"
    return f"whist-director {mode}"


def manage_hint(command: str) -> str:
    """How to run a management command with its arguments (``createleader``,
    ``table_links area-1``) here."""
    if CHECKOUT:
        return f".venv/bin/python manage.py {command}"
    if command.split(" ", 1)[0] in SHORTCUTS:
        return f"whist-director {command}"
    return f"whist-director manage {command}"
