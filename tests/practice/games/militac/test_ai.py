"""Militac's stronger level: the exact play of the last squads, and bids read and weighed."""

from __future__ import annotations

import random

from practice.games.militac.ai import StrongPlayer
from practice.games.militac.basic import BasicPlayer, club_bid
from practice.games.militac.cards import PACK, Card, Company, Seat
from practice.games.militac.endgame import exact_squads
from practice.games.militac.game import Game, Trick, legal_cards, squad_winner

C = Card.parse


def every_card_tried(hands, leader: Seat, trick: tuple, commanders) -> int:
    """North-South's squads from here, every legal card of every player tried in turn."""
    seat = Seat((leader + len(trick)) % 4)
    if not trick and not hands[seat]:
        return 0
    cards = legal_cards(hands[seat], trick[0] if trick else None)
    results = [card_tried(hands, leader, trick, card, commanders) for card in cards]
    return max(results) if seat.is_north_south else min(results)


def card_tried(hands, leader: Seat, trick: tuple, card, commanders) -> int:
    """North-South's squads from here once the player to play puts ``card`` down, every card
    after it tried."""
    seat = Seat((leader + len(trick)) % 4)
    after = {**hands, seat: [c for c in hands[seat] if c != card]}
    played = (*trick, card)
    if len(played) == 4:
        winner = squad_winner(leader, played, commanders)
        return winner.is_north_south + every_card_tried(after, winner, (), commanders)
    return every_card_tried(after, leader, played, commanders)


def test_the_exact_search_finds_what_trying_every_card_finds():
    """On 150 random endings of two or three squads, some begun, with each force commanding,
    the exact search's squads for every card equal those found by trying every card."""
    rng = random.Random(29)
    for _ in range(150):
        size = rng.choice((2, 3))
        dealt = rng.sample(PACK, 4 * size)
        hands = {seat: dealt[i * size : (i + 1) * size] for i, seat in enumerate(Seat)}
        commanders = rng.choice([*Company, None])
        leader = Seat(rng.randrange(4))
        trick: tuple = ()
        for index in range(rng.randrange(3)):
            seat = Seat((leader + index) % 4)
            card = rng.choice(legal_cards(hands[seat], trick[0] if trick else None))
            hands[seat] = [c for c in hands[seat] if c != card]
            trick = (*trick, card)
        seat = Seat((leader + len(trick)) % 4)
        cards = legal_cards(hands[seat], trick[0] if trick else None)
        found = exact_squads(hands, Trick(leader, trick), commanders, seat, cards)
        for card in cards:
            assert found[card] == card_tried(hands, leader, trick, card, commanders)


def test_the_expert_keeps_the_president_where_cashing_him_costs_a_squad():
    """Deal 45, three squads left, South on lead with the President and two Cavalry: cashing
    him (the club player's rule) lets West throw its last Cavalry and command the next squad,
    two squads in all; the expert leads Cavalry and takes all three."""
    game = Game(45)
    while len(game.moves) < 41:
        game.apply(BasicPlayer().choose(game.view()))
    view = game.view()
    assert view.seat == Seat.SOUTH and sorted(c.code for c in view.hand) == ["C10", "C5", "P"]
    assert BasicPlayer().choose(view) == "play P"
    assert StrongPlayer.for_move(45, 41).choose(view) in ("play C10", "play C5")


def _keeps(view, hands) -> bool:
    high = None
    for seat, bid in view.bids:
        if club_bid(seat, hands[seat], high) != bid:
            return False
        high = high if bid is None else (seat, bid)
    return True


def test_the_experts_layouts_keep_to_the_bids_made():
    """Third to speak, the expert weighs layouts in which the two seats before it would have
    bid as they did, read as club players' bids: on these deals nine in ten keep to both,
    where hands dealt at random keep to them about one time in ten."""
    kept = chance = total = 0
    rng = random.Random(7)
    for seed in range(1, 41):
        game = Game(seed)
        game.apply(BasicPlayer().choose(game.view()))
        game.apply(BasicPlayer().choose(game.view()))
        view = game.view()
        unseen = [card for card in PACK if card not in view.hand]
        for hands, _ in StrongPlayer.for_move(seed, 2)._auction_layouts(view):
            kept += _keeps(view, hands)
            rng.shuffle(unseen)
            others = [s for s in Seat if s != view.seat]
            chance += _keeps(view, {s: unseen[i * 12 : i * 12 + 12] for i, s in enumerate(others)})
            total += 1
    assert kept >= 0.85 * total and chance <= 0.3 * total


def test_the_expert_bids_a_hand_of_high_engineers():
    """First to speak with the President and the six top Engineers, the expert bids."""
    game = Game(1)
    hand = ["P", "E12", "E11", "E10", "E9", "E8", "E7", "I12", "C12", "A12", "I1", "C1"]
    game.hands[game.turn] = [C(code) for code in hand]
    assert StrongPlayer.for_move(1, 0).choose(game.view()).startswith("bid ")
