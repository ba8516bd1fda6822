"""Militac's rules as the 1919 rule book gives them, one rule a test, and the decisions taken
where the book is silent (written on the game's rules page)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practice.games.militac.ai import BasicPlayer, StrongPlayer
from practice.games.militac.cards import PACK, PRESIDENT, Card, Company, Seat
from practice.games.militac.game import AIDE, BIDDING, OVER, PLAY, Bid, Game, squad_winner
from practice.games.militac.scoring import bid_value, hand_score
from practice.games.table import IllegalMove

C = Card.parse


def test_the_pack_is_four_companies_of_twelve_and_the_president():
    """Without the Ordnance cards the pack is 4 companies ranked 1 to 12 and the President: 49."""
    assert len(PACK) == 49 == len(set(PACK))
    for company in Company:
        assert sorted(c.rank for c in PACK if c.company == company) == list(range(1, 13))
    assert PRESIDENT in PACK


def test_twelve_cards_each_and_the_last_card_is_the_aide():
    """Dealt one at a time till all are out: twelve cards each, one left face down (the Aide)."""
    game = Game(7)
    dealt = [card for seat in Seat for card in game.hands[seat]] + [game.aide]
    assert all(len(game.hands[seat]) == 12 for seat in Seat)
    assert sorted(c.code for c in dealt) == sorted(c.code for c in PACK)


def test_bidding_starts_left_of_the_dealer_and_the_dealer_bids_last():
    """The player on the dealer's left speaks first; the dealer has the last bid."""
    game = Game(3)
    order = []
    for _ in range(4):
        order.append(game.turn)
        game.apply("pass")
    assert order == [Seat((game.dealer + i) % 4) for i in (1, 2, 3, 4)]
    assert order[-1] == game.dealer


def test_no_bid_below_six_squads():
    """No one can bid for fewer than six squads."""
    game = Game(1)
    with pytest.raises(IllegalMove, match="6 to 12"):
        game.apply("bid 5E")
    assert "bid 6I" in game.legal_moves() and "bid 5I" not in game.legal_moves()


def test_same_number_bids_rank_infantry_cavalry_artillery_engineers_then_combined():
    """Six on Engineers beats six on Infantry; Cavalry is above Infantry but below Artillery."""
    order = [Bid.parse(code) for code in ("6I", "6C", "6A", "6E", "6X", "7I")]
    assert [bid.key for bid in order] == sorted(bid.key for bid in order)


def test_a_bid_must_beat_the_one_before():
    """After six on Engineers, six on Infantry is refused and seven on combined forces is not."""
    game = Game(1)
    game.apply("bid 6E")
    with pytest.raises(IllegalMove, match="must beat 6 on Engineers"):
        game.apply("bid 6I")
    game.apply("bid 7X")
    assert game.high_bid[1] == Bid(7, None)


def test_one_round_of_bidding_then_the_highest_bidder_takes_the_aide():
    """After each player has spoken once, the highest bidder picks up the Aide and must discard."""
    game = Game(2)
    game.apply("bid 6I")
    game.apply("bid 7C")
    game.apply("pass")
    game.apply("pass")
    bidder = Seat((game.dealer + 2) % 4)
    assert game.phase == AIDE and game.turn == bidder and game.declarer == bidder
    assert game.aide in game.hands[bidder] and len(game.hands[bidder]) == 13
    assert all(move.startswith("discard") for move in game.legal_moves())


def test_the_bidder_discards_one_card_and_leads_first():
    """The discard leaves twelve cards, counts for no one, and the bidder leads the first squad."""
    game = Game(2, ["bid 6I", "pass", "pass", "pass"])
    bidder = game.declarer
    card = game.hands[bidder][0]
    game.apply(f"discard {card.code}")
    assert game.phase == PLAY and game.turn == bidder and game.buried == card
    assert len(game.hands[bidder]) == 12 and card not in game.hands[bidder]


def test_all_four_passing_throws_the_deal_in():
    """Decided: when all four pass, the deal is over and no one scores."""
    game = Game(4, ["pass"] * 4)
    assert game.phase == OVER
    assert game.score() == {"NS": 0, "EW": 0, "made": None, "taken": 0}


def test_the_highest_card_of_the_company_led_takes_the_squad():
    """Following the company led, the highest card played takes the squad."""
    cards = (C("I5"), C("I9"), C("I2"), C("C12"))
    assert squad_winner(Seat.NORTH, cards, Company.ENGINEERS) == Seat.EAST


def test_a_commanding_card_takes_the_squad_over_the_company_led():
    """A player out of the company led takes the squad with a card of the commanding company."""
    cards = (C("I12"), C("E1"), C("I11"), C("C12"))
    assert squad_winner(Seat.NORTH, cards, Company.ENGINEERS) == Seat.EAST


def test_the_highest_commander_wins_when_two_command():
    """When two players command, the higher commanding card takes the squad."""
    cards = (C("I12"), C("E1"), C("E4"), C("I1"))
    assert squad_winner(Seat.WEST, cards, Company.ENGINEERS) == Seat.EAST


def test_with_combined_forces_nothing_commands():
    """With combined forces no company commands: the highest card of the company led wins."""
    cards = (C("I3"), C("E12"), C("I4"), C("A12"))
    assert squad_winner(Seat.NORTH, cards, None) == Seat.SOUTH


def test_the_president_takes_any_squad_he_falls_on():
    """Decided: the President, Commander-in-Chief, takes the squad whether led or played."""
    assert (
        squad_winner(Seat.NORTH, (C("I3"), PRESIDENT, C("I12"), C("E12")), Company.ENGINEERS)
        == Seat.EAST
    )
    assert (
        squad_winner(Seat.NORTH, (PRESIDENT, C("E12"), C("I12"), C("A1")), Company.ENGINEERS)
        == Seat.NORTH
    )


def _play_phase(seed: int) -> Game:
    game = Game(seed, ["bid 6E", "pass", "pass", "pass"])
    game.apply(f"discard {game.hands[game.declarer][-1].code}")
    return game


def test_a_player_must_follow_the_company_led_when_able():
    """A player holding the company led may play nothing else; the server says why."""
    for seed in range(1, 100):
        game = _play_phase(seed)
        lead = next(c for c in game.hands[game.turn] if not c.is_president)
        game.apply(f"play {lead.code}")
        seat = game.turn
        same = [c for c in game.hands[seat] if c.company == lead.company]
        other = [c for c in game.hands[seat] if c.company != lead.company]
        if same and other:
            with pytest.raises(IllegalMove, match="must follow the company led"):
                game.apply(f"play {other[0].code}")
            assert game.legal_moves() == [f"play {c.code}" for c in same]
            return
    raise AssertionError("no deal tested following")


def test_a_player_out_of_the_company_led_may_play_any_card():
    """Out of the company led a player may command, or discard from any other company."""
    for seed in range(1, 200):
        game = _play_phase(seed)
        lead = next(c for c in game.hands[game.turn] if not c.is_president)
        game.apply(f"play {lead.code}")
        seat = game.turn
        if not any(c.company == lead.company for c in game.hands[seat]):
            assert game.legal_moves() == [f"play {c.code}" for c in game.hands[seat]]
            return
    raise AssertionError("no deal found with a void")


def test_the_winner_of_a_squad_leads_the_next():
    """The player taking the squad becomes the leader."""
    game = _play_phase(5)
    for _ in range(4):
        game.apply(game.legal_moves()[0])
    assert game.turn == game.tricks[0].winner


@pytest.mark.parametrize(
    ("squads", "company", "value"),
    [(6, Company.INFANTRY, 5), (9, Company.CAVALRY, 24), (11, Company.ARTILLERY, 40),
     (10, Company.ENGINEERS, 40), (12, Company.INFANTRY, 50), (11, Company.ENGINEERS, 45)],
)  # fmt: skip
def test_the_scoring_table(squads, company, value):
    """A made bid scores the book's table: e.g. 9 on Cavalry 24, 11 on Artillery 40."""
    assert bid_value(squads, company) == value


def test_combined_forces_score_the_decided_line():
    """Decided: combined forces score 9 a squad from 6 to 10, then 50 for 11 and for 12."""
    assert [bid_value(n, None) for n in range(6, 13)] == [9, 18, 27, 36, 45, 50, 50]


def test_a_made_bid_scores_a_point_for_each_squad_over_and_the_opponents_a_point_a_squad():
    """Bidding 7 on Artillery and taking 9: 14 + 2 for the bidders, 3 for their opponents."""
    assert hand_score(7, Company.ARTILLERY, 9) == (16, 3, True)


def test_a_failed_bid_gives_the_opponents_the_amount_bid_and_nothing_for_squads():
    """Bidding 8 on Engineers and taking 7: the opponents score 24, the bidders nothing."""
    assert hand_score(8, Company.ENGINEERS, 7) == (0, 24, False)


def test_a_move_out_of_turn_is_refused():
    """A seat may not bid or play when it is another seat's turn."""
    game = Game(1)
    wrong = game.turn.next()
    with pytest.raises(IllegalMove, match="turn"):
        game.apply("pass", seat=wrong)


def _full_deal(seed: int, level: str) -> Game:
    game = Game(seed)
    while game.phase != OVER:
        player = (
            StrongPlayer.for_move(seed, len(game.moves), samples=3)
            if level == "strong"
            else BasicPlayer()
        )
        move = player.choose(game.view())
        assert move in game.legal_moves()
        game.apply(move)
    return game


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(1, 999_999), level=st.sampled_from(["basic", "strong"]))
def test_a_seeded_random_deal_keeps_every_card_once_and_scores_as_recomputed(seed, level):
    """Any computer-played deal uses each card once and scores as the table recomputes."""
    game = _full_deal(seed, level)
    if game.contract is None:
        return
    played = [c for t in game.tricks for c in t.cards] + [game.buried]
    assert sorted(c.code for c in played) == sorted(c.code for c in PACK)
    assert all(len(t.cards) == 4 for t in game.tricks) and len(game.tricks) == 12
    for trick in game.tricks:
        assert trick.winner == squad_winner(trick.leader, trick.cards, game.commanders)
    side = game.declarer.side
    taken = sum(1 for t in game.tricks if t.winner.side == side)
    ours, theirs, _ = hand_score(game.contract.squads, game.contract.force, taken)
    other = "EW" if side == "NS" else "NS"
    assert (game.score()[side], game.score()[other]) == (ours, theirs)


def test_a_deal_replays_exactly_from_its_seed_and_moves():
    """The same seed and moves rebuild the same game, computer choices included."""
    first = _full_deal(321, "strong")
    again = _full_deal(321, "strong")
    assert first.moves == again.moves
    assert Game.replay(321, first.moves).score() == first.score()


def test_the_computer_bids_only_legal_bids():
    """Every computer bid is one the rules allow at that point (or a pass)."""
    for seed in range(1, 30):
        game = Game(seed)
        while game.phase == BIDDING:
            move = BasicPlayer().choose(game.view())
            assert move in game.legal_moves()
            game.apply(move)
