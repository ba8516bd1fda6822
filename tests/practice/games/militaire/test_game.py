"""Militaire's rules from the two texts (the standard pack and the Army rank pack), one rule a
test, and the decisions taken where the texts are silent (written on the game's rules page)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practice.games.militaire.ai import BasicPlayer, StrongPlayer
from practice.games.militaire.cards import ARMY_PACK, FRENCH_PACK, PACKS, parse
from practice.games.militaire.game import DRAW, GAME_OVER, MELD, ROUND_OVER, Game
from practice.games.militaire.melds import best_going_out, can_grow, is_contract, make_meld
from practice.games.table import IllegalMove


def F(text: str):
    return [parse("french", code) for code in text.split()]


def A(text: str):
    return [parse("army", code) for code in text.split()]


def test_the_standard_pack_is_52_cards_and_a_joker():
    """The French-deck adaptation uses the 52 cards and one Joker."""
    assert len(FRENCH_PACK) == 53 and sum(card.wild for card in FRENCH_PACK) == 1


def test_the_army_pack_has_four_of_each_officer_seven_of_each_other_rank_and_a_sergeant_major():
    """54 cards: eight officer ranks four times, three other ranks seven times, one wild."""
    counts = {}
    for card in ARMY_PACK:
        counts[card.words] = counts.get(card.words, 0) + 1
    assert len(ARMY_PACK) == 54
    assert counts["General"] == counts["Second Lieutenant"] == 4
    assert counts["Lance Corporal"] == counts["Sergeant"] == 7 and counts["Sergeant Major"] == 1


@pytest.mark.parametrize(
    ("code", "points"), [("AS", 1), ("2H", 5), ("9C", 5), ("10D", 10), ("KS", 10), ("JK", 0)]
)
def test_standard_card_points(code, points):
    """Ace 1, twos to nines 5, tens to kings 10, Joker 0."""
    assert parse("french", code).points == points


@pytest.mark.parametrize(
    ("code", "points"), [("GEN.0", 60), ("BRIG.0", 50), ("2LT.3", 20), ("SGT.6", 15), ("LCPL.0", 5)]
)
def test_army_card_points(code, points):
    """Officers General 60 down to Second Lieutenant 20; Sergeant 15, Corporal 10, L/Cpl 5."""
    assert parse("army", code).points == points


def test_seven_cards_each_and_the_rest_is_stock_with_one_card_turned_up():
    """Each player gets seven cards; one card starts the discard pile; the rest is the stock."""
    game = Game(1, "french", 4)
    assert [len(hand) for hand in game.hands] == [7] * 4
    assert len(game.discards) == 1 and len(game.stock) == 53 - 28 - 1


def test_the_player_left_of_the_dealer_goes_first_and_play_goes_round():
    """The player on the dealer's left begins; turns follow round the table."""
    game = Game(2, "army", 3)
    assert game.turn == (game.dealer + 1) % 3
    first = game.turn
    game.apply("draw stock")
    game.apply(f"discard {game.hands[first][0].code}")
    assert game.turn == (first + 1) % 3


def test_a_turn_is_draw_then_meld_then_discard():
    """A player must draw first (stock or discard pile), then may meld, and ends by discarding."""
    game = Game(3)
    with pytest.raises(IllegalMove, match="draw"):
        game.apply(f"discard {game.hands[game.turn][0].code}")
    top = game.discards[-1]
    game.apply("draw discard")
    assert top in game.hands[game.turn] and game.phase == MELD


@pytest.mark.parametrize("text", ["4S 4H 4C", "4S 4H 4C 4D", "4S 5S 6S", "9H 10H JH QH KH KS"[:-3]])
def test_sets_and_runs_are_melds(text):
    """Three or four of a rank is a set; three or more in sequence in one suit is a run."""
    assert make_meld(F(text)) is not None


@pytest.mark.parametrize("text", ["4S 5H 6S", "4S 4H", "QS KS AS", "4S 6S 8S"])
def test_other_cards_are_not_melds(text):
    """Mixed suits, two cards, or gaps are no meld; Ace is low only (decided)."""
    assert make_meld(F(text)) is None


def test_army_runs_follow_rank_order_without_suits():
    """In the Army pack a run is three or more ranks in order: Sergeant, Second Lt, Lieutenant."""
    meld = make_meld(A("SGT.0 2LT.1 LT.3"))
    assert meld.kind == "run" and meld.points == 15 + 20 + 25
    assert make_meld(A("SGT.0 LT.3 CAPT.1")) is None


def test_army_sets_are_three_or_four_even_of_seven_alike():
    """A set is three or four of a rank: five Lance Corporals are no meld."""
    assert make_meld(A("LCPL.0 LCPL.1 LCPL.2 LCPL.3")).kind == "set"
    assert make_meld(A("LCPL.0 LCPL.1 LCPL.2 LCPL.3 LCPL.4")) is None


def test_the_sergeant_major_is_wild_and_worth_what_he_stands_for():
    """The Sergeant Major stands for a missing card and scores as that card (decided)."""
    meld = make_meld(A("MAJ.0 SM COL.2"))
    assert meld.ranks == (7, 8, 9) and meld.points == 35 + 40 + 45


def test_the_joker_is_wild_and_worth_nothing():
    """The Joker completes a set or run and scores 0 (the French-deck table)."""
    meld = make_meld(F("7H JK 9H"))
    assert meld.kind == "run" and meld.points == 10


@pytest.mark.parametrize(
    ("texts", "contract"),
    [(["4S 4H 4C", "9S 9H 9D"], True), (["4S 5S 6S", "9S 9H 9D 9C"], True),
     (["3D 4D 5D 6D 7D 8D"], True), (["4S 5S 6S", "8H 9H 10H"], False),
     (["4S 4H 4C"], False), (["3D 4D 5D 6D 7D"], False)],
)  # fmt: skip
def test_the_three_contracts(texts, contract):
    """Two sets, a run and a set, or a run of six or seven; two runs or one meld are not."""
    melds = [make_meld(F(text)) for text in texts]
    assert is_contract(melds) is contract


def test_melds_that_can_never_make_a_contract_are_refused():
    """Decided: a run of five, a second run, or a third meld is refused."""
    run5 = make_meld(F("3D 4D 5D 6D 7D"))
    assert not can_grow([run5])
    assert not can_grow([make_meld(F("4S 5S 6S")), make_meld(F("8H 9H 10H"))])
    assert can_grow([make_meld(F("4S 5S 6S"))])


@pytest.mark.parametrize(
    ("size", "kind", "bonus"),
    [
        (3, "set", 30),
        (4, "set", 40),
        (3, "run", 10),
        (4, "run", 20),
        (6, "run", 50),
        (7, "run", 100),
    ],
)
def test_contract_bonuses(size, kind, bonus):
    """Set of 3: 30, set of 4: 40, run of 3: 10, run of 4: 20, run of 6: 50, run of 7: 100."""
    text = "4S 4H 4C 4D" if kind == "set" else "3D 4D 5D 6D 7D 8D 9D"
    meld = make_meld(F(text)[:size])
    assert (meld.kind, meld.bonus) == (kind, bonus)


def test_going_out_scores_points_and_bonuses_less_the_unused_seventh_card():
    """Two sets of three leave the seventh card unused: its value is taken off."""
    plan, score = best_going_out(F("4S 4H 4C 9S 9H 9D KC 2C"), [])
    assert score == (15 + 30) + (15 + 30) - 5  # the King is discarded, the Two is the 7th card


def _finish_round(game: Game, players) -> None:
    while game.phase in (DRAW, MELD):
        game.apply(players[game.turn].choose(game.view()))


def test_the_round_ends_when_a_contract_is_met_and_only_the_winner_gets_bonuses():
    """The first to meet a contract ends the round; others score only their melded cards."""
    for seed in range(1, 60):
        game = Game(seed, "army", 4)
        _finish_round(game, [BasicPlayer()] * 4)
        result = game.results[-1]
        if result.winner is None:
            continue
        assert is_contract(game.melds[result.winner])
        for player, melds in enumerate(game.melds):
            melded = sum(meld.points for meld in melds)
            if player != result.winner:
                assert result.points[player] == melded
        penalty = result.unused.points if result.unused else 0
        winner_melds = sum(m.points for m in game.melds[result.winner])
        assert result.points[result.winner] == winner_melds + result.bonus - penalty
        return
    raise AssertionError("no round was won")


def test_a_card_from_the_discard_pile_cannot_go_straight_back():
    """Decided: the card just taken from the discard pile cannot be discarded that turn."""
    game = Game(4)
    game.apply("draw discard")
    with pytest.raises(IllegalMove, match="straight back"):
        game.apply(f"discard {game.taken.code}")


def test_an_empty_stock_ends_the_round_with_no_winner():
    """Decided: when the stock runs out the round ends; melds score, no bonus, no penalty."""
    game = Game(5, "french", 4)
    while game.phase in (DRAW, MELD):
        game.apply("draw stock")
        game.apply(f"discard {game.hands[game.turn][-1].code}")
    assert game.results[-1].winner is None and not game.stock


def test_the_game_ends_when_someone_reaches_500():
    """Rounds go on until a total reaches 500; the highest total wins."""
    game = Game(6, "army", 3)
    players = [StrongPlayer(), BasicPlayer(), BasicPlayer()]
    while game.phase != GAME_OVER:
        assert max(game.totals) < 500
        if game.phase == ROUND_OVER:
            game.apply("next round")
        _finish_round(game, players)
    assert max(game.totals) >= 500
    assert game.leaders == [p for p, t in enumerate(game.totals) if t == max(game.totals)]


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(1, 999_999),
    pack=st.sampled_from(["french", "army"]),
    players=st.sampled_from([3, 4]),
)
def test_a_seeded_random_game_keeps_every_card_once_and_totals_as_recomputed(seed, pack, players):
    """In any computer-played game every card is somewhere once, and totals add up the rounds."""
    game = Game(seed, pack, players)
    bots = [StrongPlayer() if p % 2 else BasicPlayer() for p in range(players)]
    while game.phase != GAME_OVER:
        if game.phase == ROUND_OVER:
            game.apply("next round")
        while game.phase in (DRAW, MELD):
            move = bots[game.turn].choose(game.view())
            game.apply(move)
            codes = sorted(card.code for card in game.every_card())
            assert codes == sorted(card.code for card in PACKS[pack])
    assert game.totals == [sum(r.points[p] for r in game.results) for p in range(players)]
    assert Game.replay(seed, pack, players, game.moves).totals == game.totals
