"""Advancing teams: the top K of finished events seated at the next level in zone order."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import build_event
from tournaments import snapshot
from tournaments.models import Team
from tournaments.rules.errors import RulesError
from tournaments.services import ResultEntry, results_record
from tournaments.services.advancing import next_level_create
from tournaments.services.playoffs import playoff_hand_record

pytestmark = pytest.mark.django_db


def area(slug: str, decided: bool = True):
    """A finished 4-table area: one team on 13, two tied on 12 (playoff played), one on 11."""
    event = build_event(slug, tables=4, hands_per_day=(1,), level="area")
    entries = [ResultEntry(1, t, 8 if t == 1 else 0) for t in range(1, 5)]
    results_record(event=event, entries=entries, actor=None)
    if decided:
        first, second = snapshot.playoffs(event).groups[0].tied.tables
        playoff_hand_record(
            event=event, rank=2, match=1, first_table=first, second_table=second,
            first_tricks=7, actor=None, trump_cut="QH",
            dealer_cut=[dict(zip((f"{first}A", f"{first}B", f"{second}A", f"{second}B"),
                                 ("2C", "5C", "9C", "KC"), strict=True))],
        )  # fmt: skip
    return event


def top_two(event) -> list[int]:
    return [s.table for s in snapshot.standings(event)[:2]]


def test_a_provincial_event_seats_first_placed_teams_first_in_zone_order():
    """Four zones of two: winners at tables 1-4 and runners-up at 5-8, zones in order."""
    zones = [area(f"a{i}") for i in range(1, 5)]
    provincial = next_level_create(
        name="Provincial", slug="prov", sources=zones, level="provincial", hands_per_day=[30, 20]
    )
    seated = {t.home_table: (t.zone, t.player_a) for t in Team.objects.filter(event=provincial)}
    expected = {
        place * 4 + i + 1: (zone.name, f"A{top_two(zone)[place]}")
        for place in range(2)
        for i, zone in enumerate(zones)
    }
    assert seated == expected
    assert provincial.tables == 8 and provincial.day_hand_counts == [30, 20]


def test_an_event_with_hands_still_to_play_cannot_send_teams_on():
    """A source event missing results is refused, and no event is created."""
    unfinished = build_event("early", tables=4, hands_per_day=(1,))
    with pytest.raises(RulesError, match="has not played all its hands"):
        next_level_create(
            name="Zone", slug="zone", sources=[area("a1"), unfinished], level="zone",
            hands_per_day=[30],
        )  # fmt: skip
    assert not Team.objects.filter(event__slug="zone").exists()


def test_an_undecided_tie_for_the_advancing_places_is_refused():
    """Teams tied for second place cannot advance until their playoff is played."""
    with pytest.raises(RulesError, match="not decided yet"):
        next_level_create(
            name="Zone", slug="zone", sources=[area("a1", decided=False)], level="zone",
            hands_per_day=[30],
        )  # fmt: skip


def test_the_command_builds_a_zone_event_from_two_areas(capsys):
    """create_next_level names the areas and reports the teams it seated."""
    area("a1"), area("a2")
    call_command(
        "create_next_level", "--name", "Zone 4", "--slug", "zone-4", "--from", "a1,a2",
        "--level", "zone", "--hands-per-day", "30",
    )  # fmt: skip
    assert "Created zone-4: 4 advancing teams from 2 zones" in capsys.readouterr().out
    zones = list(Team.objects.filter(event__slug="zone-4").values_list("zone", flat=True))
    assert zones == ["Event a1", "Event a2", "Event a1", "Event a2"]


def test_the_command_names_an_unknown_source_event():
    """A slug that is not an event is reported by name."""
    with pytest.raises(CommandError, match="no event 'nowhere'"):
        call_command(
            "create_next_level", "--name", "Z", "--slug", "z", "--from", "nowhere",
            "--level", "zone", "--hands-per-day", "30",
        )  # fmt: skip
