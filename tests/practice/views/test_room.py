"""The practice room's landing page, rules pages and the Militac and Militaire JSON interface."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.practice.tabs import Tab

pytestmark = pytest.mark.django_db


def start(client: Client, game: str, deal: int, **options) -> dict:
    return Tab(client, game, deal, **options).start()


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
    assert Tab(Client(), "bridge", 1).post("start").status_code == 404


@pytest.mark.parametrize("game", ["militac", "militaire"])
def test_a_bad_deal_number_is_refused_with_a_message(game):
    """A deal number out of range is refused with a message naming the range."""
    response = Tab(Client(), game, "abc").post("start")
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
    for deal in range(1, 200):
        tab = Tab(Client(), "militac", deal)
        state = tab.start()
        if state["phase"] == "bidding" and any(b["text"].startswith("bids") for b in state["bids"]):
            break
    response = tab.post("move", {"move": "bid 6I"})
    assert response.status_code == 400
    assert "must beat" in response.json()["error"]
    assert response.json()["bids"] == state["bids"]


def test_militac_a_card_out_of_the_led_company_is_refused_when_south_can_follow():
    """Playing another company while holding the company led is refused with the reason."""
    for deal in range(1, 300):
        tab = Tab(Client(), "militac", deal)
        state = tab.start()
        while state["phase"] == "bidding" and state["turn"] == "S":
            state = tab.send("move", move="pass")
        if state["phase"] == "play" and any(not c["legal"] for c in state["hand"]):
            break
    illegal = next(c["code"] for c in state["hand"] if not c["legal"])
    response = tab.post("move", {"move": f"play {illegal}"})
    assert response.status_code == 400
    assert "must follow the company led" in response.json()["error"]


@pytest.mark.parametrize(
    "move", ["", "fly away", "play ZZ", "bid 13E", "discard I1", "play", 7, None]
)
def test_militac_nonsense_moves_get_a_message_not_an_error(move):
    """Any malformed move is refused with status 400 and a message."""
    tab = Tab(Client(), "militac", 5)
    tab.start()
    response = tab.post("move", {"move": move})
    assert response.status_code == 400
    assert response.json()["error"]


@pytest.mark.parametrize("game", ["militac", "militaire"])
def test_a_move_of_100000_characters_is_refused_without_being_echoed(game):
    """A move far longer than any real one is refused with "Name a move." and a short answer
    (it once came back whole inside the message: 104 KB)."""
    tab = Tab(Client(), game, 6, **({"pack": "army"} if game == "militaire" else {}))
    tab.start()
    response = tab.post("move", {"move": "{" * 100_000})
    assert response.status_code == 400
    assert response.json()["error"] == "Name a move."
    assert len(response.content) < 10_000


def militac_played_through(tab: Tab) -> dict:
    """The deal played to its end through the API, South making its first legal move each time
    (the lowest bid, else a pass), as a player clicking the first button would; the last state."""
    state = tab.start()
    while not state["finished"]:
        if state["phase"] == "bidding":
            move = f"bid {state['bid_options'][0]['code']}" if state["bid_options"] else "pass"
        else:
            verb = "discard" if state["phase"] == "aide" else "play"
            move = f"{verb} {next(c['code'] for c in state['hand'] if c['legal'])}"
        state = tab.send("move", move=move)
    return state


def test_militac_a_whole_deal_through_the_api_ends_with_the_book_score():
    """Playing South's first legal move each time reaches the end and the summary's score."""
    state = militac_played_through(Tab(Client(), "militac", 11, level="strong"))
    assert state["squads"]["NS"] + state["squads"]["EW"] == 12
    assert state["summary"]["NS"] + state["summary"]["EW"] > 0


def test_militaire_moves_out_of_order_are_refused():
    """Discarding before drawing, or drawing twice, is refused with a message."""
    tab = Tab(Client(), "militaire", 8)
    state = tab.start()
    assert state["your_turn"] and state["phase"] == "draw"
    response = tab.post("move", {"move": f"discard {state['hand'][0]['code']}"})
    assert response.status_code == 400
    assert "draw" in response.json()["error"]
    tab.send("move", move="draw stock")
    response = tab.post("move", {"move": "draw stock"})
    assert response.status_code == 400


def test_militaire_a_meld_that_is_not_a_set_or_run_is_refused():
    """Three cards that are neither a set nor a run are refused, naming what a meld is."""
    tab = Tab(Client(), "militaire", 3)
    tab.start()
    state = tab.send("move", move="draw stock")
    codes = [c["code"] for c in state["hand"]]
    for a in range(len(codes)):
        for b in range(a + 1, len(codes)):
            for c in range(b + 1, len(codes)):
                response = tab.post("move", {"move": f"meld {codes[a]} {codes[b]} {codes[c]}"})
                if response.status_code == 400:
                    assert "not a meld" in response.json()["error"]
                    assert [x["code"] for x in response.json()["hand"]] == codes
                    return
    raise AssertionError("every three cards made a meld")


@pytest.mark.parametrize("move", ["", "meld", "meld XX YY ZZ", "discard 99", "draw sky", 3])
def test_militaire_nonsense_moves_get_a_message_not_an_error(move):
    """Any malformed move is refused with status 400 and a message."""
    tab = Tab(Client(), "militaire", 6, pack="army")
    tab.start()
    tab.send("move", move="draw stock")
    response = tab.post("move", {"move": move})
    assert response.status_code == 400
    assert response.json()["error"]


def test_militaire_a_round_played_through_the_api_scores_every_player():
    """Drawing and discarding to the end of a round gives a score line for each player."""
    tab = Tab(Client(), "militaire", 21, pack="army", players=3, level="strong")
    state = tab.start()
    assert len(state["names"]) == 3
    while not state["round_over"]:
        state = tab.send("move", move="draw stock")
        if state["round_over"]:
            break
        code = next(c["code"] for c in state["hand"] if c["discard"])
        state = tab.send("move", move=f"discard {code}")
    assert len(state["rounds"]) == 1
    assert len(state["rounds"][0]["points"]) == 3
    assert state["totals"] == state["rounds"][0]["points"]


def test_militac_the_review_shows_every_squad_and_explains_the_bid():
    """After the deal: the twelve squads in order, each marked as North-South's or not, and
    sentences on the Aide, the commanding company and the bid's points."""
    state = militac_played_through(Tab(Client(), "militac", 11, level="strong"))
    review = state["summary"]["review"]
    assert [squad["number"] for squad in review["squads"]] == list(range(1, 13))
    assert all(len(squad["plays"]) == 4 for squad in review["squads"])
    assert all(squad["ours"] == (squad["winner"] in "NS") for squad in review["squads"])
    assert sum(squad["ours"] for squad in review["squads"]) == state["squads"]["NS"]
    aide, command, bid = review["lines"]
    assert aide.startswith("The Aide was the ")
    assert "commanded" in command or "Combined forces" in command
    assert "needed" in bid and ("Made" in bid or "Set" in bid)


def test_militaire_each_round_keeps_every_players_melds_and_how_they_scored():
    """A finished round lists each player's melds with their points, and how the player who
    went out made the bonus."""
    tab = Tab(Client(), "militaire", 21, pack="army", players=3, level="strong")
    state = tab.start()
    while not state["round_over"]:
        state = tab.send("move", move="draw stock")
        if state["round_over"]:
            break
        code = next(c["code"] for c in state["hand"] if c["discard"])
        state = tab.send("move", move=f"discard {code}")
    (round_one,) = state["rounds"]
    assert [p["points"] for p in round_one["players"]] == round_one["points"]
    for player in round_one["players"]:
        melded = sum(meld["points"] for meld in player["melds"])
        assert player["line"].startswith(f"{melded} points melded")
    if round_one["winner"] is not None:
        assert "bonus for going out" in round_one["players"][round_one["winner"]]["line"]


@pytest.mark.parametrize(
    ("totals", "sentence"),
    [
        ([510, 10, 20, 30], "Game over: you win."),
        ([10, 520, 20, 30], "Game over: West wins."),
        ([505, 505, 20, 30], "Game over: You and West share the win."),
    ],
)
def test_militaire_game_over_names_the_winner_in_good_english(totals, sentence):
    """The end of a game says "you win" to the player, never "You wins"."""
    from practice.games.militaire.game import GAME_OVER, Game, RoundResult
    from practice.views import militaire

    game = Game(7)
    game.results = [RoundResult(None, totals)]
    game.phase = GAME_OVER
    stored = {"level": "basic"}
    assert militaire.state(game, stored, [])["game_over"] == sentence
