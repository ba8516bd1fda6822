"""CI's PostgreSQL run (``pytest --database-only``) repeats the tests that reach the database,
in the test's own process or through a server on the run's database, and only those."""

from __future__ import annotations

import subprocess
import sys

from tests import servers


def collected(*paths: str) -> set[tuple[str, str]]:
    """(file, test) for each test ``pytest --database-only`` would run from ``paths``."""
    run = subprocess.run(  # noqa: S603 - this interpreter, our own tests
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "--database-only", *paths],
        cwd=servers.ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return {
        (line.split("::")[0], line.split("::")[1].split("[")[0])
        for line in run.stdout.splitlines()
        if "::" in line
    }


def test_the_postgresql_run_repeats_what_reaches_the_database_and_leaves_the_rest():
    kept = collected(
        "tests/scenarios/test_concurrent_saves.py",
        "tests/tournaments/rules/test_flags.py",
        "tests/whistdirector/test_server.py",
    )
    files = {file for file, _ in kept}
    names = {name for _, name in kept}
    # saves racing each other in this process, and the hosted server on the run's database
    assert "test_the_event_lock_locks_only_the_event_row" in names
    assert "test_the_hosted_server_serves_https_behind_its_proxy" in names
    # the rules reach no database, and the laptop's hall keeps to SQLite in its data folder
    assert "tests/tournaments/rules/test_flags.py" not in files
    assert "test_the_hall_keeps_two_thousand_phones_connected_at_once_and_answers_each" not in names
