"""Late in a hand, where few layouts keep to the opponents' play, the dealer walks from one
such layout to the next: every layout it deals keeps to the play, and each comes up as often."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from practice.games.whist import layouts as layouts_module
from practice.games.whist.ai import BasicPlayer, Knowledge, RandomPlayer
from practice.games.whist.cards import Card, Seat, Suit
from practice.games.whist.club import SUITS, club_card, masks
from practice.games.whist.game import Game, new_deal
from practice.games.whist.layouts import Layouts
from practice.games.whist.reading import PlayReading


def _position(seed: int, cards: int):
    game = Game(new_deal(seed))
    for _ in range(cards):
        game.play(BasicPlayer().choose(game.view()))
    view = game.view()
    return view, Knowledge(view)


def _key(layout) -> tuple:
    return tuple(tuple(sorted(cards)) for _, cards in sorted(layout.items()))


def _every_layout_that_keeps(layouts: Layouts) -> set[tuple]:
    """Every layout the counts, voids and read cards allow (drawn until all have come up),
    kept to those in which the opponents would have played as they did."""
    rng, found = random.Random(1), {}
    possible = layouts.cumulative[-1]
    while len(found) < possible:
        layout = layouts._draw(rng)
        found[_key(layout)] = layout
    return {key for key, layout in found.items() if layouts.reading.keeps(layout, Counter())}


def test_where_few_layouts_keep_to_the_play_each_is_dealt_about_as_often(monkeypatch):
    """Deal 3, 35 cards played: 20 of the 255 layouts the voids allow keep to the opponents'
    play. Walking from one to the next (no fresh draws), the dealer deals only those 20, each
    of them about as often."""
    monkeypatch.setattr(layouts_module, "QUICK", 0)
    view, know = _position(3, 35)
    layouts = Layouts(view, know)
    keeping = _every_layout_that_keeps(layouts)
    assert 4 <= len(keeping) <= layouts.cumulative[-1] // 4
    rng = random.Random(7)
    draws = 200 * len(keeping)
    seen = Counter(_key(layouts.deal(rng)) for _ in range(draws))
    assert set(seen) == keeping
    expected = draws / len(keeping)
    assert all(0.6 * expected < count < 1.4 * expected for count in seen.values())


def test_while_fresh_layouts_keep_to_the_play_the_dealer_draws_them_afresh():
    """Early in a hand most layouts keep to the little play there is: each is drawn afresh,
    so consecutive layouts share nothing but what the play says."""
    view, know = _position(3, 5)
    layouts = Layouts(view, know)
    rng = random.Random(2)
    dealt = [_key(layouts.deal(rng)) for _ in range(30)]
    assert layouts.fresh
    assert len(set(dealt)) == 30


def _plays_as_read_afresh(reading, seat, cards) -> bool:
    """Each card ``seat`` played, asked of the club player again with the whole hand."""
    held = masks(cards)
    for check in reading.checks:
        if check.seat != seat:
            continue
        hand = {suit: held[suit] | check.later[suit] for suit in SUITS}
        unseen = {suit: check.remaining[suit] & ~hand[suit] for suit in SUITS}
        card = club_card(seat, hand, unseen, check.voids, reading.trump, check.leader, check.so_far)
        if card != check.card:
            return False
    return True


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(1, 10_000), cards=st.integers(4, 40), draw=st.integers(0, 2**32))
def test_a_hand_read_from_answers_kept_by_suit_is_read_as_the_club_player_would_afresh(
    seed, cards, draw
):
    """Following suit, the club player looks only at its cards of the suit led and of trumps,
    so the reading keeps each answer under those: whatever order the hands come in, every
    answer is the one the club player gives when asked again with the whole hand."""
    view, know = _position(seed, cards)
    layouts = Layouts(view, know)
    reading = PlayReading(view, layouts.seats_read(view))
    rng = random.Random(draw)
    for _ in range(60):
        layout = layouts._draw(rng)
        for seat in reading.seats:
            assert reading.keeps_seat(seat, layout[seat]) == _plays_as_read_afresh(
                reading, seat, layout[seat]
            )


def test_following_suit_the_club_player_weighs_its_trumps_too():
    """Why the reading keeps a follow's answer under the trumps as well as the suit led:
    partner's queen of spades holds if nobody can ruff it, and whether anybody can depends on
    whether South holds every heart still out."""
    spades = 1 << 14 | 1 << 5  # A 5
    seen = {Suit.SPADES: 0b11 << 10, Suit.HEARTS: 0b111 << 2, Suit.CLUBS: 0, Suit.DIAMONDS: 0}
    voids = {seat: set() for seat in Seat} | {Seat.WEST: {Suit.SPADES}}
    played = (Card.parse("QS"), Card.parse("3S"))

    def card_for(hearts: int) -> Card:
        hand = {Suit.SPADES: spades, Suit.HEARTS: hearts, Suit.CLUBS: 0, Suit.DIAMONDS: 0}
        unseen = {suit: seen[suit] & ~hand[suit] for suit in SUITS}
        return club_card(Seat.SOUTH, hand, unseen, voids, Suit.HEARTS, Seat.NORTH, played)

    assert card_for(hearts=0b111 << 2) == Card.parse("5S")  # every heart: the queen holds
    assert card_for(hearts=0b1 << 2) == Card.parse("AS")  # West may ruff: South wins it


def test_a_seat_that_does_not_play_as_a_club_player_is_soon_read_no_more(monkeypatch):
    """East plays any card at random (as a person might, or a computer that searches): no
    layout keeps to its play, so after ``SEAT_DRAWS`` layouts East is read no more and the
    dealer stops hunting for a layout that would explain it. West, a club player, is still
    read."""
    game = Game(new_deal(5))
    chance = RandomPlayer(random.Random(5))
    for _ in range(21):
        player = chance if game.turn is Seat.EAST else BasicPlayer()
        game.play(player.choose(game.view()))
    view = game.view()
    assert view.seat is Seat.SOUTH
    layouts = Layouts(view, Knowledge(view))
    drawn = []
    draw = layouts._draw
    monkeypatch.setattr(layouts, "_draw", lambda rng: drawn.append(1) or draw(rng))
    layouts.deal(random.Random(1))
    assert layouts.reading.seats == [Seat.WEST]
    assert layouts_module.SEAT_DRAWS <= len(drawn) < 2 * layouts_module.SEAT_DRAWS
