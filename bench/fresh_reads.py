"""Benchmark: is a write seen at once, whoever made it? Stale reads after a command's write.

Prepares a hall laptop's data folder (the README's steps, the demo's events), starts the hall
server on it (``python -m whistdirector hall``), then another process on the same data folder
imports results into area-demo, N times (``import_results`` through Django's command, in a
process that stays up between imports so N = 200 takes seconds, not minutes; ``--commands``
runs ``manage.py import_results`` itself each time). Right after each import returns, the
next ``standings.json`` and standings page are read from the server: a read that still shows
the previous totals is stale. With ``--servers 2`` two servers share the data folder, one
process each (``serve``, as a host's workers without a shared cache), and both are read.

    .venv/bin/python bench/fresh_reads.py [--tries 200] [--commands] [--servers 2]
    DATABASE_URL=postgres://... WHIST_REDIS_URL=redis://... bench/fresh_reads.py --workers 4

Prints the stale reads out of the tries, and the server's time to answer them. Measured on a
shared 2-core machine: before the revision was read per request, 182 of 200 reads stale (the
hall), 364 of 400 (two servers); now 0 of 200 and 0 of 400.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import servers  # noqa: E402 - the production servers as the tests start them
from tests.other_process import Writer, results_file  # noqa: E402
from tests.whistdirector.test_province import installation, start_workers  # noqa: E402

EVENT = "area-demo"  # 8 tables
HOST = "whist.example.org"


def standings(server: servers.Server) -> dict:
    status, _, body = server.get(f"/events/{EVENT}/standings.json", HOST)
    assert status == 200, status
    return json.loads(body)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tries", type=int, default=200)
    parser.add_argument("--commands", action="store_true", help="manage.py each time (slow)")
    parser.add_argument("--servers", type=int, default=1, help="2: two serve processes")
    parser.add_argument(
        "--workers",
        type=int,
        default=0,
        help="one serve --workers N on DATABASE_URL and WHIST_REDIS_URL (a province), read N "
        "times after each import, each on a new connection",
    )
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="whist-fresh-"))
    if args.workers:
        redis = {"WHIST_REDIS_URL": os.environ["WHIST_REDIS_URL"]}
        env = installation(data, **redis) | {"WHIST_DEBUG": "0"}
        mode, running = (
            f"serve --workers {args.workers}",
            [start_workers(env, data, args.workers)[0]],
        )
        running *= args.workers  # each read a new connection: any worker answers it
    else:
        env = servers.hall_installation(data)
        env |= {"WHIST_ALLOWED_HOSTS": HOST, "WHIST_SECRET_KEY": "bench-" + "x" * 44}
        env |= {"WHIST_SSL_REDIRECT": "0", "WHIST_DEBUG": "0"}
        mode = "hall" if args.servers == 1 else "serve"
        running = [servers.start(mode, env, data, probe_host=HOST) for _ in range(args.servers)]
    writer = Writer(env, EVENT)
    stale, changed, answers = 0, 0, []
    try:
        hand = standings(running[0])["hands_played"] + 1  # the first not played: an open session
        before = writer.standings()
        for k in range(1, args.tries + 1):
            path = results_file(data, hand, k)
            if args.commands:
                servers.manage(env, "import_results", EVENT, str(path))
                written = writer.standings()
            else:
                written = writer.imported(path)
            changed += written != before
            for server in running:
                began = time.perf_counter()
                seen = standings(server)
                answers.append(time.perf_counter() - began)
                stale += seen != written
            before = written
    finally:
        writer.close()
        for server in {id(s): s for s in running}.values():
            server.stop()
    reads = args.tries * len(running)
    database = env["DATABASE_URL"].split(":")[0] if "DATABASE_URL" in env else "sqlite"
    print(
        f"{mode} x{args.servers} on {database}: {args.tries} imports by another process "
        f"({changed} changed standings.json)"
    )
    print(
        f"standings.json read right after the import returned: {stale} stale of {reads}; "
        f"answered in median {statistics.median(answers) * 1000:.1f} ms, "
        f"max {max(answers) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
