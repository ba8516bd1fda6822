"""A hall's phones: many keep-alive connections, each asking for a public page now and then.

Phones in a hall keep their connection open between refreshes, as browsers do; a server that
closes an idle connection is reconnected to at the next refresh, as a browser would. Each phone
starts at a random moment of the first period, then asks every ``every`` seconds. The crowd runs
in one asyncio loop (one connection per phone, no thread per phone), so the bench's own process
stays light beside the server it measures.

``trivial_server`` answers every request at once from another process: the crowd run against it
measures the machine's own limit (the loop, loopback, the client), the baseline a real server's
figures are read against.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

TIMEOUT = 15.0  # seconds a phone waits for an answer before it gives up on that request


@dataclass
class Crowd:
    """What the phones saw."""

    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    timeouts: int = 0
    refused: int = 0  # connections the server did not accept or dropped before answering
    reconnects: int = 0  # idle connections the server closed, reopened at the next refresh
    answered: set[int] = field(default_factory=set)  # phones that got at least one answer
    bodies: list[bytes] = field(default_factory=list)  # standings.json bodies, to check
    # Answers by the worker that gave them (its X-Whist-Worker header, a hosted server started
    # with WHIST_SHOW_WORKER=1), and the phones each worker answered last: each worker's share.
    by_worker: dict[str, int] = field(default_factory=dict)
    phone_worker: dict[int, str] = field(default_factory=dict)


async def _read_response(reader: asyncio.StreamReader) -> tuple[int, bytes, bool, str]:
    """Status, body (gunzipped), whether the server keeps the connection, and the worker that
    answered (empty when the server does not say)."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    body = await reader.readexactly(int(headers.get("content-length", "0")))
    if headers.get("content-encoding") == "gzip":
        body = gzip.decompress(body)
    keep = headers.get("connection", "").lower() != "close"
    return status, body, keep, headers.get("x-whist-worker", "")


async def _phone(
    number: int,
    port: int,
    path: Callable[[random.Random], str],
    every: float,
    until: float,
    crowd: Crowd,
    host_header: str,
) -> None:
    rng = random.Random(number)
    reader = writer = None
    await asyncio.sleep(rng.uniform(0, every))
    while time.monotonic() < until:
        began = time.monotonic()
        target = path(rng)
        request = (
            f"GET {target} HTTP/1.1\r\nHost: {host_header}\r\nAccept-Encoding: gzip\r\n"
            "User-Agent: hall-phone\r\n\r\n"
        ).encode()
        for attempt in (1, 2):  # a browser retries a GET once on a connection closed idle
            try:
                if writer is None:
                    reader, writer = await asyncio.wait_for(
                        asyncio.open_connection("127.0.0.1", port), TIMEOUT
                    )
                writer.write(request)
                await writer.drain()
                left = TIMEOUT - (time.monotonic() - began)
                status, body, keep, worker = await asyncio.wait_for(_read_response(reader), left)
            except TimeoutError:
                crowd.timeouts += 1
                writer = _close(writer)
                break
            except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
                writer = _close(writer)
                if attempt == 1:
                    crowd.reconnects += 1
                    continue
                crowd.refused += 1
                break
            crowd.latencies.append(time.monotonic() - began)
            crowd.statuses[status] = crowd.statuses.get(status, 0) + 1
            crowd.answered.add(number)
            if worker:
                crowd.by_worker[worker] = crowd.by_worker.get(worker, 0) + 1
                crowd.phone_worker[number] = worker
            if target.endswith("standings.json") and status == 200:
                crowd.bodies.append(body)
            if not keep:
                writer = _close(writer)
            break
        await asyncio.sleep(max(0.0, every - (time.monotonic() - began)))
    _close(writer)


def _close(writer) -> None:
    if writer is not None:
        writer.close()
    return None


def run_crowd(
    *,
    phones: int,
    port: int,
    path: Callable[[random.Random], str],
    every: float,
    duration: float,
    host_header: str = "127.0.0.1",
) -> Crowd:
    """``phones`` phones asking ``path(rng)`` every ``every`` seconds for ``duration`` s."""
    crowd = Crowd()

    async def main() -> None:
        until = time.monotonic() + duration
        await asyncio.gather(
            *(_phone(n, port, path, every, until, crowd, host_header) for n in range(phones))
        )

    asyncio.run(main())
    return crowd


async def _trivial(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    body = json.dumps({"ok": True}).encode()
    answer = (
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
        + f"Content-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    try:
        while True:
            await reader.readuntil(b"\r\n\r\n")
            writer.write(answer)
            await writer.drain()
    except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
        pass
    finally:
        writer.close()


def trivial_server(port: int) -> None:
    """Answer every request on 127.0.0.1:``port`` at once, keeping connections open."""

    async def main() -> None:
        server = await asyncio.start_server(_trivial, "127.0.0.1", port, backlog=4096)
        async with server:
            await server.serve_forever()

    asyncio.run(main())


if __name__ == "__main__":
    import sys

    trivial_server(int(sys.argv[1]))
