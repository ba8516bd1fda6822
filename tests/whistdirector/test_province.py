"""A province on many processes: ``serve --workers N`` runs N gunicorn workers on one address,
sharing what they derive through Django's cache (Redis on loopback, or a folder on one host), so
a hand saved anywhere reaches every worker's phones at once; a worker killed is replaced, a
reload (SIGHUP) drops no request, and every process ends with the server."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
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
        WHIST_SHOW_WORKER="1",  # each answer names its worker (province.WORKER_HEADER)
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
    try:
        return server, ready(server, workers)
    except AssertionError:
        server.stop()
        raise


def ready(server: servers.Server, workers: int, *, not_among: list[int] = ()) -> list[int]:
    """The server's workers once it answers with ``workers`` of them, none of ``not_among``."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and server.process.poll() is None:
        try:
            pids = children(server.process.pid)
            fresh = len(pids) == workers and not set(pids) & set(not_among)
            if fresh and server.get("/healthz", HOST)[0] == 200:
                return pids
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"the workers did not answer: {server.log.read_text()}")


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
def test_phones_keeping_their_connections_are_spread_over_the_workers(workers):
    """A hundred phones that connect at once and keep their connections each land on a worker,
    and every worker takes a share of them (at least a quarter of an even one: the system hands
    a connection to the worker that takes it first)."""
    _, server, pids = workers
    phones = [http.client.HTTPConnection("127.0.0.1", server.port, timeout=30) for _ in range(100)]
    found: Counter = Counter()
    lock = threading.Lock()

    def phone(connection) -> None:
        for _ in range(3):  # three refreshes on the one connection
            connection.request("GET", "/events/area-demo/standings.json", headers={"Host": HOST})
            response = connection.getresponse()
            response.read()
        with lock:
            found[int(response.getheader("X-Whist-Worker"))] += 1

    threads = [threading.Thread(target=phone, args=(c,)) for c in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for connection in phones:
        connection.close()
    assert set(found) == set(pids)
    even = sum(found.values()) / len(pids)
    assert all(share >= even / 4 for share in found.values()), found


@pytest.mark.run_database
def test_a_hand_saved_elsewhere_reaches_every_worker_at_once(workers, tmp_path):
    """A results file imported from the command line (another process) shows on the
    standings every worker serves from the first read after the import returns."""
    env, server, _ = workers
    first = standings(server)
    hand = first["hands_played"] + 1
    rows = "\n".join(f"{hand},{table},13" for table in range(1, 9))
    results = tmp_path / "hand.csv"
    results.write_text(f"hand,table,visitor_tricks\n{rows}\n")
    servers.manage(env, "import_results", "area-demo", str(results))
    assert all(standings(server)["hands_played"] == hand for _ in range(20))


def test_the_workers_end_with_the_server(tmp_path, redis_url):
    """SIGTERM (a service manager's stop) ends the server and every worker with it."""
    env = installation(tmp_path, shared_database=False, WHIST_REDIS_URL=redis_url)
    server, pids = start_workers(env, tmp_path, 2)
    server.process.send_signal(signal.SIGTERM)
    server.process.wait(timeout=30)
    time.sleep(0.5)
    assert not [pid for pid in pids if Path(f"/proc/{pid}").exists()]


def test_a_worker_killed_is_replaced(tmp_path, redis_url):
    """A worker killed outright (SIGKILL, as the system does when out of memory) is replaced,
    and the phones are answered all along."""
    env = installation(tmp_path, shared_database=False, WHIST_REDIS_URL=redis_url)
    server, pids = start_workers(env, tmp_path, 2)
    try:
        os.kill(pids[0], signal.SIGKILL)
        assert server.get("/healthz", HOST)[0] == 200
        now = ready(server, 2, not_among=[pids[0]])
        assert pids[1] in now
    finally:
        server.stop()


def test_a_reload_answers_every_request_made_during_it(tmp_path, redis_url):
    """SIGHUP (a service manager's reload) replaces every worker while phones keep asking, on
    new connections and on kept ones: each of their requests is answered."""
    env = installation(tmp_path, shared_database=False, WHIST_REDIS_URL=redis_url)
    server, pids = start_workers(env, tmp_path, 2)
    stop = threading.Event()
    answers: Counter = Counter()

    def phone(keep: bool) -> None:
        connection, reused = None, False
        while not stop.is_set():
            if connection is None:
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                reused = False
            try:
                connection.request("GET", "/events/area-demo/standings/", headers={"Host": HOST})
                response = connection.getresponse()
                response.read()
                answers[response.status] += 1
                reused = True
                if response.getheader("Connection", "").lower() == "close" or not keep:
                    connection.close()
                    connection = None
            except (OSError, http.client.HTTPException) as error:
                # A kept connection ended before any answer: a browser asks again on a new one.
                answers["asked again" if reused else type(error).__name__] += 1
                connection.close()
                connection = None

    phones = [threading.Thread(target=phone, args=(n % 2 == 0,)) for n in range(6)]
    try:
        for thread in phones:
            thread.start()
        time.sleep(1)
        server.process.send_signal(signal.SIGHUP)
        ready(server, 2, not_among=pids)
        time.sleep(1)
    finally:
        stop.set()
        for thread in phones:
            thread.join(timeout=60)
        server.stop()
    assert answers[200] > 50
    assert set(answers) <= {200, "asked again"}, answers


def test_the_systemd_unit_runs_the_documented_province_server():
    """tools/whist-director.service starts ``whist-director serve`` with four workers, waits for
    it to say it listens, reloads it with SIGHUP and never retries a configuration mistake."""
    import configparser
    import shlex

    from whistdirector import launch

    unit = configparser.ConfigParser(interpolation=None, strict=False)
    unit.optionxform = str
    unit.read(servers.ROOT / "tools" / "whist-director.service")
    service = unit["Service"]
    program, *arguments = shlex.split(service["ExecStart"])
    assert program.endswith("/whist-director")
    options = launch.parser().parse_args(arguments)
    assert (options.command, options.workers) == ("serve", 4)
    assert service["Type"] == "notify"
    assert service["ExecReload"] == "/bin/kill -HUP $MAINPID"
    assert service["RestartPreventExitStatus"] == "1"


def test_the_province_server_keeps_the_numbers_the_readme_gives():
    """Each worker has 8 threads, closes a phone's idle connection after 5 seconds as the hall
    does, and is replaced when silent for 30 seconds."""
    from whistdirector import province

    found = province.settings(3, 4)
    assert (found["workers"], found["threads"]) == (4, 8)
    assert found["keepalive"] == 5
    assert found["timeout"] == 30
