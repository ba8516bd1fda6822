"""Another process on a server's data folder or database, as a command is: it imports results
into an event through Django's own ``import_results`` command, then tells the standings as it
reads them itself (its own cache, fresh from the database). It stays up between imports, so a
test or a benchmark makes many in seconds rather than one a second or two (``manage.py``'s
start)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests import servers

_PROGRAM = """
import json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdirector.settings")
import django
django.setup()
from django.core.management import call_command
from tournaments import snapshot
from tournaments.models import Event
event = sys.argv[1]
for line in sys.stdin:
    if line.strip() != "read":
        call_command("import_results", event, line.strip(), stdout=open(os.devnull, "w"))
    print(json.dumps(snapshot.standings_payload(Event.objects.get(slug=event))), flush=True)
"""


def results_file(folder: Path, hand: int, k: int, tables: int = 8) -> Path:
    """The hand's results, each table's visitor taking another number of tricks each ``k``."""
    rows = "\n".join(f"{hand},{t},{(5 * k + 3 * t) % 14}" for t in range(1, tables + 1))
    path = folder / f"hand-{hand}-{k}.csv"
    path.write_text(f"hand,table,visitor_tricks\n{rows}\n")
    return path


class Writer:
    """The other process, started on ``env``'s data folder and database for ``event``."""

    def __init__(self, env: dict[str, str], event: str) -> None:
        self.process = subprocess.Popen(  # noqa: S603 - our own interpreter
            [sys.executable, "-c", _PROGRAM, event],
            cwd=servers.ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def imported(self, path: Path) -> dict:
        """Import ``path``; once it is committed, the standings.json this process reads."""
        return self._tell(str(path))

    def standings(self) -> dict:
        return self._tell("read")

    def _tell(self, line: str) -> dict:
        self.process.stdin.write(f"{line}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        assert answer, "the other process stopped"
        return json.loads(answer)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)
