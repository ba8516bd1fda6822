"""A hint's reason: the rule of thumb a card follows in its position, in a club player's terms."""

from __future__ import annotations

import pytest

from practice.games.whist.ai import BasicPlayer, Knowledge
from practice.games.whist.cards import Card, Seat, Suit
from practice.games.whist.hint import PRINCIPLES, advise, principle_of
from tests.practice.games.whist.test_ai import view


def reason(position, card: str) -> str:
    return principle_of(position, Knowledge(position), Card.parse(card))


@pytest.mark.parametrize(
    ("position", "card", "principle"),
    [
        (view(Seat.NORTH, "KH 3H 7D 4C", leader=Seat.WEST, trick="5H"), "3H", "second hand low"),
        (view(Seat.NORTH, "KH 3H 7D 4C", leader=Seat.WEST, trick="5H"), "KH", "win now"),
        (view(Seat.SOUTH, "KD 9D 2D", leader=Seat.NORTH, trick="4D 6D"), "KD", "third hand high"),
        (view(Seat.WEST, "AS JS 3S", leader=Seat.SOUTH, trick="4S TS 6S"), "JS", "win cheaply"),
        (view(Seat.WEST, "AH 2H 4C", leader=Seat.NORTH, trick="5H KH 7H"), "2H", "partner winning"),
        (view(Seat.WEST, "9S 2S 5D", leader=Seat.NORTH, trick="AC 4C 3C"), "2S", "ruff"),
        (view(Seat.WEST, "9S 2S 5D", leader=Seat.NORTH, trick="AC 4C 3C"), "5D", "discard"),
        (view(Seat.WEST, "4H 2H", leader=Seat.NORTH, trick="5H 7H KH"), "2H", "cannot win"),
        (view(Seat.WEST, "AH 2H", leader=Seat.NORTH, trick="5H 7H KH"), "2H", "duck"),
        (view(Seat.SOUTH, "AS KS 3S 7D", leader=Seat.SOUTH), "AS", "draw trumps"),
        (view(Seat.SOUTH, "AH 3H 7D", leader=Seat.SOUTH, trump=None), "AH", "cash a winner"),
        (view(Seat.SOUTH, "KH QH 3H 7D", leader=Seat.SOUTH, trump=None), "KH", "top of a sequence"),
        (view(Seat.SOUTH, "9H 7H 5H 3H 7D", leader=Seat.SOUTH, trump=None), "5H", "long suit"),
        (view(Seat.SOUTH, "9H 3H 7D 2C", leader=Seat.SOUTH, trump=None), "3H", "lead low"),
    ],
)
def test_each_card_is_explained_by_the_rule_it_follows(position, card, principle):
    """Second hand low, third hand high, win cheaply, ruff, draw trumps and the rest."""
    assert reason(position, card) == principle


def test_a_lone_legal_card_is_the_only_card():
    """With one card of the suit led, the hint says it is the only card to play."""
    position = view(Seat.SOUTH, "4H 7D 2C", leader=Seat.NORTH, trick="5H", trump=None)
    assert advise(position) == advise(position).__class__(Card.parse("4H"), "only card")


def test_without_the_solver_the_hint_is_the_club_players_card():
    """Without a strong player, the hint plays the basic player's card and counts no layouts."""
    position = view(Seat.NORTH, "KH 3H 7D 4C", leader=Seat.WEST, trick="5H", trump=Suit.SPADES)
    advice = advise(position)
    assert advice.card == BasicPlayer().choose(position)
    assert advice.principle in PRINCIPLES and advice.layouts == 0 and advice.best_in == 0


class Seen:
    """A stand-in for the strong player: its card and what its search saw."""

    def advise(self, position):
        return Card.parse("KH"), 20, {Card.parse("KH"): 14, Card.parse("3H"): 6}


def test_the_hint_keeps_what_the_search_saw_for_its_card():
    """With the strong player's search, the hint counts the layouts its card was best in."""
    position = view(Seat.NORTH, "KH 3H 7D 4C", leader=Seat.WEST, trick="5H")
    advice = advise(position, Seen())
    assert (advice.card.code, advice.principle, advice.layouts, advice.best_in) == (
        "KH",
        "win now",
        20,
        14,
    )
