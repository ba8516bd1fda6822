"""The practice table's words in the player's language: seats, suits, ranks, cards and the
games' sentences.

The card games import nothing from Django, so they speak English and hand over templates
(``lesson``) or reasons (``IllegalPlay``); the pages translate them here, in the request's
language. French card names follow the hall: "Dame de pique", "10 de cœur", "As de trèfle".
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from ..games.seats import Seat
from ..games.whist.cards import Card, Rank, Suit
from ..games.whist.game import IllegalPlay


def seat_word(seat: Seat) -> str:
    return {
        Seat.NORTH: _("North"),
        Seat.EAST: _("East"),
        Seat.SOUTH: _("South"),
        Seat.WEST: _("West"),
    }[seat]


def suit_word(suit: Suit) -> str:
    """The suit as it follows a rank: "spades" (Queen of spades), "pique" (Dame de pique)."""
    return {
        Suit.CLUBS: pgettext("in a card's name", "clubs"),
        Suit.DIAMONDS: pgettext("in a card's name", "diamonds"),
        Suit.HEARTS: pgettext("in a card's name", "hearts"),
        Suit.SPADES: pgettext("in a card's name", "spades"),
    }[suit]


def trump_word(suit: Suit | None) -> str:
    """A hand's trump on its own: "Spades", "No trump"."""
    if suit is None:
        return pgettext("trump", "No trump")
    return {
        Suit.CLUBS: pgettext("trump", "Clubs"),
        Suit.DIAMONDS: pgettext("trump", "Diamonds"),
        Suit.HEARTS: pgettext("trump", "Hearts"),
        Suit.SPADES: pgettext("trump", "Spades"),
    }[suit]


def rank_word(rank: Rank) -> str:
    return {
        Rank.TWO: pgettext("card rank", "Two"),
        Rank.THREE: pgettext("card rank", "Three"),
        Rank.FOUR: pgettext("card rank", "Four"),
        Rank.FIVE: pgettext("card rank", "Five"),
        Rank.SIX: pgettext("card rank", "Six"),
        Rank.SEVEN: pgettext("card rank", "Seven"),
        Rank.EIGHT: pgettext("card rank", "Eight"),
        Rank.NINE: pgettext("card rank", "Nine"),
        Rank.TEN: pgettext("card rank", "Ten"),
        Rank.JACK: pgettext("card rank", "Jack"),
        Rank.QUEEN: pgettext("card rank", "Queen"),
        Rank.KING: pgettext("card rank", "King"),
        Rank.ACE: pgettext("card rank", "Ace"),
    }[rank]


def rank_face(rank: Rank) -> str:
    """The rank's corner letter on a card face: "Q" in English, "D" (dame) in French."""
    faces = {
        Rank.JACK: pgettext("card face: jack", "J"),
        Rank.QUEEN: pgettext("card face: queen", "Q"),
        Rank.KING: pgettext("card face: king", "K"),
        Rank.ACE: pgettext("card face: ace", "A"),
    }
    return faces.get(rank, rank.label)


def card_words(card: Card) -> str:
    """The card in words, as a screen reader says it: "Queen of spades", "Dame de pique"."""
    return _("%(rank)s of %(suit)s") % {"rank": rank_word(card.rank), "suit": suit_word(card.suit)}


def illegal_play(error: IllegalPlay | ValueError) -> str:
    """Why a card was refused, in the player's language."""
    values = getattr(error, "values", {})
    seat = values.get("seat")
    reason = getattr(error, "reason", "")
    if reason == "over":
        return _("The hand is over.")
    if reason == "turn" and seat is not None:
        return _("It is %(seat)s's turn, not yours.") % {"seat": seat_word(seat)}
    if reason == "not held" and seat is not None:
        return _("%(seat)s does not hold the %(card)s.") % {
            "seat": seat_word(seat),
            "card": card_words(values["card"]),
        }
    if reason == "follow" and seat is not None:
        return _("%(seat)s must follow suit in %(suit)s.") % {
            "seat": seat_word(seat),
            "suit": suit_word(values["suit"]),
        }
    return _("That is not a card: play one from your hand.")


def principle_words(principle: str) -> str:
    """A hint's rule of thumb (``hint.PRINCIPLES``) as a club player says it."""
    return {
        "only card": _("It is the only card you may play."),
        "all equal": _("Every card you may play is worth the same here."),
        "draw trumps": _("Draw trumps: the opponents still hold some."),
        "cash a winner": _("Cash a sure winner: no card still out beats it."),
        "partner ruffs": _("Lead a suit your partner can trump."),
        "top of a sequence": _("Lead the top of your sequence of honours."),
        "long suit": _("Lead your long suit: its small cards can win once the rest are gone."),
        "lead low": _("Lead low: keep your high cards to win tricks later."),
        "best found": _("No rule of thumb settles this one: the search decides."),
        "partner winning": _("Your partner is winning the trick: keep your good cards."),
        "second hand low": _("Second hand low: your partner still plays after you."),
        "third hand high": _("Third hand high: make the last player pay for the trick."),
        "win cheaply": _("Last to play: win with the cheapest card that takes the trick."),
        "win now": _("Take the trick now, while you can."),
        "duck": _("Let this trick go: your high card is worth more later."),
        "cannot win": _("You cannot win this trick: play your lowest card."),
        "ruff": _("Trump it: you have none of the suit led."),
        "discard": _("Throw a card you will not need."),
    }[principle]


def advice_words(advice) -> str:
    """The hint's sentence: the card, the rule of thumb, and what the search saw."""
    text = _("Play the %(card)s.") % {"card": card_words(advice.card)}
    text += " " + principle_words(advice.principle)
    if advice.layouts:
        text += " " + ngettext(
            "It takes the most tricks in %(best)s of the %(layouts)s likely layout of the "
            "cards you cannot see.",
            "It takes the most tricks in %(best)s of the %(layouts)s likely layouts of the "
            "cards you cannot see.",
            advice.layouts,
        ) % {"best": advice.best_in, "layouts": advice.layouts}
    return text
