"""A season built through the services as a province would: areas played through, a zone and a
provincial made by create_next_level's service, each played through."""

from __future__ import annotations

from tournaments import selectors
from tournaments.formats.csv_files import TeamRow
from tournaments.models import Event
from tournaments.services import ResultEntry, event_create, results_record, teams_replace
from tournaments.services.advancing import next_level_create
from tournaments.services.seasons import season_named


def area(slug: str, tables: int = 6, *, club_prefix: str = "", **settings) -> Event:
    """An area event whose teams are clubs named after the area ("Area-1 Club 3")."""
    event = event_create(
        name=f"Event {slug}", slug=slug, tables=tables, hands_per_day=[6], level="area",
        playoff_places=2, **settings,
    )  # fmt: skip
    rows = [
        TeamRow(0, t, f"{club_prefix}{slug} Club {t}", slug, f"A{t} {slug}", f"B{t} {slug}",
                f"X{t} {slug}", f"Y{t} {slug}")
        for t in range(1, tables + 1)
    ]  # fmt: skip
    teams_replace(event=event, rows=rows, actor=None)
    return event


def play_through(event: Event, first: int = 1, second: int = 2) -> None:
    """Every hand played: ``first``'s pair takes 13 tricks wherever it goes, ``second``'s 9,
    every other pair 6, so ``first`` wins, ``second`` comes second and nobody ties them."""
    rotation = selectors.load_rotation(event)
    for hand in rotation.hands:
        visitor_of = {host: home for home, host in hand.moves.items()}
        entries = []
        for host in range(1, event.tables + 1):
            visitor = visitor_of[host]
            tricks = 13 if visitor == first else 9 if visitor == second else 6
            entries.append(ResultEntry(hand.number, host, tricks))
        results_record(event=event, entries=entries, actor=None)


def season(areas: int = 3, tables: int = 6, prefix: str = "") -> dict[str, Event]:
    """Areas played through, one zone from all but the last and a second zone from the last,
    and a provincial from both zones, all played: every provincial team's road runs back to
    an area. ``prefix`` names a second season's events and its season."""
    made = {}
    chosen = {"season": season_named(f"{prefix}Season 2027")} if prefix else {}
    for n in range(1, areas + 2):
        made[f"area-{n}"] = event = area(f"{prefix}area-{n}", tables, **chosen)
        play_through(event, first=n % tables + 1, second=(n + 2) % tables + 1)
    zone_1 = next_level_create(
        name="Zone 1", slug=f"{prefix}zone-1",
        sources=[made[f"area-{n}"] for n in range(1, areas + 1)],
        level="zone", hands_per_day=[6], playoff_places=2,
    )  # fmt: skip
    zone_2 = next_level_create(
        name="Zone 2", slug=f"{prefix}zone-2", sources=[made[f"area-{areas + 1}"]], level="zone",
        hands_per_day=[6], playoff_places=2,
    )  # fmt: skip
    play_through(zone_1, first=3, second=1)
    play_through(zone_2, first=2, second=1)
    provincial = next_level_create(
        name="Provincial", slug=f"{prefix}provincial", sources=[zone_1, zone_2],
        level="provincial", hands_per_day=[6], playoff_places=2,
    )  # fmt: skip
    play_through(provincial, first=4, second=1)
    made.update({"zone-1": zone_1, "zone-2": zone_2, "provincial": provincial})
    return made
