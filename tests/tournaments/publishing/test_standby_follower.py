"""The standby's follower writes what its hall sends to disk and asks again at once, which
confirms it, before the change is applied (the applier starts once that ask is on its way);
once a takeover began it confirms nothing. Its asks go on one kept connection."""

from __future__ import annotations

import http.server
import json
import threading

import pytest

from tournaments.models import Event
from tournaments.publishing import standby_follower
from tournaments.services import standby, standby_received

pytestmark = pytest.mark.django_db

CHANGE = {"event": "games", "revision": 12, "base": 0, "whole": True, "hands": []}


@pytest.fixture
def hall(settings, tmp_path, monkeypatch):
    """A hall that answers each ask with one change of ``games``, and the asks it got."""
    settings.DATA_DIR = tmp_path
    standby.become_standby(hall="http://192.168.1.12:8000", key="wds_k")
    monkeypatch.setattr(standby_follower, "feed_of", lambda hall: hall)
    asks = []

    def answer(hall, path, body, *, key="", timeout=0, keep=False, sent=None):
        asks.append(body)
        change = CHANGE | {"revision": CHANGE["revision"] + len(asks) - 1}
        return {"changes": [{"change": change, "secrets": {}}], "accounts": []}

    monkeypatch.setattr(standby_follower, "ask", answer)
    return asks


def test_the_next_ask_confirms_a_change_before_it_is_applied(hall):
    assert standby_follower.follow_once(wait=0) == 1
    assert not Event.objects.filter(slug="games").exists()  # on disk, not applied yet
    standby_follower.follow_once(wait=0)
    assert hall[0]["held"] == {} and hall[1]["held"] == {"games": 12}


def test_an_answer_of_the_accounts_alone_is_kept_when_they_changed(hall, monkeypatch):
    def answer(hall, path, body, **kwargs):
        return {"changes": [], "accounts": [{"username": "boss"}], "accounts_changed": True}

    monkeypatch.setattr(standby_follower, "ask", answer)
    assert standby_follower.follow_once(wait=0) == 0
    assert [p.name for p in standby_received.pending()] == ["000000000001.accounts.json"]


def test_once_a_takeover_began_the_standby_asks_nothing_more(hall):
    standby_follower.follow_once(wait=0)
    (standby_received.folder() / standby_received.MARK).touch()
    assert standby_follower.follow_once(wait=0) == 0
    assert len(hall) == 1  # the change received is not confirmed: the takeover applies it


def test_the_applier_starts_once_the_ask_confirming_the_change_is_on_its_way(hall, monkeypatch):
    standby_follower._arrived.clear()
    standby_follower.follow_once(wait=0)
    assert not standby_follower._arrived.is_set()  # the confirmation goes first
    fake = standby_follower.ask

    def asking(*args, sent=None, **kwargs):
        sent()
        return fake(*args, **kwargs)

    monkeypatch.setattr(standby_follower, "ask", asking)
    standby_follower.follow_once(wait=0)
    assert standby_follower._arrived.is_set()


class Feed(http.server.BaseHTTPRequestHandler):
    """A hall's feed on loopback that counts the connections its asks came on."""

    protocol_version = "HTTP/1.1"
    connections: list = []
    close_after_first = False

    def setup(self):
        super().setup()
        Feed.connections.append(self.client_address)

    def do_POST(self):
        asked = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        status = 403 if asked.get("refuse") else 200
        body = json.dumps({"asked": asked}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        # Closed without saying so, as a hall started again or idle too long does.
        self.close_connection = Feed.close_after_first

    def log_message(self, *args):
        pass


@pytest.fixture
def feed():
    Feed.connections, Feed.close_after_first = [], False
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Feed)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    standby_follower._kept.clear()


def test_the_followers_asks_go_on_one_kept_connection(feed):
    for n in range(3):
        answer = standby_follower.ask(feed, "/standby/changes", {"n": n}, keep=True)
        assert answer == {"asked": {"n": n}}
    assert len(Feed.connections) == 1


def test_a_connection_the_hall_closed_is_opened_anew(feed):
    Feed.close_after_first = True
    for n in range(2):
        assert standby_follower.ask(feed, "/standby/changes", {"n": n}, keep=True)["asked"]
    assert len(Feed.connections) == 2


def test_a_refused_key_is_said_so(feed):
    with pytest.raises(standby_follower.KeyRefused):
        standby_follower.ask(feed, "/standby/changes", {"refuse": True}, keep=True)
