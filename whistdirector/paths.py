"""Where the app keeps its data (database, backups, static copies, the hall's secret key).

A source checkout keeps it beside the code, as it always has; an installed copy keeps it in the
user's data folder for the platform (never inside the installed package); ``WHIST_DATA_DIR``
overrides both.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import platformdirs

from .config import writable_folder

APP_NAME = "military-whist-director"


def data_dir(base_dir: Path) -> Path:
    configured = os.environ.get("WHIST_DATA_DIR", "")
    if configured:
        path = Path(configured).expanduser()
    elif (base_dir / "manage.py").exists():
        path = base_dir
    else:
        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return writable_folder(path)


def hall_secret_key(folder: Path) -> str:
    """The hall laptop's own secret key, made once and kept in its data folder, so logins
    survive a restart without the leader ever setting one."""
    path = folder / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50), encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()
