"""The practice room's landing page, rules pages and the Militac and Militaire JSON interface."""

from __future__ import annotations

import json

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def post(client: Client, game: str, name: str, body: dict):
    return client.post(
        f"/practice/{game}/api/{name}/", json.dumps(body), content_type="application/json"
    )


def start(client: Client, game: str, deal: int, **options) -> dict:
    response = post(client, game, "start", {"deal": deal, **options})
    assert response.status_code == 200
    return response.json()


def test_the_practice_room_offers_the_three_games():
    """/practice/ lists Military Whist, Militac and Militaire, each with a link to play."""
    page = Client().get("/practice/").content.decode()
    for name in ("Play Military Whist", "Play Militac", "Play Militaire"):
        assert name in page
    assert 'href="/practice/militac/rules/"' in page


@pytest.mark.parametrize("game", ["militac", "militaire"])
def test_a_table_without_a_deal_redirects_to_a_shareable_deal(game):
    """Opening a game's table sends the player to an address naming the deal."""
    response = Client().get(f"/practice/{game}/")
    assert response.status_code == 302
    assert f"/practice/{game}/?deal=" in response["Location"]


@pytest.mark.parametrize("game", ["militac", "militaire"])
def test_the_rules_page_lists_the_decisions_taken_where_the_book_is_silent(game):
    """Each game's rules page has its section of decisions where the texts are silent."""
    page = Client().get(f"/practice/{game}/rules/").content.decode()
    assert "Where the" in page and "silent" in page


def test_an_unknown_game_is_not_found():
    """A game the room does not offer answers 404, not an error."""
    assert Client().get("/practice/bridge/").status_code == 404
    assert post(Client(), "bridge", "start", {"deal": 1}).status_code == 404


@pytest.mark.parametrize("game", ["militac", "militaire"])
def test_a_bad_deal_number_is_refused_with_a_message(game):
    """A deal number out of range is refused with a message naming the range."""
    response = post(Client(), game, "start", {"deal": "abc"})
    assert response.status_code == 400
    assert "deal number" in response.json()["error"]


def test_militac_the_same_deal_gives_the_same_cards():
    """The same deal number deals South the same hand in a new session."""
    first = start(Client(), "militac", 42)
    second = start(Client(), "militac", 42)
    assert [c["code"] for c in first["hand"]] == [c["code"] for c in second["hand"]]
    assert first["bids"] == second["bids"]


def test_militac_a_bid_that_does_not_beat_the_last_is_refused():
    """A bid no higher than the bid before it is refused, and the bidding is unchanged."""
    client = Client()
    for deal in range(1, 200):
        state = start(client, "militac", deal)
        if state["phase"] == "bidding" and any(b["text"].startswith("bids") for b in state["bids"]):
            break
    response = post(client, "militac", "move", {"move": "bid 6I"})
    assert response.status_code == 400
    assert "must beat" in response.json()["error"]
    assert response.json()["bids"] == state["bids"]


def test_militac_a_card_out_of_the_led_company_is_refused_when_south_can_follow():
    """Playing another company while holding the company led is refused with the reason."""
    client = Client()
    for deal in range(1, 300):
        state = start(client, "militac", deal)
        while state["phase"] == "bidding" and state["turn"] == "S":
            state = post(client, "militac", "move", {"move": "pass"}).json()
        if state["phase"] == "play" and any(not c["legal"] for c in state["hand"]):
            break
    illegal = next(c["code"] for c in state["hand"] if not c["legal"])
    response = post(client, "militac", "move", {"move": f"play {illegal}"})
    assert response.status_code == 400
    assert "must follow the company led" in response.json()["error"]


@pytest.mark.parametrize(
    "move", ["", "fly away", "play ZZ", "bid 13E", "discard I1", "play", 7, None]
)
def test_militac_nonsense_moves_get_a_message_not_an_error(move):
    """Any malformed move is refused with status 400 and a message."""
    client = Client()
    start(client, "militac", 5)
    response = post(client, "militac", "move", {"move": move})
    assert response.status_code == 400
    assert response.json()["error"]


def test_militac_a_whole_deal_through_the_api_ends_with_the_book_score():
    """Playing South's first legal move each time reaches the end and the summary's score."""
    client = Client()
    state = start(client, "militac", 11, level="strong")
    while not state["finished"]:
        if state["phase"] == "bidding":
            move = f"bid {state['bid_options'][0]['code']}" if state["bid_options"] else "pass"
        else:
            verb = "discard" if state["phase"] == "aide" else "play"
            move = f"{verb} {next(c['code'] for c in state['hand'] if c['legal'])}"
        state = post(client, "militac", "move", {"move": move}).json()
    assert state["squads"]["NS"] + state["squads"]["EW"] == 12
    assert state["summary"]["NS"] + state["summary"]["EW"] > 0


def test_militaire_moves_out_of_order_are_refused():
    """Discarding before drawing, or drawing twice, is refused with a message."""
    client = Client()
    state = start(client, "militaire", 8)
    assert state["your_turn"] and state["phase"] == "draw"
    response = post(client, "militaire", "move", {"move": f"discard {state['hand'][0]['code']}"})
    assert response.status_code == 400
    assert "draw" in response.json()["error"]
    post(client, "militaire", "move", {"move": "draw stock"})
    response = post(client, "militaire", "move", {"move": "draw stock"})
    assert response.status_code == 400


def test_militaire_a_meld_that_is_not_a_set_or_run_is_refused():
    """Three cards that are neither a set nor a run are refused, naming what a meld is."""
    client = Client()
    state = start(client, "militaire", 3)
    state = post(client, "militaire", "move", {"move": "draw stock"}).json()
    codes = [c["code"] for c in state["hand"]]
    for a in range(len(codes)):
        for b in range(a + 1, len(codes)):
            for c in range(b + 1, len(codes)):
                response = post(
                    client, "militaire", "move", {"move": f"meld {codes[a]} {codes[b]} {codes[c]}"}
                )
                if response.status_code == 400:
                    assert "not a meld" in response.json()["error"]
                    assert [x["code"] for x in response.json()["hand"]] == codes
                    return
    raise AssertionError("every three cards made a meld")


@pytest.mark.parametrize("move", ["", "meld", "meld XX YY ZZ", "discard 99", "draw sky", 3])
def test_militaire_nonsense_moves_get_a_message_not_an_error(move):
    """Any malformed move is refused with status 400 and a message."""
    client = Client()
    start(client, "militaire", 6, pack="army")
    post(client, "militaire", "move", {"move": "draw stock"})
    response = post(client, "militaire", "move", {"move": move})
    assert response.status_code == 400
    assert response.json()["error"]


def test_militaire_a_round_played_through_the_api_scores_every_player():
    """Drawing and discarding to the end of a round gives a score line for each player."""
    client = Client()
    state = start(client, "militaire", 21, pack="army", players=3, level="strong")
    assert len(state["names"]) == 3
    while not state["round_over"]:
        state = post(client, "militaire", "move", {"move": "draw stock"}).json()
        if state["round_over"]:
            break
        code = next(c["code"] for c in state["hand"] if c["discard"])
        state = post(client, "militaire", "move", {"move": f"discard {code}"}).json()
    assert len(state["rounds"]) == 1
    assert len(state["rounds"][0]["points"]) == 3
    assert state["totals"] == state["rounds"][0]["points"]
