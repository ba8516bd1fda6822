"""A table's entry page on a phone: the hosts enter, the visitors confirm, the server records.

The page lives at the table's secret address (``/enter/<token>/``); the token is the only
key, and no other page accepts it. Wrong tokens are counted per client address and, past
``WRONG_TOKENS_ALLOWED`` in ``WRONG_TOKEN_WINDOW`` seconds, that address is refused for a while.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from django.core.cache import cache
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from .. import selectors, snapshot
from ..rules.errors import RulesError
from ..rules.types import Trump
from ..services import standby_sync
from ..services.table_entry import EntryUnreadable, table_entry_submit
from ..services.table_turn import AheadOfTheHall
from .hand_now_words import hand_waits_for, next_move_words, over_words

if TYPE_CHECKING:
    from ..models import TableToken

WRONG_TOKENS_ALLOWED = 10
WRONG_TOKEN_WINDOW = 600  # seconds


def _wrong_key(request) -> str:
    return f"whist:wrong-token:{request.META.get('REMOTE_ADDR', '')}"


def _blocked(request) -> bool:
    return (cache.get(_wrong_key(request)) or 0) >= WRONG_TOKENS_ALLOWED


def _count_wrong(request) -> None:
    key = _wrong_key(request)
    if cache.add(key, 1, WRONG_TOKEN_WINDOW):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, WRONG_TOKEN_WINDOW)


def _refusal(request, status: int, message: str):
    if request.method == "POST":
        return JsonResponse({"error": message}, status=status)
    context = {"message": message}
    return render(request, "tournaments/table_entry_refused.html", context, status=status)


def _token(request, token: str) -> TableToken | None:
    row = selectors.token_row(token) if len(token) <= 64 else None
    if row is None:
        _count_wrong(request)
    return row


# No CSRF check: the secret token in the address is the only credential (no cookie or session
# grants anything here), so a page elsewhere cannot forge an entry without already knowing it;
# and a phone whose cookies were cleared while it kept an entry offline still gets it saved.
@csrf_exempt
@require_http_methods(["GET", "POST"])
def entry_page(request, token: str):
    if _blocked(request):
        return _refusal(
            request, 429, _("Too many wrong entry addresses from this phone. Wait ten minutes.")
        )
    row = _token(request, token)
    if row is None:
        return _refusal(
            request, 404, _("This entry address is not known. Scan the table's entry slip again.")
        )
    if row.revoked_at is not None:
        return _refusal(
            request,
            403,
            _(
                "This entry address of table %(table)s was replaced. "
                "Scan the new entry slip, or ask the leader."
            )
            % {"table": row.table},
        )
    event = row.event
    if request.method == "POST":
        return _submit(request, event, row.table)
    if request.GET.get("held") == "1":  # what the phone's journal checks (table_entry.js)
        held = partial(selectors.table_holdings, event, row.table)  # kept for the revision
        return JsonResponse(snapshot.cached(event, f"held:{row.table}", held))
    if not event.table_entry:
        return _refusal(
            request,
            403,
            _("Entering results at the tables is turned off: give the slip to the leader."),
        )
    return render(request, "tournaments/table_entry.html", _context(event, row.table, request))


def _context(event, table: int, request) -> dict:
    state = snapshot.table_state(event, table)
    fixing = request.GET.get("fix") == "1" and state.last_fixable
    hand = snapshot.rotation(event).hand(state.last.hand) if fixing else state.hand
    visitor = hand.visitor_of(table) if hand else None
    team = state.teams.get(visitor) if visitor else None
    last = state.last
    hand_now = state.hand_now
    waiting_for, next_move = "", ""
    if hand is None and hand_now.current is not None and last is not None:
        # This table is in; the hall still plays its hand: what it waits for, and what next.
        waiting_for = hand_waits_for(hand_now, event.tables)
        next_move = next_move_words(event, table, last.hand)
    return {
        "event": event,
        "table": table,
        "state": state,
        "fixing": fixing,
        "hand": hand,
        "hands_total": sum(event.day_hand_counts),
        "trump": Trump(hand.trump) if hand and hand.trump else None,
        "visitor": visitor,
        "visitor_team": team,
        "visitor_pair": team.pair(hand.travelling) if team else "",
        "settings": event.flag_settings,
        "tricks_range": range(14),
        "last": last,
        "last_flags": state.last_flags,
        "last_visitor": snapshot.rotation(event).hand(last.hand).visitor_of(table)
        if last
        else None,
        "hand_now": hand_now.current,
        # The end of a day: the next day's first hand waits for its close (rules.hand_now).
        "day_over": None if hand_now.all_played or hand else hand_now.day_over,
        "next_hand": hand_now.complete + 1,
        "over": over_words(hand_now, event.last_hand),
        "waiting_for": waiting_for,
        "next_move": next_move,
    }


def _submit(request, event, table: int):
    standby_sync.journaled()  # kept on the phone: its answer does not wait for the standby
    try:
        outcome = table_entry_submit(event=event, table=table, sent=request.body)
    except EntryUnreadable as error:
        return JsonResponse({"error": error.message}, status=400)
    except RulesError as error:
        answer = {"error": error.message, "field": error.field}
        if isinstance(error, AheadOfTheHall):
            answer["waits"] = True  # the phone keeps it and sends it again (table_entry.js)
        return JsonResponse(answer, status=409)
    waiting = outcome.status == "waiting"
    return JsonResponse(
        {
            "saved": True,
            "status": outcome.status,
            "hand": outcome.hand,
            "visitor_tricks": outcome.visitor_tricks,
            "repeated": outcome.repeated,
            "message": _("Saved: hand %(hand)s, visitors %(tricks)s tricks.")
            % {"hand": outcome.hand, "tricks": outcome.visitor_tricks}
            + (" " + _("The leader will check it.") if waiting else ""),
            "next": next_move_words(event, table, outcome.hand),
        }
    )
