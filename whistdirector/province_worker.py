"""The province's gunicorn worker (``province.settings`` names it by its dotted path, so
gunicorn, which Windows lacks, is imported only where ``serve`` runs it)."""

from __future__ import annotations

import contextlib
import time

from gunicorn.workers.gthread import ThreadWorker

from whistdirector import server


class ProvinceWorker(ThreadWorker):
    """On SIGTERM (a stop, or the old workers of a reload) gunicorn's threaded worker closes
    at once the connections it accepted and holds, a request perhaps already sent on one:
    that phone's request is lost. This one stops taking connections, answers what arrives
    on those it holds (closing each after its answer), closes the idle kept ones (a browser
    asks again on a new connection), and ends when it holds none, or after
    ``server.IDLE_SECONDS`` for a connection that never sends anything."""

    stopping_since = None

    def handle_exit(self, sig, frame) -> None:
        if self.stopping_since is not None:
            return
        self.stopping_since = time.monotonic()
        self.cfg.set("keepalive", 0)  # this process only: each answer closes its connection
        with self._lock:
            for sock in self.sockets:
                with contextlib.suppress(KeyError, ValueError, OSError):
                    self.poller.unregister(sock)

    def murder_keepalived(self) -> None:
        super().murder_keepalived()
        if self.stopping_since is None:
            return
        while True:
            with self._lock:
                if not self._keep:
                    break
                conn = self._keep.popleft()
                with contextlib.suppress(KeyError, ValueError, OSError):
                    self.poller.unregister(conn.sock)
            self.nr_conns -= 1
            conn.close()
        late = time.monotonic() - self.stopping_since > server.IDLE_SECONDS
        if self.nr_conns <= 0 or late:
            self.alive = False
