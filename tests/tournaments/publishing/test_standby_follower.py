"""The standby's follower writes what its hall sends to disk and asks again at once, which
confirms it, before the change is applied; once a takeover began it confirms nothing."""

from __future__ import annotations

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

    def answer(hall, path, body, *, key="", timeout=0):
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


def test_once_a_takeover_began_the_standby_asks_nothing_more(hall):
    standby_follower.follow_once(wait=0)
    (standby_received.folder() / standby_received.MARK).touch()
    assert standby_follower.follow_once(wait=0) == 0
    assert len(hall) == 1  # the change received is not confirmed: the takeover applies it
