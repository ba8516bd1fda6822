"""The playoffs page: everyone sees the tied groups, brackets and results; the leader records
the A players' draw (typed, or drawn by the tool with its seed kept), each hand's trump cut,
cut for the deal and tricks, and corrects any of them (the history stays below)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import permissions, selectors, snapshot
from ..forms.playoffs import _cards, _key, _number
from ..models import Event
from ..rules.cards_draw import order_by_draw, playoff_players
from ..rules.errors import RulesError
from ..rules.event_settings import typed_number
from ..rules.playoffs import PlayoffHand, places_that_matter
from ..selectors.playoff_state import GroupState
from ..services.playoffs import playoff_draw_record, playoff_hand_record


def _record(request, event: Event) -> str:
    """Save what the leader posted; return what to tell the room."""
    post = request.POST
    rank = _key(post, "rank")
    state = next((g for g in snapshot.playoffs(event).groups if g.tied.rank == rank), None)
    if state is None:
        raise RulesError("No tie at rank %(rank)s needs a playoff", field="rank", rank=rank)
    if post.get("action") == "draw-random":
        playoff_draw_record(event=event, rank=rank, actor=request.user)
        return _("Cards drawn at random for the tie at rank %(rank)s.") % {"rank": rank}
    if post.get("action") == "draw":
        cards = _cards(post, state.tied.tables, "card_", tables=True)
        if not cards:
            raise RulesError("Type the card each A player drew", field="card")
        playoff_draw_record(event=event, rank=rank, cards=cards, actor=request.user)
        return _("Draw recorded for the tie at rank %(rank)s.") % {"rank": rank}
    match = _key(post, "match")
    first, second = _key(post, "first_table"), _key(post, "second_table")
    tricks = _number(post, "first_tricks", _("Table %(table)s's tricks") % {"table": first})
    playoff_hand_record(
        event=event,
        rank=rank,
        match=match,
        first_table=first,
        second_table=second,
        first_tricks=tricks,
        trump_cut=post.get("trump_cut", "").strip(),
        dealer_cut=_cards(post, playoff_players(first, second), "cut_", tables=False),
        seen_version=typed_number(post.get("seen", "0"), 9) or 0,
        actor=request.user,
    )
    return _("Playoff hand %(hand)s saved.") % {"hand": state.number(match)}


def team_name(teams, table: int) -> str:
    """The team at ``table``, or "(no team)" where the teams file left the table empty."""
    return teams[table].name if table in teams else _("(no team)")


def summary(hand: PlayoffHand) -> str:
    """'Table 3 wins 9–4 · trump ♥ (cut QH) · dealer 5A' for the page."""
    tricks = sorted((hand.first_tricks, 13 - hand.first_tricks), reverse=True)
    parts = [
        _("Table %(table)s wins %(won)s–%(lost)s")
        % {"table": hand.winner, "won": tricks[0], "lost": tricks[1]}
    ]
    if hand.trump_cut:
        parts.append(
            _("trump %(suit)s (cut %(card)s)") % {"suit": hand.trump.symbol, "card": hand.trump_cut}
        )
    if hand.dealer:
        parts.append(_("dealer %(player)s") % {"player": hand.dealer})
    return " · ".join(parts)


def _cards_text(rounds) -> str:
    """Stored rounds of cards as the room reads them: '1 4H, 2 8H; redraw 2 9C, 5 AH'."""
    return "; redraw ".join(", ".join(f"{who} {card}" for who, card in r.items()) for r in rounds)


def change_text(values: dict | None) -> str:
    """An audit entry's before/after values as one line."""
    if not values:
        return "—"
    if not isinstance(values, dict):
        return str(values)
    parts = []
    for name, value in values.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            value = _cards_text(value)
        elif isinstance(value, list):
            value = ", ".join(map(str, value)) or "—"
        parts.append(f"{name.replace('_', ' ')}: {value if value not in ('', None) else '—'}")
    return "; ".join(parts)


def _prefill(record) -> dict:
    """The recorded values, so a correction form starts from what was saved."""
    if record is None:
        return {"cuts": {}, "recuts": "", "trump_cut": "", "tricks": ""}
    hand = record.hand
    rounds = list(hand.dealer_cut.rounds) if hand.dealer_cut else []
    return {
        "cuts": {str(k): str(v) for k, v in rounds[0].items()} if rounds else {},
        "recuts": "\n".join(", ".join(f"{k}={v}" for k, v in r.items()) for r in rounds[1:]),
        "trump_cut": str(hand.trump_cut or ""),
        "tricks": hand.first_tricks,
    }


def _typed(post, players) -> dict:
    """What the leader typed into a refused form, to show it again."""
    return {
        "cuts": {p: post.get(f"cut_{p}", "") for p in players},
        "recuts": post.get("cut_redraws", ""),
        "trump_cut": post.get("trump_cut", ""),
        "tricks": post.get("first_tricks", ""),
    }


def player_label(code: str, teams) -> str:
    """'3A' as on the table cards: 'Ann Lee (table 3, A)'."""
    table, letter = int(code[:-1]), code[-1]
    team = teams.get(table)
    name = getattr(team, f"player_{letter.lower()}", "") if team else ""
    values = {"name": name, "table": table, "letter": letter}
    if name:
        return _("%(name)s (table %(table)s, %(letter)s)") % values
    return _("Table %(table)s player %(letter)s") % values


def _matches(state: GroupState, teams, refused: dict | None) -> list[dict]:
    if state.resolution is None:
        return []
    rows = []
    for m in state.resolution.matches:
        record = state.hands.get(m.match.number)
        result = m.result or m.stale
        players = playoff_players(*m.tables) if m.tables else ()
        prefill = _prefill(record if record and not m.stale else None)
        error = ""
        if refused and refused.get("match") == str(m.match.number):
            prefill, error = _typed(refused["post"], players), refused["error"]
        rows.append(
            {
                "number": state.number(m.match.number),
                "match": m.match.number,
                "round": m.match.round,
                "sides": [str(side) for side in m.match.sides],
                "tables": [(t, team_name(teams, t)) for t in m.tables or ()],
                "result": result,
                "summary": summary(result) if result else "",
                "stale": m.stale is not None,
                "record": record,
                "ready": m.ready,
                "players": [
                    (p, player_label(p, teams), prefill["cuts"].get(p, "")) for p in players
                ],
                "prefill": prefill,
                "error": error,
            }
        )
    return rows


def _group(state: GroupState, teams, refused: dict | None) -> dict:
    mine = refused if refused and refused.get("rank") == str(state.tied.rank) else None
    draw_post = mine["post"] if mine and "match" not in mine else {}
    order = [int(t) for t in order_by_draw(state.draw)] if state.draw and state.bracket else []
    places = sorted((place, table) for table, place in (state.places or {}).items())
    return {
        "state": state,
        "teams": [(t, team_name(teams, t)) for t in state.tied.tables],
        "draw_order": order,
        "draw_rounds": [sorted(r.items(), key=str) for r in state.draw.rounds]
        if state.draw
        else [],
        "matches": _matches(state, teams, mine),
        "draw_inputs": [(t, draw_post.get(f"card_{t}", "")) for t in state.tied.tables],
        "draw_redraws": mine["post"].get("card_redraws", "")
        if mine and "match" not in mine
        else "",
        "draw_error": mine["error"] if mine and "match" not in mine else "",
        "places": [
            (state.tied.rank + place - 1, table, team_name(teams, table)) for place, table in places
        ],
    }


@require_http_methods(["GET", "POST"])
def playoffs(request, slug):
    event = selectors.event_by_slug(slug)
    can_lead = permissions.allowed(request.user, event, permissions.LEAD)
    refused = None
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not can_lead:
            raise PermissionDenied(
                _("You have no lead role for %(event)s.") % {"event": event.name}
            )
        try:
            messages.success(request, _record(request, event))
        except RulesError as error:
            post = request.POST
            refused = {"rank": post.get("rank", "").strip(), "post": post}
            refused["error"] = _("%(why)s. Nothing was saved; correct it and save again.") % {
                "why": error.message
            }
            if post.get("action") == "hand":
                refused["match"] = post.get("match", "").strip()
        else:
            return redirect(reverse("tournaments:playoffs", args=[event.slug]))
    overview = snapshot.playoffs(event)
    teams = snapshot.teams_by_table(event)
    known = selectors.role_names(event)
    history = [
        {
            "entry": a,
            "what": selectors.playoff_change(a),
            "who": a.actor if can_lead else selectors.public_name(a.actor, known),
            "before": change_text(a.before),
            "after": change_text(a.after),
        }
        for a in selectors.playoff_history(event)
    ]
    groups = [_group(g, teams, refused) for g in overview.groups]
    shown = any(g["draw_error"] or any(m["error"] for m in g["matches"]) for g in groups)
    if refused and not shown:
        messages.error(request, refused["error"])
    for g in groups:
        for m in g["matches"]:
            if m["record"] and not can_lead:
                m["entered_by"] = selectors.public_name(m["record"].entered_by, known)
            elif m["record"]:
                m["entered_by"] = m["record"].entered_by or _("the command line")
    places = places_that_matter(event.playoff_places, event.advancing)
    context = {
        "event": event,
        "overview": overview,
        "groups": groups,
        "places": places,
        "pending": sum(1 for g in overview.groups if not g.places),
        "decided": sum(1 for g in overview.groups if g.places),
        # Ties below the places that matter stay shared: say how many, and where to change it.
        "other_ties": sorted(
            {s.rank for s in snapshot.standings(event) if s.tied and s.rank > places}
        )
        if overview.final
        else [],
        "can_lead": can_lead,
        "history": history,
        "hands_played": snapshot.hands_played(event),
        "hands_total": event.last_hand,
    }
    return render(request, "tournaments/playoffs.html", context, status=400 if refused else 200)
