"""Late in a hand, where few layouts keep to the opponents' play, the dealer walks from one
such layout to the next: every layout it deals keeps to the play, and each comes up as often."""

from __future__ import annotations

import random
from collections import Counter

from practice.games.whist import layouts as layouts_module
from practice.games.whist.ai import BasicPlayer, Knowledge
from practice.games.whist.game import Game, new_deal
from practice.games.whist.layouts import Layouts


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
