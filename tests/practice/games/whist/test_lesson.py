"""What a practice hand teaches: who visits, what the tricks are worth, what the cards allowed."""

from __future__ import annotations

import pytest

from practice.games.whist.cards import DECK, Seat, Suit
from practice.games.whist.game import Deal, Outcome, new_deal
from practice.games.whist.lesson import briefing, flags_text, par_north_south, par_text


def test_the_visitors_alternate_by_deal():
    """North-South visit on odd deals and defend on even ones."""
    assert briefing(new_deal(11))["visitors"] == "NS"
    assert briefing(new_deal(12))["visitors"] == "EW"


def test_the_briefing_names_the_dealer_the_leader_and_the_target():
    """Before the hand the player learns who deals, who leads and how many tricks win flags."""
    deal = new_deal(3, trump="H")
    brief = briefing(deal)
    assert brief["dealer"] == deal.dealer.word
    assert brief["leader"] == deal.dealer.next().word
    assert brief["trump"] == "Hearts"
    assert "7 tricks win one flag, 10 win two" in brief["task"]


@pytest.mark.parametrize(
    ("seed", "ns_tricks", "flags", "words"),
    [
        (1, 10, 2, "2 flags from East-West's table to yours"),
        (1, 7, 1, "1 flag from East-West's table to yours"),
        (1, 6, 0, "the defenders keep their flags"),
        (2, 3, 2, "2 flags leave your table"),
        (2, 5, 1, "1 flag leaves your table"),
        (2, 7, 0, "no flag leaves your table"),
    ],
)
def test_the_flags_the_hand_would_move(seed, ns_tricks, flags, words):
    """The summary says the flags that would move, as visitors or as defenders."""
    moved, text = flags_text(new_deal(seed), Outcome(ns_tricks, 13 - ns_tricks))
    assert moved == flags
    assert words in text


def one_suit_each(dealer: Seat) -> Deal:
    """North all spades, East all hearts, South all diamonds, West all clubs, at no-trump."""
    suits = {Seat.NORTH: Suit.SPADES, Seat.EAST: Suit.HEARTS, Seat.SOUTH: Suit.DIAMONDS}
    suits[Seat.WEST] = Suit.CLUBS
    hands = {seat: tuple(c for c in DECK if c.suit == suit) for seat, suit in suits.items()}
    return Deal(seed=1, dealer=dealer, trump=None, hands=hands)


def test_the_double_dummy_result_counts_for_north_south():
    """With one suit each at no-trump, the side on lead takes every trick."""
    pytest.importorskip("endplay")
    from practice.games.whist.solver import SolverPool

    pool = SolverPool(workers=1)
    try:
        assert par_north_south(one_suit_each(Seat.WEST), pool) == 13  # North leads
        assert par_north_south(one_suit_each(Seat.NORTH), pool) == 0  # East leads
    finally:
        pool.close()


def test_the_comparison_reads_as_a_sentence():
    """The player's tricks are set beside what the cards allowed."""
    assert par_text(8, 7) == "The cards allowed North-South 8 tricks; you took 7."
