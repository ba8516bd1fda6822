"""Practice hands against the computer: the page and the JSON interface that drives it.

The server owns the game. The session holds only the seed, the trump choice, the computer
level and the cards played; every request replays the deal from them, refuses a card that
is out of turn or illegal, and lets the computer seats play until it is South's turn again.
"""

from __future__ import annotations

import json
import secrets
from functools import lru_cache

from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from ..games.whist import lesson
from ..games.whist.ai import BasicPlayer
from ..games.whist.cards import Card, Seat
from ..games.whist.game import Game, IllegalPlay, new_deal
from ..games.whist.search import StrongPlayer, endplay_available
from ..games.whist.solver import shared_pool
from ..games.whist.tricks import TRUMP_CODES, parse_trump, trump_code
from .whist_words import card_words, illegal_play, rank_face, seat_word, trump_word

SESSION_KEY = "practice"
HUMAN = Seat.SOUTH
LEVELS = {
    "basic": gettext_lazy("Club player"),
    "strong": gettext_lazy("Expert (searches sampled deals)"),
}
MAX_SEED = 999_999


def deal_seed(text: object) -> int | None:
    """The deal number typed (digits 0-9 only, not '²' or '٣'), from 1 to ``MAX_SEED``, or None."""
    text = str(text if text is not None else "").strip()
    if text.isascii() and text.isdigit() and len(text) <= 6 and 0 < int(text) <= MAX_SEED:
        return int(text)
    return None


def _options(params) -> dict:
    """The trump code (or None for the deal's own) and computer level asked for."""
    trump = (params.get("trump") or "").upper()
    level = params.get("level") or "basic"
    return {
        "trump": trump if trump in TRUMP_CODES else None,
        "level": level if level in LEVELS else "basic",
    }


@require_GET
def page(request):
    """The card table; without a valid ``?deal=`` it sends the player to a fresh deal."""
    seed = deal_seed(request.GET.get("deal"))
    options = _options(request.GET)
    if seed is None:
        query = {"deal": secrets.randbelow(MAX_SEED) + 1}
        query.update({k: v for k, v in options.items() if v and v != "basic"})
        params = "&".join(f"{key}={value}" for key, value in query.items())
        return HttpResponseRedirect(f"{reverse('practice:page')}?{params}")
    if endplay_available():
        shared_pool().warm()  # the strong level and the summary's double-dummy result use it
    context = {
        "seed": seed,
        "options": options,
        "levels": LEVELS,
        "expert_missing": not endplay_available(),
        "trumps": [(code, trump_word(parse_trump(code))) for code in TRUMP_CODES],
    }
    return render(request, "practice/whist.html", context)


@require_POST
def start(request):
    """Deal the hand named in the body afresh (with ``resume``, carry on one not finished)."""
    body = _body(request)
    seed = deal_seed(body.get("deal"))
    if seed is None:
        message = _("Give a deal number from 1 to %(most)s.") % {"most": MAX_SEED}
        return JsonResponse({"error": message}, status=400)
    stored = {"seed": seed, **_options(body), "plays": []}
    saved = request.session.get(SESSION_KEY)
    if body.get("resume") and saved and _same_deal(saved, stored) and len(saved["plays"]) < 52:
        stored = saved
    game = _load(stored)
    steps = _computer_turns(game, stored)
    _save(request, stored, game)
    return JsonResponse(_state(game, stored, steps))


@require_GET
def state(request):
    stored = request.session.get(SESSION_KEY)
    if not stored:
        return _no_hand()
    return JsonResponse(_state(_load(stored), stored, []))


@require_POST
def play(request):
    """Play South's card; refuse it, changing nothing, if it is not South's legal card now."""
    stored = request.session.get(SESSION_KEY)
    if not stored:
        return _no_hand()
    game = _load(stored)
    try:
        card = Card.parse(str(_body(request).get("card", "")))
        game.play(card, seat=HUMAN)
    except (ValueError, IllegalPlay) as error:
        refused = {"error": illegal_play(error), **_state(_load(stored), stored, [])}
        return JsonResponse(refused, status=400)
    steps = [_step(game, HUMAN, card)] + _computer_turns(game, stored)
    _save(request, stored, game)
    return JsonResponse(_state(game, stored, steps))


# Helpers ----------------------------------------------------------------------------------


def _no_hand() -> JsonResponse:
    return JsonResponse({"error": _("No hand in play: open /practice/ to deal one.")}, status=404)


def _body(request) -> dict:
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def _same_deal(saved: dict, wanted: dict) -> bool:
    return all(saved.get(key) == wanted[key] for key in ("seed", "trump", "level"))


def _load(stored: dict) -> Game:
    return Game.replay(new_deal(stored["seed"], trump=stored["trump"]), stored["plays"])


def _save(request, stored: dict, game: Game) -> None:
    request.session[SESSION_KEY] = {**stored, "plays": [card.code for card in game.plays]}


def _computer_turns(game: Game, stored: dict) -> list[dict]:
    """Let the computer seats play until South must play or the hand is over."""
    steps = []
    while game.turn is not None and game.turn != HUMAN:
        seat = game.turn
        card = _player(stored).choose(game.view())
        game.play(card, seat=seat)
        steps.append(_step(game, seat, card))
    return steps


def _player(stored: dict):
    if stored["level"] == "strong" and endplay_available():
        # Its layouts follow from the deal and the position: a replay gets the same play.
        return StrongPlayer(stored["seed"])
    return BasicPlayer()


def _card(card: Card) -> dict:
    return {
        "code": card.code,
        "label": rank_face(card.rank) + card.suit.symbol,
        "rank": rank_face(card.rank),
        "suit": card.suit.symbol,
        "words": card_words(card),
        "red": card.suit.is_red,
    }


def _step(game: Game, seat: Seat, card: Card) -> dict:
    """One card just played; ``winner`` is set when it completed a trick."""
    done = not game.current.cards and game.tricks
    return {
        "seat": seat.letter,
        "card": _card(card),
        "winner": game.tricks[-1].winner.letter if done else None,
        "tricks": {"ns": game.tricks_won(Seat.NORTH), "ew": game.tricks_won(Seat.EAST)},
    }


def _trick(trick) -> dict:
    return {
        "leader": trick.leader.letter,
        "plays": [{"seat": s.letter, "card": _card(c)} for s, c in trick.plays],
        "winner": None if trick.winner is None else trick.winner.letter,
    }


def _state(game: Game, stored: dict, steps: list[dict]) -> dict:
    legal = set(game.legal_moves()) if game.turn == HUMAN else set()
    outcome = game.outcome()
    state = {
        "deal": stored["seed"],
        "level": stored["level"],
        "trump": {
            "code": trump_code(game.trump),
            "name": trump_word(game.trump),
            "symbol": "NT" if game.trump is None else game.trump.symbol,
        },
        "dealer": game.deal.dealer.letter,
        "briefing": _briefing(game),
        "turn": game.turn.letter if game.turn else None,
        "hand": [{**_card(card), "legal": card in legal} for card in game.hands[HUMAN]],
        "trick": _trick(game.current),
        "last_trick": _trick(game.tricks[-1]) if game.tricks else None,
        "tricks": {"ns": outcome.north_south_tricks, "ew": outcome.east_west_tricks},
        "trick_number": min(len(game.tricks) + 1, 13),
        "finished": game.is_over,
        "steps": steps,
    }
    if game.is_over:
        state["summary"] = _summary(game, stored)
    return state


def _summary(game: Game, stored: dict) -> dict:
    """The flags the hand would move, and North-South's tricks beside the cards' best."""
    outcome = game.outcome()
    flags, template, values = lesson.flags_message(game.deal, outcome)
    text = _(template) % values
    par = _par(stored["seed"], stored["trump"]) if endplay_available() else None
    return {
        "ns_tricks": outcome.north_south_tricks,
        "ew_tricks": outcome.east_west_tricks,
        "visitors": "NS" if lesson.visitors_are_north_south(game.deal) else "EW",
        "flags": flags,
        "text": text,
        "par": par,
        "par_text": None if par is None else _par_text(par, outcome.north_south_tricks),
    }


def _par_text(par: int, taken: int) -> str:
    return _(lesson.PAR) % {"par": par, "taken": taken}


def _briefing(game: Game) -> dict:
    """The lesson's briefing, its words and sentence in the player's language."""
    briefing = lesson.briefing(game.deal)
    template, values = lesson.task_message(game.deal)
    return {
        **briefing,
        "dealer": seat_word(game.deal.dealer),
        "leader": seat_word(game.deal.first_leader),
        "trump": trump_word(game.deal.trump),
        "task": _(template) % values,
    }


@lru_cache(maxsize=512)
def _par(seed: int, trump: str | None) -> int:
    return lesson.par_north_south(new_deal(seed, trump=trump), shared_pool())
