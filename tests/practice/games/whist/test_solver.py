"""The practice's solver workers end with their server, however the server ends: the real hall
server (``python -m whistdirector hall``) deals a hand at the stronger level, is ended each way
this machine allows (Ctrl+C, SIGTERM, SIGHUP, a crash), and no worker process is left."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import sys
import time

import psutil
import pytest

from tests import servers

pytestmark = pytest.mark.servers
pytest.importorskip("endplay")

# How a server ends on this system: a signal by name, or "terminate" (on Windows a closed
# console window ends the process much as TerminateProcess does).
WAYS = ["terminate"] if sys.platform == "win32" else ["SIGINT", "SIGTERM", "SIGHUP", "SIGKILL"]


@pytest.fixture(scope="module")
def installation(tmp_path_factory):
    data = tmp_path_factory.mktemp("hall")
    return data, servers.hall_installation(data)


def deal_a_strong_hand(server: servers.Server, host: str = "") -> None:
    """Open a deal at the stronger level and let the computer play up to South's card."""
    host = host or f"127.0.0.1:{server.port}"
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    connection.request("GET", "/practice/?deal=5&level=strong", headers={"Host": host})
    response = connection.getresponse()
    response.read()
    cookies = response.headers.get_all("Set-Cookie") or []
    token = next(re.match(r"csrftoken=([^;]+)", c).group(1) for c in cookies if "csrftoken" in c)
    body = json.dumps({"deal": 5, "level": "strong"})
    headers = {
        "Host": host,
        "Content-Type": "application/json",
        "X-CSRFToken": token,
        "Cookie": f"csrftoken={token}",
    }
    connection.request("POST", "/practice/api/start/", body=body, headers=headers)
    answer = connection.getresponse()
    assert answer.status == 200, answer.read()
    assert json.loads(answer.read())["turn"] == "S"
    connection.close()


def solver_processes(pid: int) -> list[psutil.Process]:
    """The server's multiprocessing children: the solver's workers and the resource tracker."""
    found = []
    for child in psutil.Process(pid).children(recursive=True):
        try:
            if "multiprocessing" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.NoSuchProcess:
            continue
    return found


def still_running(processes: list[psutil.Process]) -> list[psutil.Process]:
    alive = []
    for process in processes:
        try:
            if process.is_running() and process.status() != psutil.STATUS_ZOMBIE:
                alive.append(process)
        except psutil.NoSuchProcess:
            continue
    return alive


def end(server: servers.Server, way: str) -> None:
    if way == "terminate":
        server.process.kill()
    else:
        os.kill(server.process.pid, getattr(signal, way))


@pytest.mark.parametrize("way", WAYS)
def test_the_solver_workers_end_with_their_server(installation, way):
    """After the server that dealt a strong hand is ended, none of its solver processes is left."""
    data, env = installation
    server = servers.start("hall", env, data)
    try:
        deal_a_strong_hand(server)
        workers = solver_processes(server.process.pid)
        assert len(workers) >= 2, "the stronger level started no solver workers"
        end(server, way)
        server.process.wait(timeout=30)
        deadline = time.monotonic() + 20
        while still_running(workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = still_running(workers)
        for process in left:  # leave the machine clean even when the test fails
            process.kill()
        assert left == [], f"{way}: {[p.pid for p in left]} kept running"
    finally:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_solver_workers_end_with_a_province_server(tmp_path):
    """A province's server (gunicorn, two workers) stopped by its service manager (SIGTERM)
    leaves none of its workers' solver processes behind."""
    from tests.whistdirector import test_province as test_workers

    env = test_workers.installation(tmp_path, shared_database=False)
    server, _ = test_workers.start_workers(env, tmp_path, 2)
    try:
        deal_a_strong_hand(server, test_workers.HOST)
        workers = solver_processes(server.process.pid)
        assert len(workers) >= 2, "the stronger level started no solver workers"
        end(server, "SIGTERM")
        server.process.wait(timeout=60)
        deadline = time.monotonic() + 15
        while still_running(workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not still_running(workers)
    finally:
        server.stop()
