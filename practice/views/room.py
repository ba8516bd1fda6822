"""The practice room: a landing page offering each game, and Militac and Militaire tables.

As for whist, the server owns every game. The session keeps only the seed, the options and the
moves made; each request replays the game from them, refuses a move that is out of turn or
against the rules (with the reason, status 400), then lets the computer seats move until it is
the person's turn again. Each game's own rules live in its adapter module.
"""

from __future__ import annotations

import json
import secrets

from django.http import Http404, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET, require_POST

from ..games.table import IllegalMove
from . import militac, militaire, whist

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


@require_GET
def landing(request):
    """``/practice/`` offers the three games; any query goes on to the whist table as before."""
    if request.GET:
        return whist.page(request)
    games = [module.SUMMARY for module in GAMES.values()]
    return render(request, "practice/room.html", {"games": games})


@require_GET
def table(request, game: str):
    """A game's card table; without a valid ``?deal=`` it sends the player to a fresh deal."""
    module = _game(game)
    seed = whist.deal_seed(request.GET.get("deal"))
    options = module.options(request.GET)
    if seed is None:
        query = {"deal": secrets.randbelow(whist.MAX_SEED) + 1, **options}
        params = "&".join(f"{key}={value}" for key, value in query.items())
        return HttpResponseRedirect(f"{reverse('practice:table', args=[game])}?{params}")
    context = {"seed": seed, "options": options, "game": game, **module.CHOICES}
    return render(request, f"practice/{game}.html", context)


@require_GET
def rules(request, game: str):
    _game(game)
    return render(request, f"practice/{game}_rules.html", {"game": game})


@require_POST
def start(request, game: str):
    """Start (or, with ``resume``, carry on) the game named in the body."""
    module = _game(game)
    body = _body(request)
    seed = whist.deal_seed(body.get("deal"))
    if seed is None:
        message = _("Give a deal number from 1 to %(most)s.") % {"most": whist.MAX_SEED}
        return JsonResponse({"error": message}, status=400)
    stored = {"seed": seed, **module.options(body), "moves": []}
    saved = request.session.get(_key(game))
    if (
        body.get("resume")
        and saved
        and all(saved.get(k) == v for k, v in stored.items() if k != "moves")
    ):
        stored = saved
    played = module.load(stored)
    steps = module.computer_turns(played, stored)
    _save(request, game, stored, played)
    return JsonResponse(module.state(played, stored, steps))


@require_GET
def state(request, game: str):
    module = _game(game)
    stored = request.session.get(_key(game))
    if not stored:
        return JsonResponse(
            {"error": _("No game in play: open the table to deal one.")}, status=404
        )
    return JsonResponse(module.state(module.load(stored), stored, []))


@require_POST
def move(request, game: str):
    """Make the person's move; refuse it, changing nothing, if the rules do not allow it now."""
    module = _game(game)
    stored = request.session.get(_key(game))
    if not stored:
        return JsonResponse(
            {"error": _("No game in play: open the table to deal one.")}, status=404
        )
    played = module.load(stored)
    wanted = _body(request).get("move")
    if not isinstance(wanted, str) or not wanted.strip():
        return JsonResponse(
            {"error": _("Name a move."), **module.state(played, stored, [])}, status=400
        )
    try:
        steps = module.human_move(played, wanted)
    except IllegalMove as error:
        fresh = module.load(stored)
        refused = {"error": refusal(error), **module.state(fresh, stored, [])}
        return JsonResponse(refused, status=400)
    steps += module.computer_turns(played, stored)
    _save(request, game, stored, played)
    return JsonResponse(module.state(played, stored, steps))


def _key(game: str) -> str:
    return f"practice_{game}"


def _body(request) -> dict:
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def _save(request, game: str, stored: dict, played) -> None:
    request.session[_key(game)] = {**stored, "moves": list(played.moves)}
