"""What the load benchmarks share: the hall server they start, a leader's keep-alive connection
that saves whole hands from the hand grid, and the server's CPU and memory read from /proc."""

from __future__ import annotations

import gzip
import http.client
import os
import re
import shlex
import signal
import statistics
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
LEADER = "bench-leader"
PASSWORD = "bench-hall-password-91"  # noqa: S105 - a throwaway benchmark database


def raise_open_files() -> None:
    """Room for a crowd of connections (the server, started from here, inherits it)."""
    try:
        import resource
    except ImportError:  # Windows: no per-process limit to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else hard
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def leader_tricks(hand: int, table: int) -> int:
    """What the leader types: varied, so every saved hand moves flags at most tables."""
    return (hand * 7 + table * 5) % 14


def grid_form(tables: int, hand: int, go: str) -> dict:
    """The whole hand as the grid posts it, every row new; ``go``: "stay" or "next"."""
    body = {"go": go}
    for t in range(1, tables + 1):
        body |= {
            f"tricks_{t}": str(leader_tricks(hand, t)),
            f"vrev_{t}": "",
            f"hrev_{t}": "",
            f"seen_{t}": "0",
            f"was_{t}": "",
        }
    return body


def start_server(args, data: Path) -> subprocess.Popen:
    command = args.server.format(python=sys.executable, host=HOST, port=args.port)
    env = dict(os.environ, WHIST_PUBLIC_URL=f"http://{HOST}:{args.port}")
    # A hosted installation (``serve``, several workers, or one sharing Redis as hosts do): its
    # own secret, plain HTTP on loopback.
    hosted = " serve " in command or args.workers > 1 or args.redis
    if hosted and " hall " in command:
        command = (
            f"{sys.executable} -m whistdirector serve --listen {HOST}:{args.port} "
            f"--workers {args.workers}"
        )
    if hosted:
        env |= {
            "WHIST_SECRET_KEY": "bench-" + "k" * 50,
            "WHIST_SSL_REDIRECT": "0",
            "WHIST_SHOW_WORKER": "1",  # each answer names its worker: each worker's share
        }
    if args.redis:
        env["WHIST_REDIS_URL"] = args.redis
    log = open(data / "server.log", "w")  # noqa: SIM115 - open while the server runs
    server = subprocess.Popen(  # noqa: S603 - the command the person running the bench gave
        shlex.split(command), cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection(HOST, args.port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                print(f"server: {command}")
                return server
        except OSError:
            time.sleep(0.3)
    os.killpg(server.pid, signal.SIGTERM)
    raise SystemExit(f"The server did not answer in 120 s; see {data / 'server.log'}")


class Client:
    """One keep-alive connection with its cookies."""

    def __init__(self, port: int, plain: bool = False) -> None:
        self.port, self.cookies, self.plain = port, {}, plain
        self.conn = http.client.HTTPConnection(HOST, port, timeout=30)

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "Accept-Encoding": "identity" if self.plain else "gzip, deflate",
        }
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, data, headers)
                response = self.conn.getresponse()
                content = response.read()
                break
            except (http.client.HTTPException, OSError):
                self.conn.close()
                if attempt == 2:
                    raise
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, value = header.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value
        if response.getheader("Content-Encoding") == "gzip":
            content = gzip.decompress(content)
        return response.status, content


def save_hands(args, slug, first_hand, saves, save_times, problems, stop, saved_at=None) -> None:
    """The leader: logs in, then saves a whole hand from the hand grid every ``args.every``
    seconds, timing each save, until ``saves`` hands are saved or ``stop`` is set;
    ``saved_at[k]`` is when the server had answered the k-th save (from 1)."""
    client = Client(args.port)
    client.request("GET", "/accounts/login/")
    status, _ = client.request(
        "POST", "/accounts/login/", {"username": LEADER, "password": PASSWORD}
    )
    if status != 302:
        problems.append(f"the leader could not log in ({status})")
        return
    for k in range(saves):
        hand = first_hand + k
        body = grid_form(args.tables, hand, "stay")
        began = time.perf_counter()
        status, page = client.request("POST", f"/events/{slug}/hands/{hand}/", body)
        save_times.append(time.perf_counter() - began)
        if saved_at is not None:
            saved_at[k + 1] = time.monotonic()
        if status != 302:
            found = re.search(rb'class="messages">(.{0,300})', page, re.S)
            problems.append(f"saving hand {hand} answered {status}: {found and found[1]}")
        if stop.wait(max(0.0, args.every - save_times[-1])):
            return


def percentile(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of the server process and its workers (Linux's /proc; 0
    elsewhere)."""
    total = 0
    for process in [pid, *children(pid)]:
        try:
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The server's child processes (its workers), Linux's /proc."""
    found = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(c) for c in (task / "children").read_text().split()]
    except OSError:
        pass
    return found


def rss_mb(pid: int) -> float:
    """Resident memory of the server and its children, in MB (Linux's /proc)."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            total += int(re.search(r"VmRSS:\s+(\d+)", status)[1])
            for task in Path(f"/proc/{current}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, TypeError):
            continue
    return total / 1024
