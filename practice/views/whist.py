"""Practice hands against the computer: the page and the JSON interface that drives it.

The server owns the game. The session holds, for each deal a browser has open
(``tables.py``), only the seed, the trump choice, the computer level, the cards played and
the help taken (hints, cards taken back); every request replays the deal from them, refuses a
card that is out of turn or illegal, and lets the computer seats play until it is South's
turn again. Every request names its deal, so two tabs never mix; reloading a deal's page
resumes it where it stood.
"""

from __future__ import annotations

from functools import wraps

from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from ..games.whist.ai import BasicPlayer
from ..games.whist.cards import Card
from ..games.whist.game import Game, IllegalPlay, new_deal
from ..games.whist.hint import advise
from ..games.whist.search import StrongPlayer, endplay_available
from ..games.whist.solver import shared_pool
from ..games.whist.tricks import TRUMP_CODES, parse_trump
from . import tables, whist_review
from .tables import Refused, deal_seed
from .whist_state import HUMAN, south_cards_played, state, step
from .whist_words import advice_words, illegal_play, trump_word

LEVELS = {
    "basic": gettext_lazy("Club player"),
    "strong": gettext_lazy("Expert (searches sampled deals)"),
}
REVIEW_WAIT = 10.0  # seconds a request for the costs waits before telling the page to ask again


def options(params) -> dict:
    """The trump code (or None for the deal's own) and computer level asked for."""
    trump = tables.option(params, "trump", "").upper()
    level = tables.option(params, "level", "basic")
    return {
        "trump": trump if trump in TRUMP_CODES else None,
        "level": level if level in LEVELS else "basic",
    }


@require_safe
def page(request):
    """The card table; without a valid ``?deal=`` it sends the player to a fresh deal."""
    seed = deal_seed(request.GET.get("deal"))
    chosen = options(request.GET)
    if seed is None:
        query = {"deal": tables.fresh_seed()}
        query.update({k: v for k, v in chosen.items() if v and v != "basic"})
        params = "&".join(f"{key}={value}" for key, value in query.items())
        return HttpResponseRedirect(f"{reverse('practice:page')}?{params}")
    if endplay_available():
        shared_pool().warm()  # the strong level, the hints and the review use it
    context = {
        "seed": seed,
        "options": chosen,
        "levels": LEVELS,
        "expert_missing": not endplay_available(),
        "trumps": [(code, trump_word(parse_trump(code))) for code in TRUMP_CODES],
    }
    return render(request, "practice/whist.html", context)


@require_POST
@tables.reads_body
def start(request, body: dict):
    """Deal the hand named in the body afresh; with ``resume``, carry on the one in play."""
    try:
        key = _key(body)
    except Refused as refusal:
        return refusal.response()
    fresh = {"seed": deal_seed(body["deal"]), **options(body), "plays": []}
    with tables.tables(request) as held:
        stored = held.get(key) if body.get("resume") else None
        try:
            game = _load(stored) if stored else None
        except IllegalPlay:  # kept by a version whose cards no longer replay: deal afresh
            game = None
        if game is None:
            stored, game = fresh, _load(fresh)
        steps = _computer_turns(game, stored)
        tables.touch(held, key, _saved(stored, game))
    whist_review.begin(game)
    return JsonResponse(state(game, stored, steps))


@require_safe
def state_view(request):
    try:
        key = _key(request.GET)
        stored = _in_play(request, key)
    except Refused as refusal:
        return refusal.response()
    return JsonResponse(state(_load(stored), stored, []))


def _move_on_deal(view):
    """A request that changes the deal it names: ``view(held, key, stored, game, body)`` runs
    with this browser's deals under their lock. A deal not in play here, or one that went on in
    another tab, is refused, changing nothing, with where it stands, before the view runs."""

    @require_POST
    @tables.reads_body
    @wraps(view)
    def on_deal(request, body: dict):
        with tables.tables(request) as held:
            try:
                key, stored, game = _move(held, body)
            except Refused as refusal:
                return refusal.response(_current(held, body))
            return view(held, key, stored, game, body)

    return on_deal


@_move_on_deal
def play(held: dict, key: str, stored: dict, game: Game, body: dict):
    """Play South's card; refuse it, changing nothing, if it is not South's legal card now."""
    try:
        card = Card.parse(str(body.get("card", "")))
        game.play(card, seat=HUMAN)
    except (ValueError, IllegalPlay) as error:
        refused = {"error": illegal_play(error), **state(_load(stored), stored, [])}
        return JsonResponse(refused, status=400)
    steps = [step(game, HUMAN, card)] + _computer_turns(game, stored)
    stored = _saved(stored, game)
    tables.touch(held, key, stored)
    whist_review.begin(game)  # the hand's last card: its review starts now, off this request
    return JsonResponse(state(game, stored, steps))


@_move_on_deal
def undo(held: dict, key: str, stored: dict, game: Game, body: dict):
    """Take back South's last card and the computers' cards after it, until the hand ends."""
    mine = south_cards_played(game)
    if game.is_over or not mine:
        message = (
            _("The hand is over: replay the deal to play it again.")
            if game.is_over
            else _("You have played no card yet in this hand.")
        )
        return JsonResponse({"error": message, **state(game, stored, [])}, status=400)
    stored = {**stored, "plays": stored["plays"][: mine[-1]]}
    stored["undos"] = stored.get("undos", 0) + 1
    tables.touch(held, key, stored)
    return JsonResponse(state(_load(stored), stored, []))


@_move_on_deal
def hint(held: dict, key: str, stored: dict, game: Game, body: dict):
    """The card the expert level would play now in South's place, and why."""
    if game.turn != HUMAN:
        message = _("The hand is over.") if game.is_over else _("It is not your turn.")
        return JsonResponse({"error": message, **state(game, stored, [])}, status=400)
    strong = StrongPlayer(stored["seed"]) if endplay_available() else None
    advice = advise(game.view(), strong)
    hints = sorted({*stored.get("hints", []), len(game.plays)})
    stored = {**stored, "hints": hints}
    tables.touch(held, key, stored)
    answer = {"card": advice.card.code, "text": advice_words(advice)}
    return JsonResponse({"hint": answer, **state(game, stored, [])})


@require_safe
def review(request):
    """The finished hand's costs, card by card, and the sentences that sum them up."""
    try:
        stored = _in_play(request, _key(request.GET))
    except Refused as refusal:
        return refusal.response()
    game = _load(stored)
    if not game.is_over:
        return JsonResponse({"error": _("The hand is not over yet.")}, status=400)
    if not endplay_available():
        return JsonResponse({"missing": whist_review.missing()})
    numbers = whist_review.costs(game, REVIEW_WAIT)
    if numbers is None:
        return JsonResponse({"pending": True}, status=202)
    return JsonResponse(whist_review.words(game, numbers))


# Helpers ----------------------------------------------------------------------------------


def _key(params) -> str:
    return tables.table_key("whist", params, options(params))


def _in_play(request, key: str) -> dict:
    stored = request.session.get(tables.SESSION_KEY, {}).get(key)
    if stored is None:
        raise tables.no_table()
    return stored


def _move(held: dict, body: dict) -> tuple[str, dict, Game]:
    """The deal a move names, as this browser holds it, checked against what the tab saw."""
    key = _key(body)
    stored = held.get(key)
    if stored is None:
        raise tables.no_table()
    tables.check_seen(body, len(stored["plays"]))
    return key, stored, _load(stored)


def _current(held: dict, body: dict) -> dict:
    """Where a refused move's deal stands, for the tab to show (nothing if not in play)."""
    try:
        stored = held.get(_key(body))
    except Refused:
        return {}
    return state(_load(stored), stored, []) if stored else {}


def _load(stored: dict) -> Game:
    return Game.replay(new_deal(stored["seed"], trump=stored["trump"]), stored["plays"])


def _saved(stored: dict, game: Game) -> dict:
    return {**stored, "plays": [card.code for card in game.plays]}


def _computer_turns(game: Game, stored: dict) -> list[dict]:
    """Let the computer seats play until South must play or the hand is over."""
    steps = []
    while game.turn is not None and game.turn != HUMAN:
        seat = game.turn
        card = _player(stored).choose(game.view())
        game.play(card, seat=seat)
        steps.append(step(game, seat, card))
    return steps


def _player(stored: dict):
    if stored["level"] == "strong" and endplay_available():
        # Its layouts follow from the deal and the position: a replay gets the same play.
        return StrongPlayer(stored["seed"])
    return BasicPlayer()
