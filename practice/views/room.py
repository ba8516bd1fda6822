"""The practice room: a landing page offering each game, and Militac and Militaire tables.

As for whist, the server owns every game. The session keeps, for each deal a browser has open
(``tables.py``), only the seed, the options and the moves made; each request names its deal,
replays the game from them, refuses a move that is out of turn or against the rules (with the
reason, status 400), then lets the computer seats move until it is the person's turn again.
Each game's own rules live in its adapter module.
"""

from __future__ import annotations

from django.http import Http404, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST, require_safe

from ..games.table import IllegalMove
from . import militac, militaire, tables, whist
from .tables import Refused

GAMES = {"militac": militac, "militaire": militaire}
# The games' refusals a person can meet, as the games word them (they import no Django);
# translated here when the reader's language is not English.
REFUSALS = {
    gettext_noop("It is not your turn."),
    gettext_noop("The deal is over."),
    gettext_noop("The game is over."),
    gettext_noop("The round is over: deal the next round."),
    gettext_noop("First draw a card: from the stock or the discard pile."),
    gettext_noop("Now meld or discard a card to end your turn."),
    gettext_noop("The discard pile is empty: draw from the stock."),
    gettext_noop("Name each card once."),
    gettext_noop(
        "Those cards are not a meld: a set is three or four of a rank, a run three or more in "
        "sequence in one suit."
    ),
    gettext_noop(
        "Those cards are not a meld: a set is three or four of a rank, a run three or more in "
        "sequence."
    ),
    gettext_noop(
        "That meld can never make a contract (two sets, a run and a set, or a run of six or "
        "seven out of seven cards)."
    ),
    gettext_noop("Keep a card to discard."),
    gettext_noop("Name the card to discard."),
    gettext_noop("A card taken from the discard pile cannot go straight back."),
}


def refusal(error: IllegalMove) -> str:
    """Why a move was refused, in the reader's language (a move the page never offers, such
    as a card not held, gets a plain "not allowed" outside English)."""
    text = str(error)
    if text in REFUSALS or translation.get_language().startswith("en"):
        return _(text) if text in REFUSALS else text
    return _("That move is not allowed now.")


def _game(name: str):
    if name not in GAMES:
        raise Http404("No such practice game")
    return GAMES[name]


@require_safe
def landing(request):
    """``/practice/`` offers the three games, each with its computer level to choose; any
    query goes on to the whist table."""
    if request.GET:
        return whist.page(request)
    games = [{**module.SUMMARY, "levels": module.LEVELS} for module in GAMES.values()]
    return render(request, "practice/room.html", {"games": games, "whist_levels": whist.LEVELS})


@require_safe
def table(request, game: str):
    """A game's card table; without a valid ``?deal=`` it sends the player to a fresh deal."""
    if game == "whist":
        return HttpResponseRedirect(f"{reverse('practice:page')}?{request.GET.urlencode()}")
    module = _game(game)
    seed = tables.deal_seed(request.GET.get("deal"))
    options = module.options(request.GET)
    if seed is None:
        query = {"deal": tables.fresh_seed(), **options}
        params = "&".join(f"{key}={value}" for key, value in query.items())
        return HttpResponseRedirect(f"{reverse('practice:table', args=[game])}?{params}")
    context = {"seed": seed, "options": options, "game": game, **module.CHOICES}
    return render(request, f"practice/{game}.html", context)


@require_safe
def rules(request, game: str):
    if game != "whist":
        _game(game)
    return render(request, f"practice/{game}_rules.html", {"game": game})


@require_POST
@tables.reads_body
def start(request, body: dict, game: str):
    """Deal the game named in the body afresh; with ``resume``, carry on the one in play."""
    module = _game(game)
    try:
        key = _key(game, module, body)
    except Refused as refused:
        return refused.response()
    fresh = {"seed": tables.deal_seed(body["deal"]), **module.options(body), "moves": []}
    with tables.tables(request) as held:
        stored = held.get(key) if body.get("resume") else None
        try:
            played = module.load(stored) if stored else None
        except (IllegalMove, ValueError):  # kept by a version whose moves no longer replay
            played = None
        if played is None:
            stored, played = fresh, module.load(fresh)
        steps = module.computer_turns(played, stored)
        tables.touch(held, key, _saved(stored, played))
    return JsonResponse(_state(module, played, stored, steps))


@require_safe
def state(request, game: str):
    module = _game(game)
    try:
        key = _key(game, module, request.GET)
    except Refused as refused:
        return refused.response()
    stored = request.session.get(tables.SESSION_KEY, {}).get(key)
    if not stored:
        return tables.no_table().response()
    return JsonResponse(_state(module, module.load(stored), stored, []))


MOVE_MAX = 80  # characters


@require_POST
@tables.reads_body
def move(request, body: dict, game: str):
    """Make the person's move; refuse it, changing nothing, if the rules do not allow it now."""
    module = _game(game)
    with tables.tables(request) as held:
        stored = None
        try:
            key = _key(game, module, body)
            stored = held.get(key)
            if not stored:
                raise tables.no_table()
            tables.check_seen(body, len(stored["moves"]))
        except Refused as refused:
            current = _state(module, module.load(stored), stored, []) if stored else {}
            return refused.response(current)
        played = module.load(stored)
        wanted = body.get("move")
        # The longest real move ("discard" and its cards) is far shorter: a longer one is not a
        # move, and a refusal never echoes it back whole.
        if not isinstance(wanted, str) or not wanted.strip() or len(wanted) > MOVE_MAX:
            refused = {"error": _("Name a move."), **_state(module, played, stored, [])}
            return JsonResponse(refused, status=400)
        try:
            steps = module.human_move(played, wanted)
        except IllegalMove as error:
            fresh = module.load(stored)
            refused = {"error": refusal(error), **_state(module, fresh, stored, [])}
            return JsonResponse(refused, status=400)
        steps += module.computer_turns(played, stored)
        stored = _saved(stored, played)
        tables.touch(held, key, stored)
    return JsonResponse(_state(module, played, stored, steps))


def _key(game: str, module, params) -> str:
    return tables.table_key(game, params, module.options(params))


def _state(module, played, stored: dict, steps: list[dict]) -> dict:
    return {**module.state(played, stored, steps), "made": len(played.moves)}


def _saved(stored: dict, played) -> dict:
    return {**stored, "moves": list(played.moves)}
