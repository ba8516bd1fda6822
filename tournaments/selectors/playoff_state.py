"""Playoff reads: recorded playoffs turned into rules values, and the places they decide.

Playoff hands are numbered through the event, 1, 2, 3..., group after group from the best
shared rank down, so "playoff hand 3" names one hand however many groups there are. A
recorded playoff counts only while its teams are still tied on the same total at the same
rank; a corrected result that changes the tie makes it stale (shown, never applied).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..models import PlayoffGroup, PlayoffHandResult
from ..rules.bracket import Bracket, build_bracket
from ..rules.cards_draw import Draw, parse_card
from ..rules.errors import RulesError
from ..rules.playoffs import PlayoffHand, Resolution, TiedGroup, final_places, resolve


def draw_from_json(rounds: Sequence[dict], *, tables: bool) -> Draw | None:
    """A stored draw (rounds of {"3": "QH"}); bye draws are keyed by table number."""
    if not rounds:
        return None
    return Draw.of(*({int(k) if tables else k: v for k, v in r.items()} for r in rounds))


def draw_to_json(draw: Draw) -> list[dict[str, str]]:
    return [{str(k): str(card) for k, card in one.items()} for one in draw.rounds]


def hand_from_row(row: PlayoffHandResult) -> PlayoffHand:
    return PlayoffHand(
        match=row.match,
        first_table=row.first_table,
        second_table=row.second_table,
        first_tricks=row.first_tricks,
        trump_cut=parse_card(row.trump_cut) if row.trump_cut else None,
        dealer_cut=draw_from_json(row.dealer_cut, tables=False),
    )


@dataclass(frozen=True)
class HandRecord:
    """What the page shows of a recorded playoff hand."""

    hand: PlayoffHand
    version: int
    entered_by: str
    entered_at: object


@dataclass(frozen=True)
class GroupState:
    """A tied group needing a playoff, with whatever has been recorded for it."""

    tied: TiedGroup
    first_hand: int
    recorded: bool = False
    draw: Draw | None = None
    draw_seed: int | None = None
    bracket: Bracket | None = None
    resolution: Resolution | None = None
    problem: str = ""
    hands: dict[int, HandRecord] = field(default_factory=dict)
    places: dict[int, int] | None = None

    def number(self, match: int) -> int:
        """The event's playoff hand number of this group's ``match``."""
        return self.first_hand + match - 1

    def hands_of(self, table: int) -> tuple[int, ...]:
        if self.resolution is None:
            return ()
        return tuple(
            self.number(m.match.number)
            for m in self.resolution.matches
            if m.result and table in m.result.tables
        )


@dataclass(frozen=True)
class Overview:
    """The event's playoffs: ``final`` once every hand has a result at every table."""

    final: bool
    groups: tuple[GroupState, ...] = ()
    stale: tuple[tuple[int, tuple[int, ...]], ...] = ()

    def decided(self) -> dict[int, tuple[int, tuple[int, ...]]]:
        """Places within groups for ``rank_teams``, for the groups a playoff has finished."""
        return {
            table: (place, g.hands_of(table))
            for g in self.groups
            if g.places
            for table, place in g.places.items()
        }


def _state(tied: TiedGroup, first_hand: int, row: PlayoffGroup | None, hands) -> GroupState:
    if row is None:
        bracket = build_bracket(tied.tables) if len(tied.tables) == 2 else None
        resolution = resolve(bracket, []) if bracket else None
        return GroupState(tied, first_hand, bracket=bracket, resolution=resolution)
    records = {
        h.match: HandRecord(hand_from_row(h), h.version, h.entered_by, h.entered_at) for h in hands
    }
    draw = draw_from_json(row.draw, tables=True)
    try:
        bracket = build_bracket(tied.tables, draw)
        resolution = resolve(bracket, [r.hand for r in records.values()])
    except RulesError as error:
        return GroupState(
            tied, first_hand, True, draw, row.draw_seed, problem=error.message, hands=records
        )
    played = [r.hand for r in records.values()]
    places = final_places(bracket, played) if resolution.finished else None
    return GroupState(
        tied, first_hand, True, draw, row.draw_seed, bracket, resolution, "", records, places
    )


def overview(event, final: bool, tied: list[TiedGroup]) -> Overview:
    """The playoffs for ``tied`` groups (one query, two when anything is recorded)."""
    if not final:
        return Overview(final=False)
    rows, hands = recorded_playoffs([event.pk]).get(event.pk, ([], {}))
    return overview_from(tied, rows, hands)


def recorded_playoffs(event_ids) -> dict[int, tuple[list[PlayoffGroup], dict[int, list]]]:
    """Each event's recorded playoff groups and their hands by group (two queries at most,
    however many events: a season's page reads them all at once)."""
    found: dict[int, tuple[list[PlayoffGroup], dict[int, list]]] = {}
    rows = list(PlayoffGroup.objects.filter(event_id__in=list(event_ids)).order_by("rank"))
    for row in rows:
        found.setdefault(row.event_id, ([], {}))[0].append(row)
    if rows:
        by_group = {row.pk: row.event_id for row in rows}
        hands = PlayoffHandResult.objects.filter(group_id__in=list(by_group)).order_by("match")
        for hand in hands:
            found[by_group[hand.group_id]][1].setdefault(hand.group_id, []).append(hand)
    return found


def overview_from(
    tied: list[TiedGroup], rows: list[PlayoffGroup], hands: dict[int, list[PlayoffHandResult]]
) -> Overview:
    """A finished event's playoffs from its recorded groups (by rank) and their hands."""
    by_rank = {row.rank: row for row in rows}
    groups, stale, first = [], [], 1
    for group in tied:
        row = by_rank.pop(group.rank, None)
        if row is not None and (tuple(row.tables) != group.tables or row.total != group.total):
            stale.append((row.rank, tuple(row.tables)))
            row = None
        groups.append(_state(group, first, row, hands.get(row.pk, []) if row else []))
        first += len(group.tables) - 1
    stale += [(row.rank, tuple(row.tables)) for row in by_rank.values()]
    return Overview(final=True, groups=tuple(groups), stale=tuple(stale))
