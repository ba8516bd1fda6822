"""One deal per tab: every move names its deal, two tabs on two deals never mix, a tab that
missed moves made elsewhere is told, and a reload resumes the deal where it stood."""

from __future__ import annotations

import pytest
from django.test import Client

from practice.views import tables
from tests.practice.tabs import Tab, first_legal

pytestmark = pytest.mark.django_db


def militac_move(state: dict) -> str:
    if state["phase"] == "bidding":
        return "pass"
    verb = "discard" if state["phase"] == "aide" else "play"
    return f"{verb} {next(c['code'] for c in state['hand'] if c['legal'])}"


# The first move South can make in each game, from the state the tab shows.
GAMES = {
    "whist": ("play", lambda state: {"card": first_legal(state)}),
    "militac": ("move", lambda state: {"move": militac_move(state)}),
    "militaire": ("move", lambda state: {"move": "draw stock"}),
}


def test_two_tabs_on_two_deals_never_mix():
    """A card played in the tab on deal 1234 after deal 777 was opened in another tab goes to
    deal 1234, and deal 777's tab carries on with its own hand."""
    client = Client()
    first, second = Tab(client, "whist", 1234), Tab(client, "whist", 777)
    dealt_first, dealt_second = first.start(), second.start()
    card = first_legal(dealt_first)
    after = first.send("play", card=card)
    assert after["deal"] == 1234 and len(after["hand"]) == 12
    assert card not in [c["code"] for c in after["hand"]]
    again = second.get("state").json()
    assert again["deal"] == 777 and again["hand"] == dealt_second["hand"]
    assert second.send("play", card=first_legal(again))["deal"] == 777


@pytest.mark.parametrize("game", list(GAMES))
def test_a_stale_tab_is_told_and_shown_where_the_deal_stands(game):
    """Two tabs on the same deal: after one moves on, the other's move is refused (409) with a
    plain sentence and the deal as it now stands, and nothing changes."""
    client = Client()
    ahead, behind = Tab(client, game, 42), Tab(client, game, 42)
    shown = ahead.start()
    behind.start(resume=True)
    endpoint, move = GAMES[game]
    moved = ahead.send(endpoint, **move(shown))
    response = behind.post(endpoint, move(shown))
    assert response.status_code == 409
    refused = response.json()
    assert "went on in another tab" in refused["error"]
    assert refused["made"] == moved["made"] and refused["hand"] == moved["hand"]
    assert behind.get("state").json()["made"] == moved["made"]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_reload_resumes_the_deal_where_it_stood(game):
    """Reopening a deal's page (start with resume) shows the deal after the moves made, in
    every game; starting without resume deals it afresh."""
    tab = Tab(Client(), game, 64)
    shown = tab.start()
    endpoint, move = GAMES[game]
    moved = tab.send(endpoint, **move(shown))
    resumed = tab.start(resume=True)
    assert resumed["made"] == moved["made"] and resumed["hand"] == moved["hand"]
    assert tab.start()["made"] == shown["made"]


def test_a_browser_keeps_its_latest_deals_and_forgets_the_oldest():
    """After more deals than it keeps, the browser's oldest deal is told it is no longer in play."""
    client = Client()
    oldest = Tab(client, "whist", 1)
    oldest.start()
    for deal in range(2, tables.KEPT + 2):
        Tab(client, "whist", deal).start()
    response = oldest.post("play", {"card": "AS"})
    assert response.status_code == 404 and "not in play" in response.json()["error"]


def test_the_same_deal_with_another_trump_is_another_table():
    """Deal 5 in hearts and deal 5 in no-trump are two deals: each keeps its own cards played."""
    client = Client()
    hearts, no_trump = Tab(client, "whist", 5, trump="H"), Tab(client, "whist", 5, trump="NT")
    before = hearts.start()
    shown = no_trump.start()
    played = no_trump.send("play", card=first_legal(shown))
    again = hearts.get("state").json()
    assert again["trump"]["code"] == "H" and again["made"] == before["made"]
    assert played["trump"]["code"] == "NT" and played["made"] > again["made"]


@pytest.mark.parametrize("open_deals", [1, 20])
def test_a_move_costs_the_same_few_queries_however_many_deals_are_open(
    open_deals, django_assert_max_num_queries
):
    """A card played reads and writes the session a fixed number of times, whether the browser
    holds one deal or twenty."""
    client = Client()
    for deal in range(100, 100 + open_deals - 1):
        Tab(client, "whist", deal).start()
    tab = Tab(client, "whist", 99)
    state = tab.start()
    with django_assert_max_num_queries(4):
        tab.send("play", card=first_legal(state))


@pytest.mark.parametrize(("game", "moves"), [("whist", "plays"), ("militac", "moves")])
def test_a_kept_deal_that_no_longer_replays_is_dealt_afresh(game, moves):
    """A deal kept in the session whose moves the rules now refuse is dealt again on reload,
    never a server error."""
    client = Client()
    tab = Tab(client, game, 77)
    tab.start()
    session = client.session
    for stored in session[tables.SESSION_KEY].values():
        stored[moves] = ["play ZZ"] if game != "whist" else ["ZZ"]
    session.save()
    resumed = tab.start(resume=True)
    assert resumed["deal"] == 77 and resumed["finished"] is False
