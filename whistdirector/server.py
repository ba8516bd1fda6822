"""The production server of the hall and of a hosted installation: waitress, set for a hall.

A full hall's phones keep their connections open between refreshes, hundreds at once. Waitress's
defaults (100 connections, idle ones kept 120 s, ``select()``) turn the 101st phone away, so:

- ``poll()`` instead of ``select()`` where the system has it (Linux, macOS): no ceiling of 1,024
  descriptors. Windows has only ``select()``, which takes at most 512 sockets there, so the
  connection limit stays under it; closing idle connections keeps a hall well below it.
- Idle connections close after ``IDLE_SECONDS``: a phone that refreshes every 10 s reconnects at
  its next refresh, as browsers do, so what stays open at once is the phones' rate times that.
- The process may open as many files as the system allows (Linux and macOS start at 1,024).
- Python's collector leaves alone what was loaded at start (Django and the app, never garbage)
  and runs less often: its full passes over every object paused all the threads, phones' and
  leader's alike, for 130-180 ms about every four seconds of a full hall.

Several workers (``--workers N``, a hosted installation on Linux or macOS) are N processes that
accept on one listening socket, made here and inherited by each; they share rendered pages and
derived values through Django's cache (a file cache in the data folder, or Redis).
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import select
import signal
import socket
import subprocess
import sys
import time

IDLE_SECONDS = 5
THREADS = 8
HAS_POLL = hasattr(select, "poll")
CONNECTION_LIMIT = 4000 if HAS_POLL else 480  # Windows' select() takes 512 sockets at most
COLLECTOR_THRESHOLDS = (50_000, 20, 100)  # Python's are (700, 10, 10)
RESTART_PAUSE = 2.0  # seconds before a worker that died is started again


def options(*, behind_proxy: bool) -> dict:
    """Waitress's settings for a hall's phones (and, behind a proxy, the proxy's headers)."""
    found = {
        "threads": THREADS,
        "ident": "military-whist-director",
        "connection_limit": CONNECTION_LIMIT,
        "channel_timeout": IDLE_SECONDS,
        "cleanup_interval": 1,
        "asyncore_use_poll": HAS_POLL,
        "backlog": 2048,
    }
    if behind_proxy:
        # The proxy in front ends TLS: trust its X-Forwarded-* so Django sees https and the
        # visitor's own address (login lock-outs are per address).
        found |= {
            "trusted_proxy": os.environ.get("WHIST_TRUSTED_PROXY", "127.0.0.1"),
            "trusted_proxy_count": 1,
            "trusted_proxy_headers": "x-forwarded-for x-forwarded-proto x-forwarded-host",
        }
    return found


def derive_first() -> None:
    """Derive the events in play before serving (``tournaments.snapshot.warm``); a fault there
    never keeps the server from starting (the pages will report it)."""
    from tournaments.snapshot.warm import warm

    try:
        warm()
    except Exception:  # noqa: BLE001 - logged; the server starts all the same
        logging.getLogger(__name__).exception("Nothing derived before serving")


def prepare_process() -> None:
    """Set this process up to serve a hall: files for every phone, a collector that does not
    stop them all."""
    raise_open_files()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def raise_open_files() -> None:
    """Let this process hold as many connections as the system allows (POSIX)."""
    try:
        import resource
    except ImportError:  # Windows: no per-process limit of this kind
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else hard
    if soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):  # macOS caps it lower than it reports
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, 10240), hard))


def serve(listen: str, *, behind_proxy: bool = False, sockets: list | None = None) -> None:
    """Serve the app on ``listen`` (or on ``sockets`` already listening) until stopped."""
    import waitress

    from whistdirector.wsgi import application

    derive_first()
    prepare_process()
    where = {"sockets": sockets} if sockets else {"listen": listen}
    waitress.serve(application, **where, **options(behind_proxy=behind_proxy))


def listening_socket(listen: str) -> socket.socket:
    """A socket listening on ``listen`` (host:port), to hand to every worker (Linux and macOS:
    Windows runs one process)."""
    if os.name == "nt":
        from tournaments.management.words import gettext as _
        from whistdirector.config import ConfigurationError

        raise ConfigurationError(_("--workers needs Linux or macOS; on Windows run one process."))
    host, port = listen.rsplit(":", 1)
    host = host.strip("[]")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, int(port)))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def serve_workers(sock: socket.socket, workers: int) -> None:
    """Run ``workers`` processes on the listening ``sock`` until Ctrl+C or SIGTERM; a worker
    that dies is started again."""
    raise_open_files()
    command = [sys.executable, "-m", "whistdirector.server", str(sock.fileno())]
    children: list[subprocess.Popen] = []
    stopping = False

    def start() -> subprocess.Popen:
        return subprocess.Popen(command, pass_fds=(sock.fileno(),))  # noqa: S603

    def stop(signum, frame) -> None:
        nonlocal stopping
        stopping = True
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGHUP, stop)
    children.extend(start() for _ in range(workers))
    try:
        while not stopping:
            time.sleep(0.5)
            for index, child in enumerate(children):
                if child.poll() is not None and not stopping:
                    print(f"A worker stopped (exit {child.returncode}); starting it again.")
                    time.sleep(RESTART_PAUSE)
                    children[index] = start()
    finally:
        stop(None, None)
        for child in children:
            try:
                child.wait(timeout=20)
            except subprocess.TimeoutExpired:
                child.kill()
        sock.close()


def _worker(fd: int) -> None:
    """One worker: Django set up for a hosted server, serving on the inherited socket."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdirector.settings")
    import django

    django.setup()
    # Stop as waitress does on Ctrl+C: SIGTERM from the parent (or a service manager).
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    sock = socket.socket(fileno=fd)
    with contextlib.suppress(KeyboardInterrupt):
        serve("", behind_proxy=True, sockets=[sock])


if __name__ == "__main__":
    _worker(int(sys.argv[1]))
