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

A hosted installation on Linux or macOS runs gunicorn instead (``province.py``), with these
same threads, limits and collector settings, on a listening socket made here; its workers share
rendered pages and derived values through Django's cache (a file cache in the data folder, or
Redis).
"""

from __future__ import annotations

import gc
import logging
import os
import select
import socket

IDLE_SECONDS = 5
THREADS = 8
HAS_POLL = hasattr(select, "poll")
CONNECTION_LIMIT = 4000 if HAS_POLL else 480  # Windows' select() takes 512 sockets at most
COLLECTOR_THRESHOLDS = (50_000, 20, 100)  # Python's are (700, 10, 10)


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


def listening_socket(listen: str) -> socket.socket:
    """A socket listening on ``listen`` (host:port), to hand to gunicorn (bound here, so a port
    in use is the launcher's one-line message)."""
    host, port = listen.rsplit(":", 1)
    host = host.strip("[]")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, int(port)))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock
