"""Database connection defaults: server threads keep connections, checked before reuse."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOW = (
    "import json; from whistdirector import settings as s; d = s.DATABASES['default'];"
    "print(json.dumps([d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS']]))"
)


def connection_settings(url: str, **extra: str) -> list:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WHIST_")}
    env |= {"DATABASE_URL": url, "WHIST_MODE": "dev", **extra}
    out = subprocess.run(  # noqa: S603 - this interpreter, fixed code
        [sys.executable, "-c", SHOW], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    ("url", "extra", "expected"),
    [
        ("postgres://u:p@127.0.0.1:5432/whist", {}, [600, True]),
        ("sqlite:////tmp/whist.sqlite3", {}, [600, True]),
        ("sqlite:////tmp/whist.sqlite3", {"WHIST_CONN_MAX_AGE": "0"}, [0, True]),
        ("postgres://u:p@127.0.0.1:5432/whist", {"WHIST_CONN_MAX_AGE": "0"}, [0, True]),
    ],
)
def test_connection_lifetime_defaults(url, extra, expected):
    """Each server thread keeps its connection 600 s on PostgreSQL and SQLite alike, unless
    WHIST_CONN_MAX_AGE says otherwise; kept connections are checked before reuse."""
    assert connection_settings(url, **extra) == expected
