"""What reaches a practice table's JSON interface from outside its own script: a body nested
thousands of levels deep, numbers too long for any deal, text that is not a request. Each is
answered 400 with "reload the page" (never a server error), and the browser's deals stay as
they were."""

from __future__ import annotations

import pytest
from django.test import Client

from practice.views.tables import SESSION_KEY
from tests.practice.tabs import Tab

pytestmark = pytest.mark.django_db

DEEP = "[" * 5000 + "]" * 5000
UNREADABLE = [
    DEEP,
    '{"deal": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"deal": 3, "after": 1e400}',
    '{"deal": ' + "9" * 5000 + "}",
    '{"deal": 3, "after": NaN}',
    "[3]",
    "deal=3",
    b'{"deal": 3, "card": "\xff"}',  # not UTF-8
]
WHIST = ["start", "play", "undo", "hint"]
ROOM = [(game, name) for game in ("militac", "militaire") for name in ("start", "move")]


def refused(client: Client, url: str, body: str | bytes) -> None:
    """``body`` posted to ``url`` is refused with words to show, and no deal changes."""
    before = client.session.get(SESSION_KEY)
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == "This request could not be read; reload the page."
    assert client.session.get(SESSION_KEY) == before


@pytest.mark.parametrize("name", WHIST)
@pytest.mark.parametrize("body", UNREADABLE, ids=range(len(UNREADABLE)))
def test_the_whist_table_refuses_a_request_it_cannot_read_and_changes_nothing(name, body):
    """Whist's start, play, undo and hint, sent 5,000 nested arrays, a number of 5,000 digits,
    1e400, NaN, a list, plain text or bytes that are not UTF-8 while deal 3 is in play: 400
    "reload the page", deal 3 as it was."""
    client = Client()
    Tab(client, "whist", 3).start()
    refused(client, f"/practice/api/{name}/", body)


@pytest.mark.parametrize(("game", "name"), ROOM)
@pytest.mark.parametrize("body", UNREADABLE, ids=range(len(UNREADABLE)))
def test_militac_and_militaire_refuse_a_request_they_cannot_read_and_change_nothing(
    game, name, body
):
    """The same for Militac's and Militaire's start and move."""
    client = Client()
    Tab(client, game, 3).start()
    refused(client, f"/practice/{game}/api/{name}/", body)


@pytest.mark.parametrize(
    ("url", "options"),
    [
        ("/practice/api/start/", {"trump": 5, "level": ["strong"]}),
        ("/practice/militac/api/start/", {"level": [1]}),
        ("/practice/militaire/api/start/", {"level": {}, "pack": ["army"], "players": [3]}),
    ],
)
def test_options_that_are_not_words_deal_with_the_defaults(url, options):
    """A trump, level, pack or player count sent as a number, a list or a record is read as
    not given: the deal starts with the game's defaults (the basic level), not a server error."""
    client = Client()
    response = client.post(url, {"deal": 3, **options}, content_type="application/json")
    assert response.status_code == 200 and response.json()["level"] == "basic"
