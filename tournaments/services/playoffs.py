"""Playoff writes: the A players' bye draw and each playoff hand, audited and correctable.

Playoffs start only once every hand has a result at every table. A group is recorded at
its shared rank; if corrected results change who is tied there, the old record is stale and
the next write for that rank replaces it (the audit log keeps what it held).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from django.db import transaction
from django.utils import timezone

from .. import permissions, snapshot
from ..models import Event, PlayoffGroup, PlayoffHandResult
from ..rules.bracket import build_bracket
from ..rules.cards_draw import Draw, draw_at_random, order_by_draw, parse_card, playoff_players
from ..rules.errors import RulesError
from ..rules.playoffs import PlayoffHand, check_playoff_hand
from ..selectors.playoff_state import GroupState, draw_to_json
from .audit import audit, bump_revision


def _group_state(event: Event, rank: int) -> GroupState:
    overview = snapshot.playoffs(event)
    if not overview.final:
        raise RulesError("Playoffs come only after all hands have been played")
    state = next((g for g in overview.groups if g.tied.rank == rank), None)
    if state is None:
        raise RulesError("No tie at rank %(rank)s needs a playoff", field="rank", rank=rank)
    return state


def _group_row(event: Event, state: GroupState, actor) -> PlayoffGroup:
    """The group's record, replacing a stale one at the same rank."""
    tied = state.tied
    row = PlayoffGroup.objects.select_for_update().filter(event=event, rank=tied.rank).first()
    if row is not None and (tuple(row.tables) != tied.tables or row.total != tied.total):
        audit(
            event,
            actor,
            "playoff replaced",
            f"rank {tied.rank}",
            before={"tables": row.tables, "total": row.total, "draw": row.draw},
            after={"tables": list(tied.tables), "total": tied.total},
        ).save()
        row.delete()
        row = None
    if row is None:
        row = PlayoffGroup.objects.create(
            event=event,
            rank=tied.rank,
            total=tied.total,
            tables=list(tied.tables),
            created_at=timezone.now(),
        )
    return row


@transaction.atomic
def playoff_draw_record(
    *,
    event: Event,
    rank: int,
    actor,
    cards: Sequence[Mapping[int, str]] | None = None,
    seed: int | None = None,
) -> Draw:
    """Record the A players' draw for the group tied at ``rank``: rounds of cards as typed,
    or (``cards`` None) a random draw from ``seed``, kept so it can be repeated."""
    permissions.require(actor, event, permissions.LEAD)
    state = _group_state(event, rank)
    tables = state.tied.tables
    if len(tables) < 3:
        raise RulesError("Two tied teams play one hand at once; there is no draw for a bye")
    if cards is None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        draw = draw_at_random(list(tables), random.Random(seed))
    else:
        seed = None
        draw = Draw.of(*cards)
    build_bracket(tables, draw)  # checks every A player drew and every redraw is complete
    row = _group_row(event, state, actor)
    if row.hands.exists():
        raise RulesError(
            "Playoff hands are already recorded for this group; the draw can no longer change",
            field="draw",
        )
    before = {"draw": row.draw, "seed": row.draw_seed} if row.draw else None
    row.draw, row.draw_seed = draw_to_json(draw), seed
    row.save(update_fields=["draw", "draw_seed"])
    audit(
        event,
        actor,
        "playoff draw",
        f"rank {rank}",
        before,
        {"draw": row.draw, "seed": seed, "bye_order": [int(t) for t in order_by_draw(draw)]},
    ).save()
    bump_revision(event)
    return draw


def _dealer_cut(cut: Sequence[Mapping[str, str]] | None, first: int, second: int) -> Draw | None:
    if not cut:
        return None
    draw = Draw.of(*cut)
    order_by_draw(draw, playoff_players(first, second))
    return draw


@transaction.atomic
def playoff_hand_record(
    *,
    event: Event,
    rank: int,
    match: int,
    first_table: int,
    second_table: int,
    first_tricks: int,
    actor,
    trump_cut: str = "",
    dealer_cut: Sequence[Mapping[str, str]] | None = None,
    seen_version: int | None = None,
) -> PlayoffHandResult:
    """Record (or correct) one playoff hand of the group tied at ``rank``.

    ``first_tricks`` are the tricks of ``first_table``'s A and B pair; ``trump_cut`` is the
    director's cut ("QH") and ``dealer_cut`` the four players' cut for the deal.
    """
    permissions.require(actor, event, permissions.LEAD)
    state = _group_state(event, rank)
    if state.bracket is None:
        raise RulesError("The A players of the tied teams must draw cards first", field="draw")
    hand = PlayoffHand(
        match=match,
        first_table=first_table,
        second_table=second_table,
        first_tricks=first_tricks,
        trump_cut=parse_card(trump_cut, field="trump cut") if trump_cut else None,
        dealer_cut=_dealer_cut(dealer_cut, first_table, second_table),
    )
    if not str(trump_cut or "").strip():
        raise RulesError(
            "Record the director's cut for trump (the card cut, such as QH)", field="trump_cut"
        )
    if not dealer_cut:
        raise RulesError(
            "Record the cut for the deal: the card each of the four players cut",
            field="dealer_cut",
        )
    others = [r.hand for r in state.hands.values()]
    check_playoff_hand(state.bracket, others, hand)
    group = _group_row(event, state, actor)
    row = PlayoffHandResult.objects.select_for_update().filter(group=group, match=match).first()
    if seen_version is not None and (row.version if row else 0) != seen_version:
        raise RulesError(
            "Playoff hand %(hand)s changed while you were typing; check it and save again",
            field="first_tricks",
            hand=state.number(match),
        )
    after = {
        "first_table": first_table,
        "second_table": second_table,
        "first_tricks": first_tricks,
        "trump_cut": str(hand.trump_cut) if hand.trump_cut else "",
        "dealer_cut": draw_to_json(hand.dealer_cut) if hand.dealer_cut else [],
    }
    before = {f: getattr(row, f) for f in after} if row else None
    if before == after:
        return row
    now = timezone.now()
    if row is None:
        row = PlayoffHandResult(group=group, match=match, version=0)
    for name, value in after.items():
        setattr(row, name, value)
    row.version += 1
    row.entered_by, row.entered_at = permissions.actor_name(actor), now
    row.save()
    action = "playoff hand entered" if before is None else "playoff hand corrected"
    target = f"playoff hand {state.number(match)}"
    audit(event, actor, action, target, before, after, at=now).save()
    bump_revision(event)
    return row
