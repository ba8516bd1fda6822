"""Leaders and assistants saving at once, through the production server, for minutes.

    python bench/soak.py [--minutes 3] [--writers 8] [--mode serve|hall] [--database-url URL]

Starts the server as `make serve` (or `make hall`) would, in a fresh data folder, with a 16-table
event and one account per writer. Each writer logs in, then keeps opening a hand's grid and saving
one to three tables of it over 3 hands only, so many saves collide. It prints saves attempted,
saved, conflicts told, server errors (want 0), and whether the standings the server publishes
equal a recomputation from the recorded results, and how long a save took: from the POST to
its answer (the redirect), p50/p95/max, with the machine's load average before and after (the
figures are only worth comparing at a similar load). Traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import servers  # noqa: E402

PASSWORD = "Soak-Test-Leader-2026"
TABLES, HANDS = 16, 3


class Writer:
    """One person's browser: cookies kept by hand (the hosted server marks them Secure)."""

    def __init__(self, port: int, host: str, proxied: bool) -> None:
        self.port, self.cookies = port, {}
        self.headers = {"Host": host, **({"X-Forwarded-Proto": "https"} if proxied else {})}

    def request(
        self, method: str, path: str, form: dict | None = None, took: list | None = None
    ) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {**self.headers, "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"https://{self.headers['Host']}{path}"
        began = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.partition("=")
                    self.cookies[key] = rest.split(";", 1)[0]
            page = response.read().decode("utf-8", "replace")
            location = response.getheader("Location", "")
        finally:
            connection.close()
        if took is not None:
            took.append(time.perf_counter() - began)
        if method == "POST" and response.status in (302, 303) and location.startswith("/"):
            return self.request("GET", location)  # the page after a save carries its message
        return response.status, page

    def token(self, page: str) -> str:
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]

    def login(self, username: str) -> None:
        _, page = self.request("GET", "/accounts/login/")
        form = {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": self.token(page)}
        status, page = self.request("POST", "/accounts/login/", form)
        assert status == 200 and "Log out" in page, f"login of {username} answered {status}"


def save_loop(
    writer: Writer, rng: random.Random, deadline: float, tally: Counter, lock, took: list
) -> None:
    while time.monotonic() < deadline:
        hand = rng.randint(1, HANDS)
        path = f"/events/soak/hands/{hand}/"
        status, page = writer.request("GET", path)
        if status >= 500:
            with lock:
                tally["server errors"] += 1
            continue
        form = {"go": "stay", "csrfmiddlewaretoken": writer.token(page)}
        for table in rng.sample(range(1, TABLES + 1), rng.randint(1, 3)):
            seen = re.search(rf'name="seen_{table}" value="(\d+)"', page)[1]
            was = re.search(rf'name="was_{table}" value="([^"]*)"', page)[1]
            form |= {f"tricks_{table}": str(rng.randint(0, 13)), f"seen_{table}": seen}
            form[f"was_{table}"] = was
        status, page = writer.request("POST", path, form, took=took)
        with lock:
            tally["saves attempted"] += 1
            if status >= 500:
                tally["server errors"] += 1
            elif "changed while you were typing" in page or "at the same moment" in page:
                tally["conflicts told"] += 1
            elif re.search(r"Hand \d+: \d+ tables? saved", page):
                tally["saved"] += 1
            else:
                tally["unchanged (same value typed)"] += 1


def prepare(env: dict[str, str], writers: int) -> None:
    """The event and one account per writer (half leaders, half assistants)."""
    servers.manage(env, "migrate", "--verbosity", "0")
    servers.manage(
        env,
        "create_event",
        "--name",
        "Soak",
        "--slug",
        "soak",
        "--tables",
        str(TABLES),
        "--hands-per-day",
        "30",
    )
    script = (
        "from django.contrib.auth import get_user_model as U\n"
        "from tournaments.models import Event, EventRole\n"
        "e = Event.objects.get(slug='soak')\n"
        f"for i in range({writers}):\n"
        f"    u = U().objects.create_user(f'scorer{{i}}', password='{PASSWORD}')\n"
        "    EventRole.objects.create(event=e, user=u, role='leader' if i % 2 else 'assistant')\n"
        "U().objects.create_superuser('boss', password='" + PASSWORD + "')\n"
    )
    servers.manage(env, "shell", "-c", script)


def recomputed_standings(env: dict[str, str]) -> list[list[int]]:
    """Net flags per table from the recorded results, by the pure rules, outside the server."""
    script = (
        "import json\n"
        "from tournaments.models import Event, HandResult\n"
        "from tournaments.rules import flags\n"
        "from tournaments.rules.types import Result\n"
        "e = Event.objects.get(slug='soak')\n"
        "rows = HandResult.objects.filter(event=e).values_list('hand__number', 'hand__day', "
        "'host_table', 'visitor_table', 'visitor_tricks')\n"
        "net = flags.net_flags_by_day(e.tables, [Result(*r) for r in rows], e.flag_settings)\n"
        "print(json.dumps(sorted([t, sum(d[t] for d in net.values())] for t in range(1, 17))))\n"
    )
    return json.loads(servers.manage(env, "shell", "-c", script).stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--mode", choices=["serve", "hall"], default="serve")
    parser.add_argument("--database-url", default="", help="PostgreSQL; default SQLite")
    options = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="whist-soak-"))
    env = servers.environment(data, WHIST_ALLOWED_HOSTS="whist.example.org")
    env.pop("DATABASE_URL", None)
    if options.database_url:
        env["DATABASE_URL"] = options.database_url
    if options.mode == "serve":
        env["WHIST_SECRET_KEY"] = "soak-" + os.urandom(24).hex()
    prepare(env, options.writers)
    host = "whist.example.org" if options.mode == "serve" else "127.0.0.1"
    server = servers.start(options.mode, env, data, probe_host=host)
    tally, lock, took = Counter(), threading.Lock(), []
    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    deadline = time.monotonic() + options.minutes * 60
    threads = []
    for i in range(options.writers):
        writer = Writer(server.port, host, proxied=options.mode == "serve")
        writer.login(f"scorer{i}")
        rng = random.Random(i)
        threads.append(
            threading.Thread(target=save_loop, args=(writer, rng, deadline, tally, lock, took))
        )
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    load_after = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    reader = Writer(server.port, host, proxied=options.mode == "serve")
    published = json.loads(reader.request("GET", "/events/soak/standings.json")[1])
    log = server.stop()
    shown = sorted([s["table"], s["total"]] for s in published["standings"])
    database = "PostgreSQL" if options.database_url else "SQLite"
    print(f"{options.mode} on {database}, {options.writers} writers, {options.minutes} min:")
    for key in ("saves attempted", "saved", "conflicts told", "unchanged (same value typed)"):
        print(f"  {key}: {tally[key]}")
    print(
        f"  server errors: {tally['server errors']} (tracebacks in log: {log.count('Traceback')})"
    )
    print(f"  standings equal the recorded results: {shown == recomputed_standings(env)}")
    took.sort()
    if took:
        p50, p95 = (took[min(len(took) - 1, int(q * len(took)))] * 1000 for q in (0.5, 0.95))
        most = took[-1] * 1000
        print(f"  save answered in: p50 {p50:.0f} ms, p95 {p95:.0f} ms, max {most:.0f} ms")
    print(f"  load average (1 min): {load_before:.2f} before, {load_after:.2f} after")


if __name__ == "__main__":
    main()
