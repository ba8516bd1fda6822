"""What the whist table's page is sent: the hand as South sees it, the cards just played, and
once the hand is over the flags it would move and its review (hands as dealt, every trick).

Every sentence is in the request's language; the card games speak English and hand over
templates and codes (``lesson``, ``IllegalPlay``).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..games.whist import lesson
from ..games.whist.cards import Card, Seat
from ..games.whist.game import Game
from ..games.whist.tricks import trump_code
from .whist_words import card_words, rank_face, seat_word, trump_word

HUMAN = Seat.SOUTH
DIAGRAM = (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH)  # the review's hands, read top down


def card_json(card: Card) -> dict:
    return {
        "code": card.code,
        "label": rank_face(card.rank) + card.suit.symbol,
        "rank": rank_face(card.rank),
        "suit": card.suit.symbol,
        "words": card_words(card),
        "red": card.suit.is_red,
    }


def step(game: Game, seat: Seat, card: Card) -> dict:
    """One card just played; ``winner`` is set when it completed a trick."""
    done = not game.current.cards and game.tricks
    return {
        "seat": seat.letter,
        "card": card_json(card),
        "winner": game.tricks[-1].winner.letter if done else None,
        "tricks": {"ns": game.tricks_won(Seat.NORTH), "ew": game.tricks_won(Seat.EAST)},
    }


def trick_json(trick) -> dict:
    return {
        "leader": trick.leader.letter,
        "plays": [{"seat": s.letter, "card": card_json(c)} for s, c in trick.plays],
        "winner": None if trick.winner is None else trick.winner.letter,
    }


def south_cards_played(game: Game) -> list[int]:
    """The places in the play (0 to 51) where South played a card."""
    plays = [seat for trick in (*game.tricks, game.current) for seat, _card in trick.plays]
    return [index for index, seat in enumerate(plays) if seat == HUMAN]


def state(game: Game, stored: dict, steps: list[dict]) -> dict:
    legal = set(game.legal_moves()) if game.turn == HUMAN else set()
    outcome = game.outcome()
    result = {
        "game": "whist",
        "deal": stored["seed"],
        "level": stored["level"],
        "trump": {
            "code": trump_code(game.trump),
            "name": trump_word(game.trump),
            "symbol": "NT" if game.trump is None else game.trump.symbol,
        },
        "dealer": game.deal.dealer.letter,
        "briefing": briefing(game),
        "turn": game.turn.letter if game.turn else None,
        "hand": [{**card_json(card), "legal": card in legal} for card in game.hands[HUMAN]],
        "trick": trick_json(game.current),
        "last_trick": trick_json(game.tricks[-1]) if game.tricks else None,
        "tricks": {"ns": outcome.north_south_tricks, "ew": outcome.east_west_tricks},
        "trick_number": min(len(game.tricks) + 1, 13),
        "finished": game.is_over,
        "made": len(game.plays),
        "can_undo": not game.is_over and bool(south_cards_played(game)),
        "helped": helped(stored),
        "steps": steps,
    }
    if game.is_over:
        result["summary"] = summary(game)
        result["review"] = review(game, stored)
    return result


def summary(game: Game) -> dict:
    """The flags the hand would move at an event."""
    outcome = game.outcome()
    flags, template, values = lesson.flags_message(game.deal, outcome)
    return {
        "ns_tricks": outcome.north_south_tricks,
        "ew_tricks": outcome.east_west_tricks,
        "visitors": "NS" if lesson.visitors_are_north_south(game.deal) else "EW",
        "flags": flags,
        "text": _(template) % values,
    }


def review(game: Game, stored: dict) -> dict:
    """The hand as dealt and every trick in order; each card's cost follows (``whist_review``)."""
    return {
        "hands": [
            {"seat": seat.letter, "name": seat_word(seat), "cards": [card_json(c) for c in held]}
            for seat in DIAGRAM
            for held in [game.deal.hands[seat]]
        ],
        "tricks": [{"number": n, **trick_json(t)} for n, t in enumerate(game.tricks, start=1)],
        "helped": helped(stored)["text"],
    }


def helped(stored: dict) -> dict:
    """How often the player asked for a hint or took a card back, and the sentence saying so."""
    hints, undos = len(stored.get("hints", [])), stored.get("undos", 0)
    parts = []
    if hints:
        parts.append(ngettext("%(count)s hint", "%(count)s hints", hints) % {"count": hints})
    if undos:
        parts.append(
            ngettext("%(count)s card taken back", "%(count)s cards taken back", undos)
            % {"count": undos}
        )
    text = ""
    if parts:
        text = _("You played this hand with help: %(help)s.") % {"help": _(" and ").join(parts)}
    return {"hints": hints, "undos": undos, "text": text}


def briefing(game: Game) -> dict:
    """The lesson's briefing, its words and sentence in the player's language."""
    template, values = lesson.task_message(game.deal)
    return {
        **lesson.briefing(game.deal),
        "dealer": seat_word(game.deal.dealer),
        "leader": seat_word(game.deal.first_leader),
        "trump": trump_word(game.deal.trump),
        "task": _(template) % values,
    }
