"""Each card's double-dummy cost in a finished hand, worked out off the request path.

The request that plays the hand's last card starts the review in a thread of its own (the
solving itself runs in the solver's worker processes) and answers at once; the page then asks
``api/review/`` for the costs, which waits for that work (or starts it, in another process or
after a restart) and keeps the result in the cache framework. The numbers are kept; the
sentences are written per request, in the reader's language.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

from django.core.cache import cache
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..games.whist import lesson
from ..games.whist.cards import Card, Seat
from ..games.whist.game import Game
from ..games.whist.review import review_hand
from ..games.whist.search import endplay_available
from ..games.whist.solver import shared_pool
from .whist_words import rank_face, suit_word

CACHED = 6 * 60 * 60  # seconds a review is kept
_threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="practice-review")
_pending: OrderedDict[str, Future] = OrderedDict()
_lock = threading.Lock()


def _key(game: Game) -> str:
    plays = " ".join(card.code for card in game.plays)
    digest = hashlib.sha256(f"{game.deal.seed}|{game.trump}|{plays}".encode()).hexdigest()
    return f"practice-review:1:{digest[:32]}"


def _work(game: Game) -> dict:
    review = review_hand(game, shared_pool())
    return {
        "par": review.par,
        "costs": [cost.cost for cost in review.costs],
        "better": {index: [c.code for c in cards] for index, cards in review.better.items()},
    }


def begin(game: Game) -> Future | None:
    """Start the review of a finished hand unless it is known or already under way."""
    if not endplay_available() or not game.is_over:
        return None
    key = _key(game)
    with _lock:
        if key in _pending:
            return _pending[key]
        if cache.get(key) is not None:
            return None
        future = _threads.submit(_work, game)
        _pending[key] = future
        while len(_pending) > 64:
            _pending.popitem(last=False)
    future.add_done_callback(lambda done: _keep(key, done))
    return future


def _keep(key: str, done: Future) -> None:
    if done.exception() is None:
        cache.set(key, done.result(), CACHED)


def costs(game: Game, wait: float) -> dict | None:
    """The review's numbers, waiting up to ``wait`` seconds; None if not ready by then, and
    ``{"failed": True}`` if the solving failed."""
    key = _key(game)
    known = cache.get(key)
    if known is not None:
        return known
    future = begin(game)
    if future is None:
        return cache.get(key)
    try:
        return future.result(timeout=wait)
    except FutureTimeout:
        return None
    except Exception:  # the solver gave up or broke: the page says so instead of a server error
        return {"failed": True}


def words(game: Game, numbers: dict) -> dict:
    """The costs per trick and the sentences that sum them up."""
    if numbers.get("failed"):
        return {"missing": _("What each card cost could not be worked out for this hand.")}
    per_card = numbers["costs"]
    seats = [seat for trick in game.tricks for seat, _card in trick.plays]
    lost = {seat: 0 for seat in Seat}
    for seat, cost in zip(seats, per_card, strict=True):
        lost[seat] += cost
    mistakes = [
        _mistake(game, index, [Card.parse(c) for c in better])
        for index, better in sorted((int(i), b) for i, b in numbers["better"].items())
    ]
    if mistakes:
        you = ngettext(
            "Your play cost %(count)s trick: %(list)s.",
            "Your play cost %(count)s tricks: %(list)s.",
            lost[Seat.SOUTH],
        ) % {"count": lost[Seat.SOUTH], "list": _("; ").join(mistakes)}
    else:
        you = _("Every card you played was one of the best: it cost no trick.")
    computers = _(
        "Tricks the computers' cards cost their side: North %(north)s, East %(east)s, "
        "West %(west)s."
    ) % {"north": lost[Seat.NORTH], "east": lost[Seat.EAST], "west": lost[Seat.WEST]}
    taken = game.outcome().north_south_tricks
    return {
        "par": numbers["par"],
        "par_text": _(lesson.PAR) % {"par": numbers["par"], "taken": taken},
        "costs": [per_card[i : i + 4] for i in range(0, len(per_card), 4)],
        "you": you,
        "computers": computers,
    }


def _mistake(game: Game, index: int, better: list[Card]) -> str:
    """ "trick 3, 9♠ instead of a card of clubs"; "trick 5, 2♥ instead of the K♥ or the Q♥".
    A suit whose every card the player could play was best is named as a suit."""
    legal = Game(game.deal, list(game.plays[:index])).legal_moves()
    pieces = []
    for suit in dict.fromkeys(card.suit for card in better):
        best = [card for card in better if card.suit == suit]
        if len(best) > 1 and len(best) == sum(1 for card in legal if card.suit == suit):
            pieces.append(_("a card of %(suit)s") % {"suit": suit_word(suit)})
        else:
            pieces += [_("the %(card)s") % {"card": _face(card)} for card in best]
    values = {"trick": index // 4 + 1, "card": _face(game.plays[index])}
    values["better"] = _(" or ").join(pieces[:4])
    return _("trick %(trick)s, %(card)s instead of %(better)s") % values


def _face(card: Card) -> str:
    return rank_face(card.rank) + card.suit.symbol


def missing() -> str:
    return _(
        "What each card cost needs the double-dummy solver of the expert level, which is not "
        "installed for this version of Python."
    )
