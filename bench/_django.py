"""Start Django for a benchmark on a throwaway SQLite database (or DATABASE_URL if set)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup() -> str:
    """Configure and migrate a database; returns its description."""
    sys.path.insert(0, str(ROOT))
    folder = tempfile.mkdtemp(prefix="whist-bench-")
    os.environ.setdefault("WHIST_DATA_DIR", folder)  # backups and static copies go there too
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdirector.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    return os.environ["DATABASE_URL"].split("@")[-1]
