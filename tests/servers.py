"""The production servers as a leader starts them (``python -m whistdirector hall|serve``), in a
child process on a free loopback port with a data folder of its own."""

from __future__ import annotations

import http.client
import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEMO_ARCHIVES = ROOT / "tournaments" / "fixtures"  # the demo events' archives
LEADER, LEADER_PASSWORD = "margaret", "Flag-Keeper-2026"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def environment(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WHIST_", "DJANGO_"))}
    return {**env, "WHIST_DATA_DIR": str(data_dir), "PYTHONUNBUFFERED": "1", **extra}


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(  # noqa: S603 - our own interpreter and manage.py
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )


@dataclass
class Server:
    process: subprocess.Popen
    port: int
    started_in: float  # seconds from the command to the first page served
    log: Path

    def get(self, path: str, host: str, headers: dict[str, str] | None = None, method="GET"):
        """GET (or ``method``) over loopback, addressed to ``host`` as a phone on the hall's
        network would."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, headers={"Host": host, **(headers or {})})
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def stop(self) -> str:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        return self.log.read_text(encoding="utf-8", errors="replace")


def launch(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    """``whist-director ARGS`` (this checkout's) with nobody at the keyboard, its words kept."""
    return subprocess.run(  # noqa: S603 - our own interpreter and launcher
        [sys.executable, "-m", "whistdirector", *args],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def assets(page: bytes) -> list[str]:
    """The stylesheets and scripts a page names."""
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page.decode())


def start(
    mode: str,
    env: dict[str, str],
    data_dir: Path,
    probe_host: str = "127.0.0.1",
    command: list[str] | None = None,
    interface: str | None = None,
) -> Server:
    """Start ``whist-director MODE`` (by default this checkout's) and wait for /healthz.
    The hall listens on every interface, as in a hall, so it announces the laptop's network
    address; requests still go to 127.0.0.1 with that address as the Host header."""
    port = free_port()
    interface = interface or ("0.0.0.0" if mode == "hall" else "127.0.0.1")  # noqa: S104
    log = data_dir / f"{mode}.log"
    began = time.monotonic()
    process = subprocess.Popen(  # noqa: S603
        [
            *(command or [sys.executable, "-m", "whistdirector"]),
            mode,
            "--listen",
            f"{interface}:{port}",
        ],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        preexec_fn=None if sys.platform == "win32" else _as_from_a_console,
    )
    deadline = began + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"{mode} stopped: {log.read_text()}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/healthz", headers={"Host": probe_host})
            if connection.getresponse().status == 200:
                return Server(process, port, time.monotonic() - began, log)
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise AssertionError(f"{mode} did not answer in time: {log.read_text()}")


def _as_from_a_console() -> None:
    """A server started from a console: Ctrl+C and a closed terminal reach it, even when the
    tests themselves run with those signals ignored (under ``nohup`` or as a background job,
    whose children inherit the ignoring and would never stop)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def hall_installation(data_dir: Path) -> dict[str, str]:
    """A laptop after the README's steps: the demo loaded, its leader removed (and the demo
    events with it), our own leader; then the demo's two archives restored as events of our
    own to play with."""
    env = environment(data_dir)
    env.pop("DATABASE_URL", None)  # the hall is a laptop: SQLite in its data folder
    manage(env, "migrate", "--verbosity", "0")
    manage(env, "load_demo")
    manage(env, "remove_demo_leader")
    for archive in sorted(DEMO_ARCHIVES.glob("*-demo.json")):
        manage(env, "import_event", str(archive))
    manage({**env, "WHIST_LEADER_PASSWORD": LEADER_PASSWORD}, "createleader", "--username", LEADER)
    return env


class Browser:
    """A leader's browser talking to a laptop over loopback (cookies and the CSRF token)."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=60) as response:  # noqa: S310
            return response.read().decode()

    def post(self, path: str, form: dict[str, str]) -> tuple[int, str]:
        page = self.get(path)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
        body = urllib.parse.urlencode({**form, "csrfmiddlewaretoken": token}).encode()
        try:
            with self.opener.open(self.base + path, body, timeout=60) as response:  # noqa: S310
                return response.status, response.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()

    def login(self) -> None:
        form = {"username": LEADER, "password": LEADER_PASSWORD}
        self.post("/accounts/login/", form)
