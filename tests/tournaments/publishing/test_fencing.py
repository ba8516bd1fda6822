"""The hall's fence: once its standby says it took over, the hall is "replaced"; a standby
that still follows, or does not answer, leaves the hall as it is."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.utils import timezone

from tournaments.models import LaptopRole, PairedStandby
from tournaments.publishing import fencing
from tournaments.services import standby

pytestmark = pytest.mark.django_db


def standby_saying(said: dict):
    class Answer(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the standard library's name
            body = json.dumps(said).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    PairedStandby.objects.create(name="Spare", origin=origin, digest="d", paired_at=timezone.now())
    return server, origin


def test_a_hall_whose_standby_took_over_is_replaced():
    said = {"role": "hall", "hall": None, "standby": None, "since": timezone.now().isoformat()}
    server, origin = standby_saying(said)
    try:
        assert fencing.look_once()
    finally:
        server.shutdown()
    now = standby.role()
    assert (now.role, now.hall) == (LaptopRole.REPLACED, origin)


def test_a_standby_that_follows_leaves_the_hall_the_hall():
    said = {"role": "standby", "hall": None, "standby": None, "since": timezone.now().isoformat()}
    server, _origin = standby_saying(said)
    try:
        assert not fencing.look_once()
    finally:
        server.shutdown()
    assert standby.role().role == LaptopRole.HALL


def test_a_standby_away_leaves_the_hall_the_hall():
    PairedStandby.objects.create(
        name="Gone", origin="http://127.0.0.1:9", digest="g", paired_at=timezone.now()
    )
    assert not fencing.look_once(timeout=0.5)
    assert standby.role().role == LaptopRole.HALL
