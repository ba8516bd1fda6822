"""Militaire at the practice table: player 0 ("You") is the person, the others the computer."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from ..games.militaire.ai import BasicPlayer, StrongPlayer
from ..games.militaire.cards import PACK_NAMES, Card, parse
from ..games.militaire.game import DRAW, GAME_OVER, MELD, ROUND_OVER, TARGET, Game
from ..games.table import IllegalMove

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
CHOICES = {"levels": LEVELS, "packs": PACK_NAMES, "player_counts": (3, 4)}


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
    return {"code": card.code, "label": card.label, "words": card.words, "red": card.red,
            "wild": card.wild, "points": card.points}  # fmt: skip


def _step(game: Game, player: int, move: str, before) -> dict:
    name = game.names[player]
    verb, _, rest = move.partition(" ")
    if verb == "draw" and rest == "discard":
        text = f"takes the {game.hands[player] and _taken(game, player)} from the discard pile"
    elif verb == "draw":
        text = "draws from the stock"
    elif verb == "meld":
        cards = [parse(game.pack, code) for code in rest.split()]
        text = "melds " + ", ".join(card.words for card in cards)
    elif verb == "discard":
        text = f"discards the {parse(game.pack, rest).words}"
    else:
        text = "deals the next round"
    subject = "You" if player == HUMAN else name
    if player == HUMAN and text.endswith("s the next round"):
        text = "deal the next round"
    elif player == HUMAN:
        first, _, tail = text.partition(" ")
        text = {"takes": "take", "draws": "draw", "melds": "meld", "discards": "discard"}.get(
            first, first
        ) + (f" {tail}" if tail else "")
    return {"player": player, "text": f"{subject} {text}."}


def _taken(game: Game, player: int) -> str:
    return game.taken.words if game.taken else "card"


def state(game: Game, stored: dict, steps: list[dict]) -> dict:
    mine = game.turn == HUMAN and game.phase in (DRAW, MELD)
    legal = set(game.legal_moves()) if mine else set()
    result = {
        "game": "militaire",
        "deal": game.seed,
        "level": stored["level"],
        "pack": game.pack,
        "pack_name": game.pack_name,
        "players": game.players,
        "names": list(game.names),
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
        "melds": [
            [
                {"kind": m.kind, "cards": [card_json(c) for c in m.cards], "points": m.points}
                for m in melds
            ]
            for melds in game.melds
        ],
        "totals": game.totals,
        "target": TARGET,
        "rounds": [_result(game, r) for r in game.results],
        "finished": game.phase == GAME_OVER,
        "round_over": game.phase in (ROUND_OVER, GAME_OVER),
        "leaders": [game.names[p] for p in game.leaders],
        "steps": steps,
    }
    return result


def _result(game: Game, result) -> dict:
    if result.winner is None:
        text = "The stock ran out: no one went out. Each player scores the cards they melded."
    else:
        who = game.names[result.winner]
        text = f"{who} went out" + (" (you)" if result.winner == HUMAN else "")
        text += f" with a bonus of {result.bonus}"
        if result.unused is not None:
            text += f", less {result.unused.points} for the unused {result.unused.words}"
        text += "."
    return {"winner": result.winner, "points": result.points, "text": text}
