"""The club player's card play at Militac: one rule a test, and a check of every third-hand
decision in many deals."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from practice.games.militac.basic import BasicPlayer, basic_card
from practice.games.militac.cards import PACK, Card, Company, Seat
from practice.games.militac.game import OVER, Game, legal_cards, squad_winner

C = Card.parse
E = Company.ENGINEERS


def cards(text: str) -> list[Card]:
    return [C(code) for code in text.split()]


def test_third_hand_wins_a_squad_the_fourth_player_can_still_take():
    """Partner's Colonel of Engineers leads with the Lieutenant-General still out: take it."""
    assert basic_card(Seat.EAST, cards("E12 E2 C9"), Seat.WEST, (C("E10"), C("E9")), E, set()) == C(
        "E12"
    )


def test_third_hand_plays_low_when_partner_has_the_squad_safe():
    """Nothing still out beats partner's card: third hand keeps its high card and plays low."""
    gone = {C("E11")}
    assert basic_card(Seat.EAST, cards("E12 E2 C9"), Seat.WEST, (C("E10"), C("E9")), E, gone) == C(
        "E2"
    )


def test_third_hand_plays_low_when_it_cannot_top_what_beats_partner():
    """Only the Major-General and Lieutenant-General beat partner's card and third hand tops
    neither: overtaking would only spend a card, so it plays low."""
    hand = cards("E9 E2 C9")
    assert basic_card(Seat.EAST, hand, Seat.WEST, (C("E10"), C("E1")), E, set()) == C("E2")


def test_third_hand_wins_with_the_cheapest_card_the_fourth_player_cannot_beat():
    """Against the Private of Infantry, holding the Lieutenant-General and the Major-General
    of Infantry with every card from the Major to the Colonel still out, third hand takes the
    squad with the Major-General: no card still out beats it, and the Lieutenant-General stays."""
    hand = cards("I12 I11 C3")
    gone = {C("I4"), C("I5"), C("I6")}
    assert basic_card(Seat.SOUTH, hand, Seat.NORTH, (C("I2"), C("I3")), E, gone) == C("I11")


def test_third_hand_plays_high_when_it_cannot_make_sure():
    """Third hand cannot make the squad safe: it plays the card that leaves the fourth player
    the fewest cards to beat it (third hand high), not the cheapest that wins for now."""
    hand = cards("I9 I6 C3")
    assert basic_card(Seat.SOUTH, hand, Seat.NORTH, (C("I1"), C("I5")), E, set()) == C("I9")


def test_third_hand_leaves_partner_alone_while_the_fourth_player_can_only_follow():
    """Partner leads the master of Infantry and the fourth player has not shown out of it:
    no commander can come, so third hand, out of Infantry, throws a low card."""
    hand = cards("E3 C2 A7")
    gone = {C("I12")}
    played = (C("I11"), C("I4"))
    assert basic_card(Seat.SOUTH, hand, Seat.NORTH, played, E, gone) == C("C2")


def test_third_hand_commands_when_the_fourth_player_could_command_partners_card():
    """The fourth player has shown out of Infantry: it could command partner's card with a low
    Engineer, so third hand, out of Infantry too, commands first with one that tops some."""
    hand = cards("E3 C2 A7")
    gone = {C("I12")}
    voids = {Seat.WEST: {Company.INFANTRY}}
    played = (C("I11"), C("I4"))
    assert basic_card(Seat.SOUTH, hand, Seat.NORTH, played, E, gone, voids) == C("E3")


def test_the_president_is_not_spent_on_a_squad_partner_holds():
    """Partner's card can be beaten, but the President takes any squad he falls on: he is
    kept for a squad partner cannot win, and third hand plays low."""
    hand = [C("P"), *cards("C2 A7")]
    voids = {Seat.WEST: {Company.INFANTRY}}
    played = (C("I11"), C("I4"))
    assert basic_card(Seat.SOUTH, hand, Seat.NORTH, played, E, set(), voids) == C("C2")


def test_fourth_hand_never_overtakes_partner():
    """Last to play with partner winning, the player plays low: the squad is already theirs."""
    played = (C("E5"), C("E10"), C("E7"))
    assert basic_card(Seat.WEST, cards("E12 E2 C9"), Seat.NORTH, played, E, set()) == C("E2")


def test_fourth_hand_wins_as_cheaply_as_it_can():
    """Last to play with an opponent winning, the player takes the squad with its lowest
    winning card."""
    played = (C("I7"), C("I2"), C("I3"))
    assert basic_card(Seat.WEST, cards("I12 I9 I8 C9"), Seat.NORTH, played, E, set()) == C("I8")


def test_fourth_hand_that_cannot_win_keeps_its_commanders():
    """Last to play, out of the company led and unable to take the squad, the player throws
    its lowest card of a company that does not command."""
    played = (C("I7"), C("E9"), C("I3"))
    assert basic_card(Seat.WEST, cards("E2 C9 A4"), Seat.NORTH, played, E, set()) == C("A4")


def _could_top_a_card_that_beats_partner(view) -> bool:
    """Some card still out, one the fourth player could play (the company led, or once it has
    shown out of that any card but of a company it has shown out of), would beat the cards so
    far, and third hand holds a legal card other than the President that tops it."""
    seat, so_far = view.seat, view.current.cards
    fourth, led = seat.next(), so_far[0].company
    seen = set(view.hand) | {card for _, card, _ in view.played()}
    shown_out = {
        lead.company
        for s, card, lead in view.played()
        if s == fourth and not lead.is_president and card.company != lead.company
    }
    leader, commanders = view.current.leader, view.commanders
    mine = [card for card in legal_cards(view.hand, so_far[0]) if not card.is_president]
    for threat in PACK:
        if threat in seen or (threat.company != led and led not in shown_out):
            continue
        if not threat.is_president and threat.company in shown_out:
            continue  # the fourth player holds none of that company
        if squad_winner(leader, (*so_far, threat), commanders) != seat:
            continue  # it would not beat the cards so far (played third here to compare)
        if any(squad_winner(leader, (*so_far, card, threat), commanders) == seat for card in mine):
            return True
    return False


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(1, 10**6))
def test_third_hand_never_plays_low_when_it_could_top_a_card_that_beats_partner(seed):
    """In any deal the club players play, third hand with partner winning never plays low
    while a card still out could take the squad and third hand holds one that tops it."""
    game = Game(seed)
    while game.phase != OVER:
        view = game.view()
        move = BasicPlayer().choose(view)
        so_far = view.current.cards if view.current else ()
        if len(so_far) == 2 and not so_far[0].is_president:
            leader, commanders = view.current.leader, view.commanders
            partner_wins = squad_winner(leader, so_far, commanders) == view.seat.partner
            if partner_wins and _could_top_a_card_that_beats_partner(view):
                card = C(move.split()[1])
                assert squad_winner(leader, (*so_far, card), commanders) == view.seat
        game.apply(move)
