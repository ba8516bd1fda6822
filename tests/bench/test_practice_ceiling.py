"""The ceiling benchmark's dealers tell the strong level exactly what they say they tell it."""

from __future__ import annotations

import random
from functools import partial

from bench.practice_ceiling import ClubRulesRead, PartnerShown, club_rules_broken
from practice.games.whist.ai import BasicPlayer, Knowledge
from practice.games.whist.cards import Seat
from practice.games.whist.game import Game, new_deal


def basic_game(seed: int, cards: int) -> Game:
    game, basic = Game(new_deal(seed)), BasicPlayer()
    while len(game.plays) < cards:
        game.play(basic.choose(game.view()))
    return game


def layout_as_it_lies(game: Game) -> dict[Seat, list]:
    return {seat: list(game.hands[seat]) for seat in Seat if seat != game.turn}


def test_the_cards_as_they_lie_break_no_club_rule_when_the_opponents_play_by_them():
    for seed in range(1, 21):
        game = basic_game(seed, 23)
        view = game.view()
        opponents = {view.seat.next(), view.seat.partner.next()}
        assert club_rules_broken(view, layout_as_it_lies(game), opponents) == 0


def test_a_card_the_club_rules_would_not_play_counts_as_broken():
    game = basic_game(3, 23)
    view = game.view()
    opponents = {view.seat.next(), view.seat.partner.next()}
    layout = layout_as_it_lies(game)
    # swap two of the opponents' unplayed cards: some earlier choice no longer follows the rules
    broken = 0
    east, west = sorted(opponents)
    for one in layout[east]:
        for other in layout[west]:
            swapped = {**layout, east: [*set(layout[east]) - {one}, other]}
            swapped[west] = [*set(layout[west]) - {other}, one]
            broken += club_rules_broken(view, swapped, opponents) > 0
    assert broken > 0


def test_the_club_rules_dealer_deals_only_layouts_that_keep_to_them():
    game = basic_game(7, 27)
    view = game.view()
    opponents = {view.seat.next(), view.seat.partner.next()}
    layouts = ClubRulesRead(view, Knowledge(view))
    rng = random.Random(1)
    assert all(not club_rules_broken(view, layouts.deal(rng), opponents) for _ in range(10))


def test_partner_shown_is_dealt_exactly_the_cards_it_holds():
    deal = new_deal(11)
    game = basic_game(11, 9)
    view = game.view()
    layouts = partial(PartnerShown, deal=deal)(view, Knowledge(view))
    rng = random.Random(2)
    for _ in range(10):
        assert sorted(layouts.deal(rng)[view.seat.partner]) == sorted(game.hands[view.seat.partner])
