"""Tie-break playoffs: which ties are played off, the draw, the bracket, places, corrections."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cards import Card, Rank, Suit
from tournaments.rules.cards_draw import (
    Draw,
    cut_at_random,
    draw_at_random,
    order_by_draw,
    parse_card,
    playoff_players,
)
from tournaments.rules.errors import RulesError
from tournaments.rules.playoffs import (
    PlayoffHand,
    TiedGroup,
    build_bracket,
    check_playoff_hand,
    explanation,
    final_places,
    next_match,
    resolve,
    tied_groups,
)
from tournaments.rules.standings import rank_teams
from tournaments.rules.types import Standing, TeamEntry, Trump


def play_out(tables, seed=0, tricks=None):
    """Play every hand of a playoff, first team's tricks from ``tricks`` or at random."""
    rng = random.Random(seed)
    bracket = build_bracket(tables, draw_at_random(tables, rng) if len(tables) > 2 else None)
    results: list[PlayoffHand] = []
    while (state := next_match(bracket, results)) is not None:
        first, second = state.tables
        taken = tricks(state) if tricks else rng.randint(0, 13)
        results.append(PlayoffHand(state.match.number, first, second, taken))
    return bracket, results


def winning(table):
    """A tricks chooser that makes ``table`` win any hand it plays, else the first team wins."""
    return lambda state: 13 if state.tables[0] == table or state.tables[1] != table else 0


# Cards and draws


def test_cards_are_written_rank_then_suit():
    """A card is written rank then suit, such as QH or 10S."""
    assert str(parse_card("10s")) == "10S"
    assert parse_card("TS") == Card(Suit.SPADES, Rank.TEN)
    assert parse_card(" qh ") == Card(Suit.HEARTS, Rank.QUEEN)
    assert parse_card("A♣") == Card(Suit.CLUBS, Rank.ACE)


def test_a_card_that_does_not_exist_is_refused():
    """A card that is not in the deck is refused with a message naming it."""
    for text in ("1H", "11S", "QX", "", "Q"):
        with pytest.raises(RulesError, match="must be a card"):
            parse_card(text)


def test_two_is_the_lowest_draw_and_ace_the_highest():
    """In a draw the 2 is lowest and the Ace highest."""
    draw = Draw.of({1: "AS", 2: "2H", 3: "KD", 4: "10C"})
    assert order_by_draw(draw) == (2, 4, 3, 1)


def test_equal_cards_are_drawn_again():
    """Players who draw cards of equal rank draw again, and the redraw decides."""
    draw = Draw.of({1: "QH", 2: "QS", 3: "4D"}, {1: "9C", 2: "5H"})
    assert order_by_draw(draw) == (3, 2, 1)


def test_suits_do_not_break_a_tie():
    """Two queens are equal whatever their suits, so the draw is not settled without a redraw."""
    with pytest.raises(RulesError, match="drew equal cards and must draw again"):
        order_by_draw(Draw.of({1: "QS", 2: "QC", 3: "4D"}))


def test_a_redraw_can_tie_again():
    """A redraw that ties again is followed by another redraw among the same players."""
    draw = Draw.of({1: "7H", 2: "7S"}, {1: "JC", 2: "JD"}, {1: "3C", 2: "2D"})
    assert order_by_draw(draw) == (2, 1)


def test_a_redraw_that_was_not_needed_is_refused():
    """A redraw among players whose cards were not equal is a recording mistake."""
    with pytest.raises(RulesError, match="were not equal"):
        order_by_draw(Draw.of({1: "QH", 2: "3S"}, {1: "9C", 2: "5H"}))


def test_the_same_card_cannot_be_drawn_twice_in_one_round():
    """Two players cannot draw the very same card in one round."""
    with pytest.raises(RulesError, match="appears twice"):
        Draw.of({1: "QH", 2: "QH"})


def test_every_tied_team_must_draw():
    """A tied team whose A player has not drawn is named in the message."""
    with pytest.raises(RulesError, match="No card drawn for 7"):
        build_bracket([3, 5, 7], Draw.of({3: "QH", 5: "3S"}))


def test_a_random_draw_is_repeatable_from_its_seed():
    """Letting the tool draw with the same seed gives the same cards and order."""
    first = draw_at_random([1, 2, 3, 4, 5], random.Random(42))
    again = draw_at_random([1, 2, 3, 4, 5], random.Random(42))
    assert first == again
    assert sorted(order_by_draw(first, [1, 2, 3, 4, 5])) == [1, 2, 3, 4, 5]


@given(st.integers(min_value=2, max_value=40), st.integers(min_value=0, max_value=10**6))
def test_a_random_draw_always_settles(players, seed):
    """A random draw records its redraws until every player has a distinct place."""
    draw = draw_at_random(list(range(1, players + 1)), random.Random(seed))
    assert sorted(order_by_draw(draw)) == list(range(1, players + 1))


def test_trump_is_the_suit_of_the_cut_and_the_highest_cut_deals():
    """Trump is the suit of the director's cut, and the player cutting highest deals."""
    players = playoff_players(3, 5)
    assert players == ("3A", "3B", "5A", "5B")
    cut = Draw.of(
        dict(zip(players, ["KH", "KS", "2D", "9C"], strict=True)), {"3A": "4H", "3B": "JC"}
    )
    hand = PlayoffHand(1, 3, 5, 8, trump_cut=parse_card("7D"), dealer_cut=cut)
    assert hand.trump == Trump.DIAMONDS
    assert hand.dealer == "3B"


def test_the_tool_can_cut_for_trump():
    """The tool's cut for trump is a card from the deck, repeatable from its seed."""
    assert cut_at_random(random.Random(1)) == cut_at_random(random.Random(1))


# Which ties need a playoff


def test_every_tie_is_played_off_when_all_places_matter():
    """With every place mattering, each group of equal totals gets a playoff."""
    totals = [(1, 30), (2, 30), (3, 25), (4, 20), (5, 20), (6, 20)]
    assert tied_groups(totals) == [
        TiedGroup(rank=1, total=30, tables=(1, 2)),
        TiedGroup(rank=4, total=20, tables=(4, 5, 6)),
    ]


def test_a_tie_for_first_is_played_off_when_two_advance():
    """When the first two places advance, a tie for first is played off."""
    totals = [(1, 30), (2, 30), (3, 25), (4, 20), (5, 20)]
    assert [g.tables for g in tied_groups(totals, places_that_matter=2)] == [(1, 2)]


def test_a_tie_straddling_the_last_place_that_matters_is_played_off():
    """A tie for second and third is played off when two teams advance."""
    totals = [(1, 30), (2, 28), (3, 28), (4, 20)]
    (group,) = tied_groups(totals, places_that_matter=2)
    assert group.tables == (2, 3) and group.places == range(2, 4)


def test_a_tie_below_the_places_that_matter_is_left_alone():
    """A tie for third is not played off when only two teams advance."""
    totals = [(1, 30), (2, 28), (3, 20), (4, 20)]
    assert tied_groups(totals, places_that_matter=2) == []


def test_standings_rows_can_be_given():
    """Tied groups can be found from the standings rows themselves."""
    rows = [
        Standing(rank=1, table=4, team="Elks", days=(14,), total=14, tied=True),
        Standing(rank=1, table=2, team="Legion", days=(14,), total=14, tied=True),
        Standing(rank=3, table=1, team="Lions", days=(10,), total=10, tied=False),
    ]
    assert tied_groups(rows, 1) == [TiedGroup(rank=1, total=14, tables=(2, 4))]


def test_no_playoff_before_all_hands_are_played():
    """Playoffs are refused while hands remain to be played."""
    with pytest.raises(RulesError, match="after all hands"):
        tied_groups([(1, 5), (2, 5)], all_hands_played=False)


def test_places_that_matter_must_be_at_least_one():
    """The places-that-matter setting must be 1 or more."""
    with pytest.raises(RulesError) as caught:
        tied_groups([(1, 5), (2, 5)], places_that_matter=0)
    assert caught.value.field == "places_that_matter"


# Two teams


def test_two_teams_play_one_hand_without_a_draw():
    """Two tied teams play one hand and need no draw."""
    bracket = build_bracket([6, 2])
    assert len(bracket.matches) == 1 and bracket.byes == ()
    assert next_match(bracket, []).tables == (2, 6)


def test_seven_tricks_win_the_higher_place():
    """The pair taking seven tricks wins the higher place."""
    bracket = build_bracket([2, 6])
    assert final_places(bracket, [PlayoffHand(1, 2, 6, 7)]) == {2: 1, 6: 2}
    assert final_places(bracket, [PlayoffHand(1, 2, 6, 6)]) == {6: 1, 2: 2}


def test_tricks_outside_0_to_13_are_refused():
    """A playoff hand's tricks must be from 0 to 13."""
    for tricks in (-1, 14):
        with pytest.raises(RulesError, match="from 0 to 13"):
            PlayoffHand(1, 2, 6, tricks)


# Three teams


def test_the_lowest_draw_gets_the_bye():
    """Of three tied teams the lowest draw gets the bye and the other two play first."""
    bracket = build_bracket([1, 2, 3], Draw.of({1: "QH", 2: "3S", 3: "10D"}))
    assert bracket.byes == (2,)
    assert set(next_match(bracket, []).tables) == {1, 3}
    assert len(bracket.matches) == 2


def test_the_first_hand_winner_plays_the_bye_team():
    """The winner of the first hand plays the team that had the bye."""
    bracket = build_bracket([1, 2, 3], Draw.of({1: "QH", 2: "3S", 3: "10D"}))
    assert set(next_match(bracket, [PlayoffHand(1, 3, 1, 9)]).tables) == {2, 3}


def test_the_first_hand_loser_is_third():
    """The second hand's winner is first, its loser second, the first hand's loser third."""
    bracket = build_bracket([1, 2, 3], Draw.of({1: "QH", 2: "3S", 3: "10D"}))
    results = [PlayoffHand(1, 1, 3, 4), PlayoffHand(2, 2, 3, 7)]
    assert final_places(bracket, results) == {2: 1, 3: 2, 1: 3}


def test_a_three_team_playoff_needs_a_draw():
    """Three tied teams cannot start before their A players draw."""
    with pytest.raises(RulesError, match="draw cards first"):
        build_bracket([1, 2, 3])


def test_a_hand_whose_teams_are_not_known_cannot_be_recorded():
    """The second hand cannot be recorded before the first is played."""
    bracket = build_bracket([1, 2, 3], Draw.of({1: "QH", 2: "3S", 3: "10D"}))
    with pytest.raises(RulesError, match="teams are not known"):
        check_playoff_hand(bracket, [], PlayoffHand(2, 2, 1, 7))


def test_a_hand_between_the_wrong_teams_is_refused():
    """A playoff hand recorded for teams that do not meet in it is refused."""
    bracket = build_bracket([1, 2, 3], Draw.of({1: "QH", 2: "3S", 3: "10D"}))
    with pytest.raises(RulesError, match="between tables 1 and 3"):
        check_playoff_hand(bracket, [], PlayoffHand(1, 1, 2, 7))
    assert check_playoff_hand(bracket, [], PlayoffHand(1, 3, 1, 7)).winner == 3


def test_two_results_for_one_hand_are_refused():
    """Only one result may stand for each playoff hand."""
    bracket = build_bracket([1, 2])
    with pytest.raises(RulesError, match="Two results"):
        resolve(bracket, [PlayoffHand(1, 1, 2, 7), PlayoffHand(1, 1, 2, 3)])


def test_places_wait_for_the_last_hand():
    """Places are not given while a playoff hand is still to play."""
    bracket = build_bracket([1, 2, 3], Draw.of({1: "QH", 2: "3S", 3: "10D"}))
    with pytest.raises(RulesError, match="hand 2 is still to play"):
        final_places(bracket, [PlayoffHand(1, 1, 3, 4)])


def test_correcting_the_first_hand_makes_the_second_stale():
    """Correcting the first hand's winner makes the recorded second hand stale, to be replayed."""
    bracket = build_bracket([1, 2, 3], Draw.of({1: "QH", 2: "3S", 3: "10D"}))
    second = PlayoffHand(2, 2, 3, 7)
    corrected = resolve(bracket, [PlayoffHand(1, 1, 3, 8), second])
    assert corrected.stale == (second,)
    assert not corrected.finished
    assert set(corrected.next.tables) == {1, 2}
    replayed = [PlayoffHand(1, 1, 3, 8), PlayoffHand(2, 1, 2, 2)]
    assert final_places(bracket, replayed) == {2: 1, 1: 2, 3: 3}


def test_a_correction_that_keeps_the_winner_keeps_later_hands():
    """Correcting the tricks of the first hand without changing its winner keeps the second."""
    bracket = build_bracket([1, 2, 3], Draw.of({1: "QH", 2: "3S", 3: "10D"}))
    results = [PlayoffHand(1, 1, 3, 2), PlayoffHand(2, 2, 3, 7)]
    assert resolve(bracket, results).stale == ()
    assert final_places(bracket, results) == {2: 1, 3: 2, 1: 3}


# Four or more teams


def test_four_teams_play_two_semi_finals_and_a_final():
    """Four tied teams play two first-round hands and a final, with no byes."""
    bracket = build_bracket([1, 2, 3, 4], Draw.of({1: "2C", 2: "5C", 3: "9C", 4: "KC"}))
    assert bracket.byes == ()
    assert [m.round for m in bracket.matches] == [1, 1, 2]
    first_round = [{e.table for e in m.sides} for m in bracket.rounds[0]]
    assert first_round == [{1, 4}, {2, 3}]


def test_four_teams_losers_of_the_same_round_are_ordered_by_who_beat_them():
    """Of two first-round losers, the one beaten by the champion places third."""
    bracket = build_bracket([1, 2, 3, 4], Draw.of({1: "2C", 2: "5C", 3: "9C", 4: "KC"}))
    results = [PlayoffHand(1, 1, 4, 3), PlayoffHand(2, 2, 3, 10), PlayoffHand(3, 4, 2, 1)]
    assert final_places(bracket, results) == {2: 1, 4: 2, 3: 3, 1: 4}


def test_five_teams_give_byes_to_the_three_lowest_draws():
    """Of five tied teams the three lowest draws go straight to the second round."""
    draw = Draw.of({1: "AH", 2: "3H", 3: "KH", 4: "4H", 5: "5H"})
    bracket = build_bracket([1, 2, 3, 4, 5], draw)
    assert bracket.seeds == (2, 4, 5, 3, 1)
    assert bracket.byes == (2, 4, 5)
    assert len(bracket.matches) == 4 and set(next_match(bracket, []).tables) == {1, 3}


def test_five_teams_the_first_round_loser_is_last():
    """The team knocked out in the first round of five places fifth."""
    bracket, results = play_out([1, 2, 3, 4, 5], seed=7)
    places = final_places(bracket, results)
    assert places[results[0].loser] == 5
    assert places[results[-1].winner] == 1 and places[results[-1].loser] == 2


def test_four_or_more_say_the_rules_are_silent():
    """With four or more tied the hall is told the rules are silent and what the tool does."""
    assert explanation(4).startswith("Four or more teams tied: the rules are silent, so")
    assert explanation(5) == explanation(4)
    assert explanation(2).startswith("Two teams tied")
    assert "lowest draw gets a bye" in TiedGroup(1, 10, (1, 2, 3)).explanation


# Places feed the standings


def test_playoff_places_give_distinct_ranks():
    """After the playoff the tied teams get distinct ranks in the standings."""
    entries = [
        TeamEntry(1, "Lions", (14, 12)),
        TeamEntry(2, "Legion", (14, 12)),
        TeamEntry(3, "Elks", (13, 13)),
        TeamEntry(4, "Rotary", (10, 10)),
        TeamEntry(5, "Kinsmen", (12, 14)),
    ]
    (group,) = tied_groups([(e.table, sum(e.days)) for e in entries], places_that_matter=2)
    assert group.tables == (1, 2, 3, 5)
    bracket, results = play_out(list(group.tables), seed=3)
    places = final_places(bracket, results)
    decided = {table: (place, (100 + place,)) for table, place in places.items()}
    standings = rank_teams(entries, decided)
    assert [s.rank for s in standings] == [1, 2, 3, 4, 5]
    assert not any(s.tied for s in standings)
    assert [s.table for s in standings[:4]] == sorted(places, key=places.get)


# Properties


@given(
    st.integers(min_value=2, max_value=8),
    st.integers(min_value=0, max_value=10**6),
)
def test_places_are_one_to_n_for_any_results(teams, seed):
    """Whatever the results, a group of n teams gets places 1 to n, each once."""
    bracket, results = play_out(list(range(10, 10 + teams)), seed=seed)
    places = final_places(bracket, results)
    assert sorted(places) == list(range(10, 10 + teams))
    assert sorted(places.values()) == list(range(1, teams + 1))


@given(st.integers(min_value=2, max_value=8), st.integers(min_value=0, max_value=10**6))
def test_a_bracket_has_one_hand_fewer_than_teams(teams, seed):
    """A playoff among n teams takes exactly n - 1 hands, each team's bye at most one round."""
    tables = list(range(1, teams + 1))
    draw = draw_at_random(tables, random.Random(seed)) if teams > 2 else None
    bracket = build_bracket(tables, draw)
    assert len(bracket.matches) == teams - 1
    assert bracket.byes == bracket.seeds[: len(bracket.byes)]
    assert all(m.round <= 2 for m in bracket.matches if any(e.table is not None for e in m.sides))


@given(st.integers(min_value=2, max_value=8), st.integers(min_value=1, max_value=8))
def test_the_champion_wins_every_hand_it_plays(teams, pick):
    """The team that wins every hand it plays takes first place."""
    tables = list(range(1, teams + 1))
    champion = tables[(pick - 1) % teams]
    bracket, results = play_out(tables, seed=pick, tricks=winning(champion))
    assert final_places(bracket, results)[champion] == 1
