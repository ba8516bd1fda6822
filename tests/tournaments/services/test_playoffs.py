"""The playoff flow at the service level: every tie shape, corrections and standings.json."""

from __future__ import annotations

import json
import random

import pytest
from django.core.exceptions import PermissionDenied

from tests.conftest import build_event
from tests.leader_helpers import make_user
from tournaments import snapshot
from tournaments.models import AuditEntry, PlayoffGroup, Role
from tournaments.rules.cards_draw import draw_at_random
from tournaments.rules.errors import RulesError
from tournaments.services import ResultEntry, results_record
from tournaments.services.playoffs import playoff_draw_record, playoff_hand_record

pytestmark = pytest.mark.django_db


def finished(tables: int, tricks: dict[int, int] | None = None, **settings):
    """A one-hand event, played out: host tables get ``tricks`` (0 elsewhere, so a tie)."""
    event = build_event(f"p{tables}", tables=tables, hands_per_day=(1,), **settings)
    entries = [ResultEntry(1, t, (tricks or {}).get(t, 0)) for t in range(1, tables + 1)]
    results_record(event=event, entries=entries, actor=None)
    return event


def hand(event, rank, match, first, second, tricks=8, **extra):
    extra.setdefault("trump_cut", "QH")
    extra.setdefault("dealer_cut", [_cut(first, second)])
    return playoff_hand_record(
        event=event,
        rank=rank,
        match=match,
        first_table=first,
        second_table=second,
        first_tricks=tricks,
        actor=None,
        **extra,
    )


def ranks(event) -> dict[int, tuple[int, bool, list[int]]]:
    rows = snapshot.standings_payload(event)["standings"]
    return {r["table"]: (r["rank"], r["tied"], r["playoff"]) for r in rows}


def play_out(event, rank=1):
    """Play every ready hand of the group at ``rank``; the first listed team always wins."""
    while (group := _group(event, rank)).resolution.next is not None:
        first, second = group.resolution.next.tables
        hand(event, rank, group.resolution.next.match.number, first, second, 13)
    return _group(event, rank)


def _group(event, rank):
    return next(g for g in snapshot.playoffs(event).groups if g.tied.rank == rank)


def test_no_playoff_is_proposed_before_every_hand_is_played():
    """With one table's result missing, no group is proposed and a draw is refused."""
    event = build_event("early", tables=3, hands_per_day=(1,))
    results_record(event=event, entries=[ResultEntry(1, 1, 0)], actor=None)
    assert snapshot.playoffs(event).groups == ()
    with pytest.raises(RulesError, match="after all hands"):
        playoff_draw_record(event=event, rank=1, cards=[{1: "2H", 2: "3H", 3: "4H"}], actor=None)


def test_two_tied_teams_keep_equal_ranks_until_their_hand_is_played():
    """standings.json says tied with equal ranks and an empty playoff list before the hand."""
    event = finished(2)
    assert ranks(event) == {1: (1, True, []), 2: (1, True, [])}


def test_the_pair_taking_seven_tricks_wins_a_two_team_playoff():
    """Table 2 taking 7 of 13 tricks ranks first; both rows name playoff hand 1."""
    event = finished(2)
    hand(event, 1, 1, 2, 1, tricks=7, trump_cut="QH", dealer_cut=[_cut(2, 1)])
    assert ranks(event) == {2: (1, False, [1]), 1: (2, False, [1])}


def _cut(first: int, second: int) -> dict[str, str]:
    return {f"{first}A": "2C", f"{first}B": "5C", f"{second}A": "9C", f"{second}B": "KC"}


def test_three_tied_teams_follow_the_bye_draw_and_the_two_hands():
    """Lowest draw waits; hand 2's winner is first, its loser second, hand 1's loser third."""
    event = finished(3)
    playoff_draw_record(event=event, rank=1, cards=[{1: "2H", 2: "KS", 3: "9D"}], actor=None)
    hand(event, 1, 1, 2, 3, tricks=9)
    hand(event, 1, 2, 1, 2, tricks=7)
    assert ranks(event) == {1: (1, False, [2]), 2: (2, False, [1, 2]), 3: (3, False, [1])}


def test_a_hand_whose_teams_are_not_known_yet_is_refused():
    """Hand 2 of a three-team playoff cannot be recorded before hand 1."""
    event = finished(3)
    playoff_draw_record(event=event, rank=1, cards=[{1: "2H", 2: "KS", 3: "9D"}], actor=None)
    with pytest.raises(RulesError, match="not known"):
        hand(event, 1, 2, 1, 2)


def test_a_random_draw_is_recorded_with_its_seed_and_can_be_repeated():
    """Drawing at random with seed 7 gives the same cards as the rules' draw with seed 7."""
    event = finished(3)
    draw = playoff_draw_record(event=event, rank=1, seed=7, actor=None)
    assert draw == draw_at_random([1, 2, 3], random.Random(7))
    assert PlayoffGroup.objects.get(event=event).draw_seed == 7


def test_four_tied_teams_play_three_hands_and_get_four_places():
    """A four-team knockout ends with ranks 1 to 4 and nobody tied."""
    event = finished(4)
    playoff_draw_record(event=event, rank=1, seed=3, actor=None)
    play_out(event)
    assert sorted(r[0] for r in ranks(event).values()) == [1, 2, 3, 4]
    assert not any(r[1] for r in ranks(event).values())


def test_five_tied_teams_play_four_hands_numbered_one_to_four():
    """A five-team knockout decides every place; its hands are playoff hands 1 to 4."""
    event = finished(5)
    playoff_draw_record(event=event, rank=1, seed=11, actor=None)
    group = play_out(event)
    assert sorted(group.number(m.match.number) for m in group.resolution.matches) == [1, 2, 3, 4]
    assert sorted(r[0] for r in ranks(event).values()) == [1, 2, 3, 4, 5]


def test_by_default_only_the_ties_that_decide_an_advancing_place_are_played_off():
    """With the default settings (two teams advance) a tie for first is played off, and the
    tied places below the advancing ones stay shared: nothing depends on them."""
    event = build_event("default-ties", tables=6, hands_per_day=(1,))
    moves = snapshot.rotation(event).hand(1)
    v1 = moves.visitor_of(1)
    h2 = next(h for h in range(2, 7) if h != v1 and moves.visitor_of(h) not in (1, v1))
    entries = [ResultEntry(1, t, 8 if t in (1, h2) else 0) for t in range(1, 7)]
    results_record(event=event, entries=entries, actor=None)
    assert event.playoff_places is None and event.advancing == 2
    assert [g.tied.rank for g in snapshot.playoffs(event).groups] == [1]
    assert {rank for rank, tied, _hands in ranks(event).values() if tied} == {1, 3, 5}


def test_playoff_hands_are_numbered_through_the_event_across_groups():
    """Three two-team groups (every tie played off: playoff_places is the number of teams)
    play playoff hands 1, 2 and 3, best shared rank first."""
    event = build_event("groups", tables=6, hands_per_day=(1,), playoff_places=6)
    moves = snapshot.rotation(event).hand(1)
    v1 = moves.visitor_of(1)
    h2 = next(h for h in range(2, 7) if h != v1 and moves.visitor_of(h) not in (1, v1))
    entries = [ResultEntry(1, t, 8 if t in (1, h2) else 0) for t in range(1, 7)]
    results_record(event=event, entries=entries, actor=None)
    groups = snapshot.playoffs(event).groups
    assert [(g.tied.rank, g.first_hand) for g in groups] == [(1, 1), (3, 2), (5, 3)]
    first, second = groups[1].tied.tables
    hand(event, 3, 1, first, second)
    assert ranks(event)[first] == (3, False, [2])


def test_a_tie_at_a_place_that_does_not_matter_gets_no_playoff():
    """With playoff_places 1, teams tied for second stay tied and no group is proposed."""
    event = finished(4, {1: 8}, playoff_places=1)
    assert snapshot.playoffs(event).groups == ()
    assert [r[0] for r in sorted(ranks(event).values())] == [1, 2, 2, 4]


def test_a_tie_within_the_places_that_matter_gets_a_playoff():
    """With playoff_places 2, teams tied for second are proposed a playoff at rank 2."""
    event = finished(4, {1: 8}, playoff_places=2)
    assert [g.tied.rank for g in snapshot.playoffs(event).groups] == [2]


def test_correcting_a_playoff_hand_reopens_the_tie_and_keeps_the_history():
    """Changing hand 1's winner makes hand 2 stale, the three teams tied again, and the
    correction is audited with the old and new tricks."""
    event = finished(3)
    playoff_draw_record(event=event, rank=1, cards=[{1: "2H", 2: "KS", 3: "9D"}], actor=None)
    hand(event, 1, 1, 2, 3, tricks=9)
    hand(event, 1, 2, 1, 2, tricks=7)
    hand(event, 1, 1, 2, 3, tricks=4)
    assert {r[:2] for r in ranks(event).values()} == {(1, True)}
    assert _group(event, 1).resolution.stale
    entry = AuditEntry.objects.get(action="playoff hand corrected")
    assert (entry.before["first_tricks"], entry.after["first_tricks"]) == (9, 4)


def test_replaying_the_stale_hand_decides_the_tie_again():
    """After a correction, recording hand 2 between its new teams gives distinct ranks."""
    event = finished(3)
    playoff_draw_record(event=event, rank=1, cards=[{1: "2H", 2: "KS", 3: "9D"}], actor=None)
    hand(event, 1, 1, 2, 3, tricks=9)
    hand(event, 1, 2, 1, 2, tricks=7)
    hand(event, 1, 1, 2, 3, tricks=4)
    hand(event, 1, 2, 3, 1, tricks=10)
    assert ranks(event) == {3: (1, False, [1, 2]), 1: (2, False, [2]), 2: (3, False, [1])}


def test_the_draw_cannot_change_once_a_hand_is_recorded():
    """A second draw after a playoff hand is refused and the first draw stays."""
    event = finished(3)
    playoff_draw_record(event=event, rank=1, cards=[{1: "2H", 2: "KS", 3: "9D"}], actor=None)
    hand(event, 1, 1, 2, 3)
    with pytest.raises(RulesError, match="can no longer change"):
        playoff_draw_record(event=event, rank=1, seed=1, actor=None)
    assert PlayoffGroup.objects.get(event=event).draw[0]["1"] == "2H"


def test_a_hand_between_the_wrong_teams_is_refused():
    """Hand 1 of a two-team playoff must be between the two tied tables."""
    event = finished(4, {1: 8})
    tied = _group(event, 2).tied.tables
    other = ({1, 2, 3, 4} - set(tied)).pop()
    with pytest.raises(RulesError, match="is between tables"):
        hand(event, 2, 1, tied[0], other)


def test_an_incomplete_dealer_cut_is_refused():
    """A dealer cut missing one of the four players names the player without a card."""
    event = finished(2)
    with pytest.raises(RulesError, match="No card drawn for 2B"):
        hand(event, 1, 1, 1, 2, dealer_cut=[{"1A": "2C", "1B": "3C", "2A": "4C"}])


def test_an_assistant_cannot_record_a_playoff_hand():
    """Playoffs need the leader's role."""
    event = finished(2)
    assistant = make_user("helper", event, role=Role.ASSISTANT)
    with pytest.raises(PermissionDenied):
        playoff_hand_record(
            event=event, rank=1, match=1, first_table=1, second_table=2, first_tricks=8,
            actor=assistant,
        )  # fmt: skip


def test_advancing_teams_are_marked_once_the_playoff_decides_the_line():
    """Two teams tied for second are not marked advancing until the playoff decides."""
    event = finished(4, {1: 8}, advancing=2)
    marked = {r["table"] for r in snapshot.standings_payload(event)["standings"] if r["advancing"]}
    assert len(marked) == 1
    first, second = _group(event, 2).tied.tables
    hand(event, 2, 1, first, second, tricks=7)
    marked = {r["table"] for r in snapshot.standings_payload(event)["standings"] if r["advancing"]}
    assert len(marked) == 2 and first in marked


def test_an_archive_with_a_playoff_round_trips_byte_for_byte():
    """Export, import and export again of an event with a decided playoff gives equal bytes."""
    from tournaments.archive import dumps, export_event
    from tournaments.models import Event
    from tournaments.services.archive_import import import_event

    event = finished(3)
    playoff_draw_record(event=event, rank=1, seed=5, actor=None)
    play_out(event)
    first = dumps(export_event(event))
    Event.objects.all().delete()
    again = import_event(json.loads(first))
    assert dumps(export_event(again)) == first
    assert sorted(r[0] for r in ranks(again).values()) == [1, 2, 3]
