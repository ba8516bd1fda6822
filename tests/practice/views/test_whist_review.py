"""The whist table as a coach: a hint names the expert's card and why, undo takes a card back,
and the review after the hand shows the four hands, every trick and each card's cost."""

from __future__ import annotations

import pytest
from django.test import Client

from practice.games.whist.ai import BasicPlayer
from practice.games.whist.cards import Seat, Suit
from practice.games.whist.game import Game, new_deal
from practice.games.whist.search import StrongPlayer
from practice.views import whist_review
from tests.practice.tabs import Tab, first_legal

pytestmark = pytest.mark.django_db


def play_out(tab: Tab, state: dict) -> dict:
    while not state["finished"]:
        state = tab.send("play", card=first_legal(state))
    return state


def costs(tab: Tab) -> dict:
    """The review's costs, asking again while they are still being worked out."""
    for _ in range(20):
        response = tab.get("review")
        if response.status_code == 200:
            return response.json()
        assert response.status_code == 202
    raise AssertionError("the review never came")


def test_a_hint_names_the_card_the_expert_would_play_and_why():
    """The hint is the strong player's own card for South's position, with a rule of thumb and
    the layouts it won in; asking changes nothing but the count of hints."""
    pytest.importorskip("endplay")
    tab = Tab(Client(), "whist", 2024)
    state = tab.start()
    answer = tab.send("hint")
    game = Game(new_deal(2024))  # the computers play the club player's cards up to South
    while game.turn != Seat.SOUTH:
        game.play(BasicPlayer().choose(game.view()))
    expected = StrongPlayer(2024).choose(game.view())
    assert answer["hint"]["card"] == expected.code
    assert answer["hint"]["card"] in [c["code"] for c in state["hand"] if c["legal"]]
    assert answer["hint"]["text"].startswith("Play the ")
    assert answer["made"] == state["made"] and answer["helped"]["hints"] == 1


def test_undo_takes_back_the_players_card_and_the_computers_after_it():
    """After South's card and the computers' answers, Undo brings back the position before
    South's card: the same hand, the same trick so far, South to play."""
    tab = Tab(Client(), "whist", 31)
    before = tab.start()
    tab.send("play", card=first_legal(before))
    after = tab.send("undo")
    assert after["hand"] == before["hand"] and after["trick"] == before["trick"]
    assert after["made"] == before["made"] and after["turn"] == "S"
    assert after["helped"]["undos"] == 1 and after["can_undo"] is False


def test_undo_is_refused_before_the_first_card_and_after_the_last():
    """Nothing of South's to take back, or a finished hand: refused with the reason."""
    tab = Tab(Client(), "whist", 32)
    state = tab.start()
    response = tab.post("undo")
    assert response.status_code == 400 and "no card yet" in response.json()["error"]
    play_out(tab, state)
    response = tab.post("undo")
    assert response.status_code == 400 and "hand is over" in response.json()["error"]


def test_the_review_shows_the_four_hands_and_every_trick():
    """A finished hand's state holds the four hands as dealt (13 cards each, every card once)
    and the 13 tricks in order, each with its leader and winner."""
    tab = Tab(Client(), "whist", 21)
    review = play_out(tab, tab.start())["review"]
    hands = {hand["seat"]: hand["cards"] for hand in review["hands"]}
    assert list(hands) == ["N", "W", "E", "S"]
    assert sorted(c["code"] for cards in hands.values() for c in cards) == sorted(
        {c["code"] for cards in hands.values() for c in cards}
    )
    assert all(len(cards) == 13 for cards in hands.values())
    assert [t["number"] for t in review["tricks"]] == list(range(1, 14))
    assert all(len(t["plays"]) == 4 and t["winner"] in "NESW" for t in review["tricks"])
    assert review["helped"] == ""


def test_each_cards_cost_adds_up_to_the_difference_from_double_dummy():
    """North-South's tricks are what the cards allowed, less the costs of North's and South's
    cards, plus the costs of East's and West's; the sentences sum them up."""
    pytest.importorskip("endplay")
    tab = Tab(Client(), "whist", 22)
    state = play_out(tab, tab.start())
    review = costs(tab)
    lost = {seat: 0 for seat in "NESW"}
    for trick, marks in zip(state["review"]["tricks"], review["costs"], strict=True):
        for play, cost in zip(trick["plays"], marks, strict=True):
            assert cost >= 0
            lost[play["seat"]] += cost
    taken = state["summary"]["ns_tricks"]
    assert taken == review["par"] - lost["N"] - lost["S"] + lost["E"] + lost["W"]
    assert review["par_text"].endswith(f"you took {taken}.")
    assert f"North {lost['N']}, East {lost['E']}, West {lost['W']}" in review["computers"]
    if lost["S"]:
        assert review["you"].startswith(f"Your play cost {lost['S']} trick")
        assert "instead of" in review["you"]
    else:
        assert review["you"].startswith("Every card you played was one of the best")


def test_a_costly_card_names_the_better_cards():
    """South's card that cost a trick is named with its trick and the cards that were best."""
    pytest.importorskip("endplay")
    for deal in range(40, 80):
        tab = Tab(Client(), "whist", deal)
        play_out(tab, tab.start())
        review = costs(tab)
        if "Your play cost" in review["you"]:
            break
    else:
        raise AssertionError("the first legal card each time never cost a trick")
    assert "trick " in review["you"] and " instead of " in review["you"]


def test_a_hand_played_with_help_says_so_in_its_review():
    """A hint and a card taken back are both named in the review."""
    pytest.importorskip("endplay")
    tab = Tab(Client(), "whist", 33)
    state = tab.start()
    tab.send("hint")
    tab.send("play", card=first_legal(state))
    state = tab.send("undo")
    review = play_out(tab, state)["review"]
    assert review["helped"] == "You played this hand with help: 1 hint and 1 card taken back."


def test_without_the_solver_the_review_says_costs_need_it(monkeypatch):
    """On a Python without endplay the review still shows hands and tricks, and says that each
    card's cost needs the expert level's solver."""
    from practice.views import whist as views

    monkeypatch.setattr(views, "endplay_available", lambda: False)
    monkeypatch.setattr(whist_review, "endplay_available", lambda: False)
    tab = Tab(Client(), "whist", 23)
    state = play_out(tab, tab.start())
    assert len(state["review"]["tricks"]) == 13
    answer = tab.get("review").json()
    assert "needs the double-dummy solver" in answer["missing"]


def test_a_review_whose_solving_fails_says_the_costs_are_unavailable(monkeypatch):
    """Should the solver break on a hand, the review answers that its costs could not be
    worked out, not a server error."""

    def broken(game, pool):
        raise RuntimeError("the solver's worker died")

    from practice.views import whist as views

    monkeypatch.setattr(views, "endplay_available", lambda: True)
    monkeypatch.setattr(whist_review, "endplay_available", lambda: True)
    monkeypatch.setattr(whist_review, "review_hand", broken)
    tab = Tab(Client(), "whist", 26)
    play_out(tab, tab.start())
    response = tab.get("review")
    assert response.status_code == 200
    assert "could not be worked out" in response.json()["missing"]


def test_the_review_of_a_hand_not_over_is_refused():
    """Asking for the costs mid-hand gets a message, not a wait."""
    tab = Tab(Client(), "whist", 24)
    tab.start()
    response = tab.get("review")
    assert response.status_code == 400 and "not over" in response.json()["error"]


def test_a_hints_reason_reads_as_the_readme_quotes_it():
    """Second hand low is explained as a club player says it."""
    from practice.views.whist_words import principle_words

    assert principle_words("second hand low") == (
        "Second hand low: your partner still plays after you."
    )


def finished_with_south_leading() -> Game:
    """A hand the club players played out, in which South led the first trick."""
    from practice.games.whist.ai import play_hand

    seed = next(s for s in range(1, 200) if new_deal(s).first_leader == Seat.SOUTH)
    game = Game(new_deal(seed))
    play_hand(game, {seat: BasicPlayer() for seat in Seat})
    return game


def test_a_costly_card_is_summed_up_with_the_suit_or_the_cards_that_were_best():
    """South's costly lead is named with its trick and, where every card of a suit was best,
    that suit ("instead of a card of hearts"); otherwise the best cards themselves."""
    game = finished_with_south_leading()
    led = game.plays[0]
    other = next(
        s
        for s in Suit
        if s != led.suit and sum(c.suit == s for c in game.deal.hands[Seat.SOUTH]) > 1
    )
    suit_cards = [c for c in game.deal.hands[Seat.SOUTH] if c.suit == other]
    numbers = {"par": 7, "costs": [1] + [0] * 51, "better": {"0": [c.code for c in suit_cards]}}
    face = f"{led.label}"
    said = whist_review.words(game, numbers)["you"]
    assert said == f"Your play cost 1 trick: trick 1, {face} instead of a card of {other.word}."
    numbers["better"] = {"0": [suit_cards[0].code]}
    said = whist_review.words(game, numbers)["you"]
    assert said == f"Your play cost 1 trick: trick 1, {face} instead of the {suit_cards[0].label}."
