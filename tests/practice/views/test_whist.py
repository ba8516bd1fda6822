"""The practice player's page and JSON interface: the server owns the hand."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tests.practice.tabs import Tab, first_legal

pytestmark = pytest.mark.django_db


def start(client: Client, deal: int, **options) -> dict:
    return Tab(client, "whist", deal, **options).start()


def deal_with_illegal_card(client: Client) -> tuple[Tab, dict]:
    """Start deals until South must follow suit while holding a card of another suit."""
    for deal in range(1, 200):
        tab = Tab(client, "whist", deal)
        state = tab.start()
        if any(not card["legal"] for card in state["hand"]):
            return tab, state
    raise AssertionError("no deal found where South must follow suit")


def test_page_without_a_deal_redirects_to_a_shareable_deal():
    """Opening the whist table without a deal sends the player to an address naming one."""
    response = Client().get("/practice/?level=basic")
    assert response.status_code == 302
    assert "/practice/?deal=" in response["Location"]


def test_page_shows_the_card_table_for_the_deal():
    """The page for a deal names the deal and loads the table script."""
    response = Client().get("/practice/?deal=42")
    assert response.status_code == 200
    body = response.content.decode()
    assert "Practice hand 42" in body
    assert "practice/practice.js" in body


def test_start_deals_south_thirteen_cards_and_waits_for_south():
    """Starting a deal gives South 13 cards and plays the computer seats up to South's turn."""
    state = start(Client(), 7)
    assert len(state["hand"]) == 13
    assert state["turn"] == "S"
    assert [step["seat"] for step in state["steps"]] == [p["seat"] for p in state["trick"]["plays"]]


def test_the_same_deal_number_deals_the_same_cards():
    """A deal's address replays the same cards, trump and dealer."""
    first, second = start(Client(), 314), start(Client(), 314)
    assert first["hand"] == second["hand"]
    assert first["trump"] == second["trump"]
    assert first["dealer"] == second["dealer"]


def test_a_fixed_trump_is_used_for_the_deal():
    """Asking for no-trump gives a no-trump hand."""
    assert start(Client(), 5, trump="NT")["trump"]["code"] == "NT"


def test_a_legal_card_is_played_and_the_computer_answers():
    """South's legal card leaves the hand and the computer plays on to South's next turn."""
    tab = Tab(Client(), "whist", 11)
    state = tab.start()
    card = first_legal(state)
    response = tab.post("play", {"card": card})
    assert response.status_code == 200
    after = response.json()
    assert card not in [c["code"] for c in after["hand"]]
    assert after["steps"][0] == {**after["steps"][0], "seat": "S"}
    assert after["turn"] == "S"


def test_a_card_that_fails_to_follow_suit_is_refused_and_nothing_changes():
    """An illegal card posted to the API gets a 400 and the hand in play is unchanged."""
    client = Client()
    tab, state = deal_with_illegal_card(client)
    before = client.session["practice_tables"]
    illegal = next(card["code"] for card in state["hand"] if not card["legal"])
    response = tab.post("play", {"card": illegal})
    assert response.status_code == 400
    assert "follow suit" in response.json()["error"]
    assert client.session["practice_tables"] == before
    assert tab.post("state").status_code == 405
    assert tab.get("state").json()["hand"] == state["hand"]


def test_a_card_south_does_not_hold_is_refused():
    """A card from another player's hand is refused."""
    tab = Tab(Client(), "whist", 12)
    state = tab.start()
    held = {card["code"] for card in state["hand"]}
    other = next(code for code in ("AS", "KS", "QS", "JS", "TS") if code not in held)
    response = tab.post("play", {"card": other})
    assert response.status_code == 400
    assert "does not hold" in response.json()["error"]


def test_nonsense_card_is_refused():
    """A body that names no card gets a 400, not a server error."""
    tab = Tab(Client(), "whist", 13)
    tab.start()
    assert tab.post("play", {"card": "ZZ"}).status_code == 400


def test_playing_without_a_hand_in_play_is_refused():
    """Posting a card for a deal this browser never started gets a 404 that says so."""
    response = Tab(Client(), "whist", 5).post("play", {"card": "AS"})
    assert response.status_code == 404
    assert "not in play in this browser" in response.json()["error"]


def test_a_card_that_names_no_deal_is_refused():
    """A card posted without its deal number is refused with a message, never played."""
    client = Client()
    Tab(client, "whist", 5).start()
    response = client.post(
        "/practice/api/play/", json.dumps({"card": "AS"}), content_type="application/json"
    )
    assert response.status_code == 400 and "deal number" in response.json()["error"]


def test_the_api_keeps_csrf_protection():
    """A card posted without the CSRF token is refused."""
    client = Client(enforce_csrf_checks=True)
    response = Tab(client, "whist", 3).post("start")
    assert response.status_code == 403


def test_a_whole_hand_ends_with_the_flags_summary():
    """Playing the first legal card each time reaches the end with 13 tricks and a summary."""
    tab = Tab(Client(), "whist", 21)
    state = tab.start()
    while not state["finished"]:
        state = tab.send("play", card=first_legal(state))
    assert state["tricks"]["ns"] + state["tricks"]["ew"] == 13
    assert state["summary"]["ns_tricks"] == state["tricks"]["ns"]
    assert state["hand"] == []
    assert tab.post("play", {"card": "AS"}).status_code == 400


def test_resume_carries_on_the_hand_in_play():
    """Reloading the page resumes the same hand; Replay deals it afresh."""
    tab = Tab(Client(), "whist", 99)
    state = tab.start()
    tab.send("play", card=first_legal(state))
    resumed = tab.start(resume=True)
    assert len(resumed["hand"]) == 12
    assert len(tab.start()["hand"]) == 13


def test_the_strong_level_plays_the_computer_seats():
    """With the expert level chosen, the computer seats still play legal cards to South's turn."""
    pytest.importorskip("endplay")
    tab = Tab(Client(), "whist", 8, level="strong")
    state = tab.start()
    assert state["level"] == "strong"
    for _ in range(3):
        state = tab.send("play", card=first_legal(state))
        assert state["turn"] == "S"
    assert len(state["hand"]) == 10


def test_the_state_says_who_deals_and_who_visits():
    """Odd deals make North-South the visitors, even deals the defenders; the dealer is named."""
    odd, even = start(Client(), 11), start(Client(), 12)
    assert odd["briefing"]["visitors"] == "NS" and "visitors" in odd["briefing"]["task"]
    assert even["briefing"]["visitors"] == "EW" and "defenders" in even["briefing"]["task"]
    assert odd["briefing"]["dealer"] in ("North", "East", "South", "West")


def test_the_last_trick_can_be_looked_at():
    """After South's first card the state holds the finished first trick and its winner."""
    tab = Tab(Client(), "whist", 11)
    state = tab.start()
    after = tab.send("play", card=first_legal(state))
    last = after["last_trick"]
    assert len(last["plays"]) == 4 and last["winner"] in "NESW"
    assert state["last_trick"] is None


def play_over_http(base: str, deal: int, tricks: int) -> list[str]:
    """One player at the strong level through the live server; the cards played, in order."""
    import http.cookiejar
    import urllib.request

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(f"{base}/practice/?deal={deal}&level=strong").read()
    token = next(cookie.value for cookie in jar if cookie.name == "csrftoken")

    def call(name: str, body: dict) -> dict:
        request = urllib.request.Request(  # noqa: S310  # the live server on loopback
            f"{base}/practice/api/{name}/",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "X-CSRFToken": token},
        )
        return json.loads(opener.open(request).read())

    state = call("start", {"deal": deal, "level": "strong"})
    played = [step["card"]["code"] for step in state["steps"]]
    while state["trick_number"] <= tricks and not state["finished"]:
        state = call("play", {"deal": deal, "level": "strong", "card": first_legal(state)})
        played += [step["card"]["code"] for step in state["steps"]]
    return played


@pytest.mark.django_db(transaction=True)
def test_eight_players_at_once_get_the_play_one_player_gets(live_server):
    """Eight people playing the strong level at once each see the computer play as a lone player."""
    pytest.importorskip("endplay")
    import threading

    deals = [31 + player for player in range(8)]
    alone = {deal: play_over_http(live_server.url, deal, 2) for deal in deals[:2]}
    together: dict[int, list[str]] = {}

    def player(deal: int) -> None:
        together[deal] = play_over_http(live_server.url, deal, 2)

    threads = [threading.Thread(target=player, args=(deal,)) for deal in deals]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(together) == deals
    assert all(together[deal] == played for deal, played in alone.items())


def test_without_the_solver_the_page_says_the_expert_level_is_missing(client, monkeypatch):
    """On a Python without endplay the practice page says in plain words that the expert level
    is not there and the computer plays as a club player."""
    from practice.views import whist as practice

    monkeypatch.setattr(practice, "endplay_available", lambda: False)
    page = client.get("/practice/?deal=5&level=strong").content.decode()
    assert 'id="expert-missing"' in page and "plays as a club player" in page
