"""Militaire at the practice table: player 0 ("You") is the person, the others the computer."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..games.militaire.ai import BasicPlayer, StrongPlayer
from ..games.militaire.cards import PACK_NAMES, Card, parse
from ..games.militaire.game import DRAW, GAME_OVER, MELD, ROUND_OVER, TARGET, Game
from ..games.table import IllegalMove
from . import militaire_words as words

HUMAN = 0
LEVELS = {
    "basic": gettext_lazy("Club player"),
    "strong": gettext_lazy("Expert (counts the cards still live)"),
}
SUMMARY = {
    "key": "militaire",
    "name": "Militaire",
    "text": gettext_lazy(
        "The British Army's rummy game. Three or four players, seven cards: draw, meld, "
        "discard, and go out on a contract. First to 500. Standard pack or the Army rank pack."
    ),
}
CHOICES = {
    "levels": LEVELS,
    "packs": {key: words.lazy_pack_name(key) for key in PACK_NAMES},
    "player_counts": (3, 4),
}


def options(params) -> dict:
    level = params.get("level") or "basic"
    pack = params.get("pack") or "french"
    players = str(params.get("players") or "4")
    return {
        "level": level if level in LEVELS else "basic",
        "pack": pack if pack in PACK_NAMES else "french",
        "players": int(players) if players in ("3", "4") else 4,
    }


def load(stored: dict) -> Game:
    return Game.replay(stored["seed"], stored["pack"], stored["players"], stored["moves"])


def human_move(game: Game, move: str) -> list[dict]:
    if game.phase in (DRAW, MELD) and game.turn != HUMAN:
        raise IllegalMove("It is not your turn.")
    before = game.hands[HUMAN][:] if game.phase == DRAW else None
    game.apply(move, player=HUMAN)
    return [_step(game, HUMAN, move, before)]


def computer_turns(game: Game, stored: dict) -> list[dict]:
    player_class = StrongPlayer if stored["level"] == "strong" else BasicPlayer
    steps = []
    while game.phase in (DRAW, MELD) and game.turn != HUMAN:
        seat = game.turn
        move = player_class().choose(game.view())
        game.apply(move)
        steps.append(_step(game, seat, move, None))
    return steps


def card_json(card: Card) -> dict:
    return {"code": card.code, "label": words.card_label(card), "words": words.card_words(card),
            "red": card.red, "wild": card.wild, "points": card.points}  # fmt: skip


def _step(game: Game, player: int, move: str, before) -> dict:
    """What a move says as it is made, in the player's language."""
    verb, _space, rest = move.partition(" ")
    you = player == HUMAN
    values = {"name": words.player_name(game.names[player])}
    if verb == "draw" and rest == "discard":
        values["card"] = words.card_words(game.taken) if game.taken else _("card")
        text = (
            _("You take the %(card)s from the discard pile.")
            if you
            else _("%(name)s takes the %(card)s from the discard pile.")
        )
    elif verb == "draw":
        text = _("You draw from the stock.") if you else _("%(name)s draws from the stock.")
    elif verb == "meld":
        cards = [parse(game.pack, code) for code in rest.split()]
        values["cards"] = ", ".join(words.card_words(card) for card in cards)
        text = _("You meld %(cards)s.") if you else _("%(name)s melds %(cards)s.")
    elif verb == "discard":
        values["card"] = words.card_words(parse(game.pack, rest))
        text = _("You discard the %(card)s.") if you else _("%(name)s discards the %(card)s.")
    else:
        text = _("You deal the next round.") if you else _("%(name)s deals the next round.")
    return {"player": player, "text": text % values}


def state(game: Game, stored: dict, steps: list[dict]) -> dict:
    mine = game.turn == HUMAN and game.phase in (DRAW, MELD)
    legal = set(game.legal_moves()) if mine else set()
    result = {
        "game": "militaire",
        "deal": game.seed,
        "level": stored["level"],
        "pack": game.pack,
        "pack_name": words.pack_name(game.pack),
        "players": game.players,
        "names": [words.player_name(name) for name in game.names],
        "phase": game.phase,
        "your_turn": mine,
        "turn": game.turn,
        "dealer": game.dealer,
        "round": len(game.results) + (game.phase in (DRAW, MELD)),
        "hand": [
            {**card_json(c), "discard": f"discard {c.code}" in legal} for c in game.hands[HUMAN]
        ],
        "taken": game.taken.code if game.taken else None,
        "discard_top": card_json(game.discards[-1]) if game.discards else None,
        "stock": len(game.stock),
        "hand_sizes": [len(hand) for hand in game.hands],
        "melds": [[_meld(m) for m in melds] for melds in game.melds],
        "totals": game.totals,
        "target": TARGET,
        "rounds": [_result(game, r) for r in game.results],
        "finished": game.phase == GAME_OVER,
        "round_over": game.phase in (ROUND_OVER, GAME_OVER),
        "leaders": [words.player_name(game.names[p]) for p in game.leaders],
        "game_over": _game_over(game),
        "steps": steps,
    }
    return result


def _meld(meld) -> dict:
    return {
        "kind": words.meld_kind(meld.kind),
        "cards": [card_json(c) for c in meld.cards],
        "points": meld.points,
        "bonus": meld.bonus,
    }


def _game_over(game: Game) -> str:
    """Who won the game, in a sentence that agrees with its subject."""
    if game.phase != GAME_OVER:
        return ""
    if len(game.leaders) > 1:
        names = _(" and ").join(words.player_name(game.names[p]) for p in game.leaders)
        return _("Game over: %(leaders)s share the win.") % {"leaders": names}
    if game.leaders[0] == HUMAN:
        return _("Game over: you win.")
    return _("Game over: %(name)s wins.") % {"name": words.player_name(game.names[game.leaders[0]])}


def _result(game: Game, result) -> dict:
    if result.winner is None:
        text = _("The stock ran out: no one went out. Each player scores the cards they melded.")
    else:
        values = {"name": words.player_name(game.names[result.winner]), "bonus": result.bonus}
        if result.winner == HUMAN:
            text = _("You went out with a bonus of %(bonus)s") % values
        else:
            text = _("%(name)s went out with a bonus of %(bonus)s") % values
        if result.unused is not None:
            text += _(", less %(points)s for the unused %(card)s") % {
                "points": result.unused.points,
                "card": words.card_words(result.unused),
            }
        text += "."
    melds = [
        {
            "name": words.player_name(game.names[player]),
            "melds": [_meld(m) for m in melds],
            "points": result.points[player],
            "line": words.round_line(result, player, HUMAN),
        }
        for player, melds in enumerate(result.melds)
    ]
    return {"winner": result.winner, "points": result.points, "text": text, "players": melds}
