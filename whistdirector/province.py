"""A province's hosted server (``serve``, Linux and macOS): gunicorn, run in this process.

gunicorn is a kept server made for this: a parent process that owns the listening socket and
``--workers`` processes forked from it, each with threads (``gthread``) and a poller holding the
phones' idle keep-alive connections. It brings what a hand-written supervisor lacked:

- a worker that stops answering its parent for ``WORKER_TIMEOUT`` seconds, or dies, is replaced;
- ``SIGHUP`` starts fresh workers and lets the old ones finish what they are answering while the
  socket stays open, so a reload drops no request; ``SIGTERM`` stops the same gracefully;
- each worker stops accepting when it holds ``server.CONNECTION_LIMIT`` connections.

What the parent does once, before forking, every worker starts with: Django set up, the app
loaded, the events in play derived (``server.derive_first``) and Python's collector set aside
from all of it (``server.prepare_process``). Its database connections are closed first, since
a connection must never be shared by two processes.

The proxy's X-Forwarded-* headers are read by waitress's own middleware, with the settings the
hall's waitress uses (``server.options``): one reading of them, whichever server runs.
Windows has no ``fork``: ``serve`` there stays on waitress, one process (``launch.serve``).
"""

from __future__ import annotations

import os

from whistdirector import server

WORKER_TIMEOUT = 30  # seconds a worker may go silent before its parent replaces it
GRACEFUL_SECONDS = 30  # what a stopping worker has to finish the requests it holds
WORKER_HEADER = "X-Whist-Worker"  # names the answering process; a bench's setting only


def application():
    """The WSGI app every worker runs: the hall's cache in front of Django, behind the proxy's
    headers (and, where ``WHIST_SHOW_WORKER=1``, each answer naming its worker)."""
    from waitress.proxy_headers import proxy_headers_middleware

    from whistdirector.wsgi import application as hall_application

    trusted = {
        key: value
        for key, value in server.options(behind_proxy=True).items()
        if key.startswith("trusted_proxy")
    }
    trusted["trusted_proxy_headers"] = set(trusted["trusted_proxy_headers"].split())
    app = proxy_headers_middleware(hall_application, **trusted)
    if os.environ.get("WHIST_SHOW_WORKER") == "1":
        app = _naming_the_worker(app)
    return app


def _naming_the_worker(app):
    """Each answer says which worker gave it: how a bench counts each worker's share."""

    def named(environ, start_response):
        def start(status, headers, exc_info=None):
            return start_response(status, [*headers, (WORKER_HEADER, str(os.getpid()))], exc_info)

        return app(environ, start)

    return named


def settings(fd: int, workers: int) -> dict:
    """gunicorn's settings: the socket already bound (``fd``), threads as the hall's waitress
    has them, idle connections closed as the hall closes them."""
    return {
        "bind": [f"fd://{fd}"],
        "workers": workers,
        "worker_class": "whistdirector.province_worker.ProvinceWorker",
        "threads": server.THREADS,
        "worker_connections": server.CONNECTION_LIMIT,
        "keepalive": server.IDLE_SECONDS,
        "timeout": WORKER_TIMEOUT,
        "graceful_timeout": GRACEFUL_SECONDS,
        "backlog": 2048,
        "preload_app": True,
        # The proxy's headers are read by the app (``application``), not twice.
        "secure_scheme_headers": {},
        "proc_name": "whist-director",
        "errorlog": "-",
        "loglevel": "info",
    }


def run(fd: int, workers: int) -> None:
    """Serve on the listening socket ``fd`` with ``workers`` processes until stopped."""
    from django.db import connections
    from gunicorn.app.base import BaseApplication

    class Province(BaseApplication):
        def load_config(self) -> None:
            for key, value in settings(fd, workers).items():
                self.cfg.set(key, value)

        def load(self):
            return application()

    province = Province()
    province.wsgi()  # loaded once here, before the workers are forked
    server.derive_first()
    connections.close_all()  # a connection is never shared across a fork
    server.prepare_process()
    province.run()
