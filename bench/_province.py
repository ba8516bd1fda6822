"""The province's installation for the publishing soak (bench/publishing_soak.py): a private
PostgreSQL (Debian's, run as the postgres user in a temporary folder, on port 25433: CI's is
25432) and a Redis server, both on loopback, and ``whist-director serve --workers 2`` that the
soak stops (SIGTERM, or SIGKILL to every process of it) and starts again."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psycopg

from tests import servers

ROOT = Path(__file__).resolve().parent.parent
PG_BIN = Path("/usr/lib/postgresql/15/bin")
PG_PORT = 25433
DATABASE_URL = f"postgres://whist:whist@127.0.0.1:{PG_PORT}/whist"
# The province is another computer: on this one its processes (PostgreSQL, Redis, serve) yield
# the CPU to the hall's, so the hall's figures show what publishing costs the hall itself.
NICE = 19


def free_port() -> int:
    with socket.socket() as s:
        return s.bind(("127.0.0.1", 0)) or s.getsockname()[1]


def fetch(port: int, path: str, timeout: float = 30):
    """A GET on loopback: the JSON it answers, or its status."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path, headers={"Host": "127.0.0.1"})
        answer = connection.getresponse()
        body = answer.read()
    finally:
        connection.close()
    return json.loads(body) if answer.status == 200 and path != "/healthz" else answer.status


def answering(port: int) -> bool:
    try:
        return fetch(port, "/healthz", timeout=2) == 200
    except (OSError, http.client.HTTPException):
        return False


def _nice() -> None:
    os.nice(NICE)


def _as_postgres(*command: str) -> None:
    line = shlex.join(command)
    wrapped = ["su", "postgres", "-c", line] if os.geteuid() == 0 else ["sh", "-c", line]
    subprocess.run(wrapped, check=True, capture_output=True, text=True)  # noqa: S603


class Postgres:
    """A throwaway PostgreSQL 15 cluster with a ``whist`` database."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.running = False

    def start(self) -> None:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", PG_PORT)) == 0:
                raise SystemExit(f"port {PG_PORT} is in use: another PostgreSQL runs there")
        self.folder = Path(tempfile.mkdtemp(prefix="whist-soak-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        data = str(self.folder / "data")
        _as_postgres(
            str(PG_BIN / "initdb"), "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8",
            "--locale=C.UTF-8",
        )  # fmt: skip
        options = f"-p {PG_PORT} -c listen_addresses=127.0.0.1 -k {self.folder}"
        log = str(self.folder / "server.log")
        start = [str(PG_BIN / "pg_ctl"), "-D", data, "-l", log, "-w", "-o", options, "start"]
        _as_postgres("nice", "-n", str(NICE), *start)
        self.running = True
        dsn = f"host=127.0.0.1 port={PG_PORT} user=postgres dbname=postgres"
        with psycopg.connect(dsn, autocommit=True) as db:
            db.execute("CREATE ROLE whist LOGIN CREATEDB PASSWORD 'whist'")
            db.execute("CREATE DATABASE whist OWNER whist")

    def stop(self) -> None:
        if self.running:
            data = str(self.folder / "data")
            try:
                _as_postgres(str(PG_BIN / "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop")
            except subprocess.CalledProcessError as error:
                print("PostgreSQL did not stop:", error.stderr, file=sys.stderr)
            self.running = False
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    """redis-server on a free loopback port, nothing kept on disk."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        command = shutil.which("redis-server")
        if command is None:
            raise SystemExit("redis-server is not installed (apt-get install redis-server)")
        self.process = subprocess.Popen(  # noqa: S603
            [command, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=_nice,
        )  # fmt: skip
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise SystemExit("redis-server did not answer")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Province:
    """``whist-director serve --workers 2`` on one port, in a process group of its own so a
    SIGKILL reaches the workers too (a machine that stops dead)."""

    def __init__(self, env: dict[str, str], data: Path) -> None:
        self.env, self.port, self.log = env, free_port(), data / "serve.log"
        self.process: subprocess.Popen | None = None
        self.lock, self.closed = threading.Lock(), False  # closed: never started again

    def start(self) -> float:
        """Start it and wait for /healthz; returns the seconds it took."""
        began = time.monotonic()
        with self.lock, self.log.open("a") as out:
            if self.closed:
                raise RuntimeError("the soak is over")
            self.process = subprocess.Popen(  # noqa: S603
                [sys.executable, "-m", "whistdirector", "serve", "--listen",
                 f"127.0.0.1:{self.port}", "--workers", "2"],
                cwd=ROOT, env=self.env, stdin=subprocess.DEVNULL, stdout=out,
                stderr=subprocess.STDOUT, start_new_session=True, preexec_fn=_nice,
            )  # fmt: skip
        while time.monotonic() - began < 180:
            if self.process is None or self.process.poll() is not None:
                raise RuntimeError(f"serve stopped: {self.log.read_text()[-3000:]}")
            if self.answering():
                return time.monotonic() - began
            time.sleep(0.1)
        raise RuntimeError("serve did not answer in 180 s")

    def answering(self) -> bool:
        return answering(self.port)

    def close(self) -> None:
        """Stop it for good (Ctrl-C or the end: a chaos thread may not start it again)."""
        with self.lock:
            self.closed = True
        self.stop(kill=True)

    def stop(self, kill: bool = False) -> None:
        """SIGTERM (gunicorn finishes what it is answering) or SIGKILL to every process."""
        with self.lock:
            process, self.process = self.process, None
        if process is None:
            return
        if kill:
            self._kill_group(process)
        else:
            process.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=40)
            self._kill_group(process)  # a worker left behind, if any

    @staticmethod
    def _kill_group(process: subprocess.Popen) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def province_installation(data: Path, redis: Redis, slug: str) -> tuple[dict, str]:
    """The province's data folder and database: a leader, the event (a placeholder until the
    hall publishes it whole) and a publishing key (returned)."""
    env = servers.environment(
        data,
        DATABASE_URL=DATABASE_URL,
        WHIST_REDIS_URL=redis.url,
        WHIST_SECRET_KEY="soak-" + os.urandom(24).hex(),
        WHIST_ALLOWED_HOSTS="127.0.0.1",
        WHIST_SSL_REDIRECT="0",
    )
    servers.manage(env, "migrate", "--verbosity", "0")
    leader = {**env, "WHIST_LEADER_PASSWORD": servers.LEADER_PASSWORD}
    servers.manage(leader, "createleader", "--username", servers.LEADER)
    servers.manage(
        env, "create_event", "--name", "Games", "--slug", slug, "--tables", "250",
        "--hands-per-day", "30,20",
    )  # fmt: skip
    return env, servers.manage(env, "publishing_key", slug).stdout.strip()
