"""A province on many processes: ``serve --workers N`` runs N processes on one address, sharing
what they derive through Django's cache (Redis on loopback, or a folder on one host), so a hand
saved anywhere reaches every worker's phones at once, and every process ends with the server."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import servers

pytestmark = [
    pytest.mark.servers,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
]
HOST = "whist.example.org"


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    """A private Redis server on a free loopback port (Debian's redis-server)."""
    found = shutil.which("redis-server")
    assert found, "make test installs redis-server (Debian's package)"
    port = servers.free_port()
    folder = tmp_path_factory.mktemp("redis")
    process = subprocess.Popen(  # noqa: S603
        [found, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            import redis

            redis.Redis(port=port).ping()
            break
        except Exception:  # noqa: BLE001 - not up yet
            time.sleep(0.1)
    yield f"redis://127.0.0.1:{port}/0"
    process.terminate()
    process.wait(timeout=10)


def installation(data: Path, *, shared_database: bool = True, **extra: str) -> dict[str, str]:
    """A hosted installation with the demo events (on the run's PostgreSQL server, if any)."""
    env = servers.environment(
        data,
        WHIST_SECRET_KEY="test-only-" + "x" * 40,
        WHIST_ALLOWED_HOSTS=HOST,
        WHIST_SSL_REDIRECT="0",
        **extra,
    )
    if shared_database and "DATABASE_URL" in os.environ:  # the PostgreSQL run
        env["DATABASE_URL"] = os.environ["DATABASE_URL"]
    else:
        env["DATABASE_URL"] = f"sqlite:///{data / 'db.sqlite3'}"
    servers.manage(env, "migrate", "--verbosity", "0")
    servers.manage(env, "flush", "--no-input")
    servers.manage(env, "load_demo")
    servers.manage(env, "remove_demo_leader")  # a hosted server refuses to start with it
    for archive in sorted(servers.DEMO_ARCHIVES.glob("*-demo.json")):  # the events, ours
        servers.manage(env, "import_event", str(archive))
    leader = {**env, "WHIST_LEADER_PASSWORD": servers.LEADER_PASSWORD}
    servers.manage(leader, "createleader", "--username", servers.LEADER)
    return env


def start_workers(env: dict[str, str], data: Path, workers: int) -> tuple[servers.Server, list]:
    port = servers.free_port()
    log = data / "serve.log"
    process = subprocess.Popen(  # noqa: S603
        [sys.executable, "-m", "whistdirector", "serve", "--listen", f"127.0.0.1:{port}"]
        + ["--workers", str(workers)],
        cwd=servers.ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    server = servers.Server(process, port, 0.0, log)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if server.get("/healthz", HOST)[0] == 200 and len(children(process.pid)) == workers:
                return server, children(process.pid)
        except OSError:
            pass
        time.sleep(0.2)
    server.stop()
    raise AssertionError(f"the workers did not answer: {log.read_text()}")


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


@pytest.fixture(scope="module", params=["redis", "folder"])
def workers(request, tmp_path_factory):
    data = tmp_path_factory.mktemp(f"workers-{request.param}")
    if request.param == "redis":
        env = installation(data, WHIST_REDIS_URL=request.getfixturevalue("redis_url"))
    else:
        env = installation(data)
    server, pids = start_workers(env, data, 2)
    yield env, server, pids
    server.stop()


def standings(server) -> dict:
    status, _, body = server.get("/events/area-demo/standings.json", HOST)
    assert status == 200
    return json.loads(body)


@pytest.mark.run_database
def test_every_worker_serves_the_phones(workers):
    """Phones reaching the one address are served by each of the workers."""
    _, server, pids = workers
    before = {pid: cpu_ticks(pid) for pid in pids}
    for number in range(300):
        server.get(f"/events/area-demo/tables/{number % 8 + 1}/", HOST)
    assert all(cpu_ticks(pid) > before[pid] for pid in pids)


@pytest.mark.run_database
def test_a_hand_saved_elsewhere_reaches_every_worker_within_a_second(workers, tmp_path):
    """A results file imported from the command line (another process) shows on the
    standings every worker serves, at once and at the latest within a second."""
    env, server, _ = workers
    first = standings(server)
    hand = first["hands_played"] + 1
    rows = "\n".join(f"{hand},{table},13" for table in range(1, 9))
    results = tmp_path / "hand.csv"
    results.write_text(f"hand,table,visitor_tricks\n{rows}\n")
    servers.manage(env, "import_results", "area-demo", str(results))
    saved = time.monotonic()
    while standings(server)["hands_played"] != hand:
        assert time.monotonic() - saved < 1.0, "a worker still showed the old standings"
        time.sleep(0.02)
    assert all(standings(server)["hands_played"] == hand for _ in range(20))


def test_the_workers_end_with_the_server(tmp_path, redis_url):
    """SIGTERM (a service manager's stop) ends the server and every worker with it."""
    env = installation(tmp_path, shared_database=False, WHIST_REDIS_URL=redis_url)
    server, pids = start_workers(env, tmp_path, 2)
    server.process.send_signal(signal.SIGTERM)
    server.process.wait(timeout=30)
    time.sleep(0.5)
    assert not [pid for pid in pids if Path(f"/proc/{pid}").exists()]
