"""Militac at the practice table: South is the person, the other three seats the computer."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..games.militac.ai import BasicPlayer, StrongPlayer
from ..games.militac.cards import Card, Company, Seat
from ..games.militac.game import AIDE, BIDDING, OVER, Bid, Game
from ..games.table import IllegalMove
from . import militac_words as words

HUMAN = Seat.SOUTH
LEVELS = {
    "basic": gettext_lazy("Club player"),
    "strong": gettext_lazy("Expert (plays out sampled deals)"),
}
SUMMARY = {
    "key": "militac",
    "name": "Militac",
    "text": gettext_lazy(
        "Parker Brothers, 1919. Four players, two partnerships, the 49 army cards: bid "
        "squads on a company or on combined forces, take the Aide, follow or command."
    ),
}
CHOICES = {"levels": LEVELS}


def options(params) -> dict:
    level = params.get("level") or "basic"
    return {"level": level if level in LEVELS else "basic"}


def load(stored: dict) -> Game:
    return Game.replay(stored["seed"], stored["moves"])


def _player(game: Game, stored: dict):
    if stored["level"] == "strong":
        return StrongPlayer.for_move(game.seed, len(game.moves))
    return BasicPlayer()


def human_move(game: Game, move: str) -> list[dict]:
    if game.turn != HUMAN:
        raise IllegalMove("It is not your turn." if game.turn else "The deal is over.")
    return [_step(game, HUMAN, move, game.apply(move, seat=HUMAN))]


def computer_turns(game: Game, stored: dict) -> list[dict]:
    steps = []
    while game.turn is not None and game.turn != HUMAN:
        seat = game.turn
        move = _player(game, stored).choose(game.view())
        steps.append(_step(game, seat, move, game.apply(move, seat=seat)))
    return steps


def card_json(card: Card) -> dict:
    return {
        "code": card.code,
        "rank": "P" if card.is_president else str(card.rank),
        "short": words.card_short(card),
        "name": words.card_name(card),
        "company": words.card_name(card) if card.is_president else words.company_word(card.company),
        "colour": "president" if card.is_president else card.company.colour,
        "words": words.card_words(card),
    }


def _bid_words(bid: Bid | None) -> str:
    return "passes" if bid is None else f"bids {bid.words}"


def _step(game: Game, seat: Seat, move: str, squad) -> dict:
    verb, _, rest = move.partition(" ")
    step = {"seat": seat.letter, "verb": verb, "sentence": words.step_sentence(seat, verb, rest)}
    if verb in ("pass", "bid"):
        step["text"] = _bid_words(None if verb == "pass" else Bid.parse(rest))
    elif verb == "discard":
        step["text"] = "takes the Aide and discards a card face down"
    else:
        step["card"] = card_json(Card.parse(rest))
        step["text"] = f"plays the {Card.parse(rest).words}"
    if squad is not None:
        step["winner"] = squad.winner.letter
        step["squads"] = {"NS": game.squads("NS"), "EW": game.squads("EW")}
    if verb in ("pass", "bid") and game.phase != BIDDING:
        step["contract"] = _contract(game)
    return step


def _contract(game: Game) -> dict | None:
    if game.contract is None:
        return None
    return {
        "seat": game.declarer.letter,
        "text": words.bid_words(game.contract),
        "value": game.contract.value,
    }


def state(game: Game, stored: dict, steps: list[dict]) -> dict:
    legal = set(game.legal_moves()) if game.turn == HUMAN else set()
    hand = []
    for card in game.hands[HUMAN]:
        verb = "discard" if game.phase == AIDE else "play"
        entry = card_json(card)
        entry["legal"] = f"{verb} {card.code}" in legal
        entry["aide"] = game.phase == AIDE and card == game.aide and game.declarer == HUMAN
        hand.append(entry)
    result = {
        "game": "militac",
        "deal": game.seed,
        "level": stored["level"],
        "dealer": game.dealer.letter,
        "phase": game.phase,
        "turn": game.turn.letter if game.turn else None,
        "hand": hand,
        "bids": [
            {"seat": s.letter, "text": _bid_words(b), "sentence": words.bid_sentence(s, b)}
            for s, b in game.bids
        ],
        "bid_options": [
            {"code": m.split()[1], "text": words.bid_words(Bid.parse(m.split()[1]))}
            for m in game.legal_moves()
            if m.startswith("bid ") and game.turn == HUMAN
        ],
        "contract": _contract(game),
        "commanders": words.company_word(game.commanders)
        if isinstance(game.commanders, Company)
        else None,
        "trick": {
            "leader": game.current.leader.letter if game.current else None,
            "plays": [
                {"seat": s.letter, "card": card_json(c)}
                for s, c in (game.current.plays if game.current else [])
            ],
        },
        "squads": {"NS": game.squads("NS"), "EW": game.squads("EW")},
        "squad_number": min(len(game.tricks) + 1, 12),
        "finished": game.phase == OVER,
        "steps": steps,
    }
    if game.phase == OVER:
        result["summary"] = _summary(game)
    return result


def _summary(game: Game) -> dict:
    score = game.score()
    if game.contract is None:
        text = _("All four passed: the deal is thrown in. No score.")
        return {"NS": 0, "EW": 0, "text": text, "review": {"squads": [], "lines": []}}
    text = words.summary_text(game.declarer, game.contract, score)
    return {
        "NS": score["NS"],
        "EW": score["EW"],
        "text": text,
        "made": score["made"],
        "review": _review(game, score),
    }


def _review(game: Game, score: dict) -> dict:
    """Every squad in order, whose it was, and the bid's result explained."""
    return {
        "squads": [
            {
                "number": number,
                "leader": squad.leader.letter,
                "winner": squad.winner.letter,
                "ours": squad.winner.side == HUMAN.side,
                "plays": [{"seat": s.letter, "card": card_json(c)} for s, c in squad.plays],
            }
            for number, squad in enumerate(game.tricks, start=1)
        ],
        "lines": [
            words.aide_sentence(game.declarer, game.aide, game.buried, HUMAN),
            words.command_sentence(game.contract),
            words.bid_explained(game.declarer, game.contract, score),
        ],
    }
