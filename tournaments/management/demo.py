"""The demo events: a 16-table Provincial event part-way through day 2 and an 8-table Area
event in its afternoon session. Built from a fixed seed so the fixtures are reproducible
(``python manage.py build_demo`` rewrites ``tournaments/fixtures/``)."""

from __future__ import annotations

import random

from .. import selectors
from ..formats.csv_files import TeamRow
from ..models import Event
from ..services import ResultEntry, accounts, event_create, results_record, teams_replace
from ..services.closing import day_close, last_hand

DEMO_ARCHIVES = accounts.DEMO_ARCHIVES

TOWNS = [
    "Belleville",
    "Kingston",
    "Sudbury",
    "Timmins",
    "Barrie",
    "Orillia",
    "Guelph",
    "Sarnia",
    "Brockville",
    "Cornwall",
    "Pembroke",
    "Perth",
    "Lindsay",
    "Cobourg",
    "Owen Sound",
    "Napanee",
]
FIRST = [
    "Marg",
    "Bill",
    "Doris",
    "Ernie",
    "Joan",
    "Ray",
    "Betty",
    "Stan",
    "Irene",
    "Len",
    "Shirley",
    "Gord",
    "Muriel",
    "Wally",
    "June",
    "Harold",
    "Elsie",
    "Norm",
    "Vera",
    "Cliff",
]
LAST = [
    "MacLeod",
    "Tremblay",
    "O'Neill",
    "Kowalski",
    "Brennan",
    "Fraser",
    "Lalonde",
    "Smith",
    "Campbell",
    "Whyte",
    "Ouellette",
    "Murray",
    "Dubois",
    "Sinclair",
    "Hughes",
    "Boyd",
]


def _players(rng: random.Random) -> list[str]:
    return [f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(4)]


def visitor_tricks(rng: random.Random) -> int:
    """A plausible trick count: the sum of 13 even chances, so 6 and 7 are commonest."""
    return sum(rng.random() < 0.5 for _ in range(13))


def _play(event: Event, hands: range, rng: random.Random) -> None:
    for hand in hands:
        entries = [
            ResultEntry(hand, table, visitor_tricks(rng)) for table in range(1, event.tables + 1)
        ]
        results_record(event=event, entries=entries, actor=None)


def build_provincial(seed: int = 2026) -> Event:
    rng = random.Random(seed)
    event = event_create(
        name="Provincial Seniors' Games — Military Whist",
        slug="provincial-demo",
        tables=16,
        hands_per_day=[30, 20],
        sessions_per_day=[2, 1],
        level="provincial",
        playoff_places=2,
    )
    # Zone order: the first-placed teams of zones 1..8 at tables 1..8, second-placed at 9..16.
    rows = [
        TeamRow(
            0,
            table,
            f"{TOWNS[table - 1]} {'A' if table <= 8 else 'B'}",
            f"Zone {(table - 1) % 8 + 1}",
            *_players(rng),
        )
        for table in range(1, 17)
    ]
    teams_replace(event=event, rows=rows, actor=None)
    _play(event, range(1, 31), rng)
    _close(event, day=1)
    _play(event, range(31, 43), rng)
    return event


def _close(event: Event, day: int, session: int = 0) -> None:
    """Close as a leader does: the verifiers' counts typed, all of them right."""
    summary, _ = selectors.load_day_ledger(event, day, last_hand(event, day, session))
    counts = {t: s.on_table for t, s in summary.items()}
    day_close(event=event, day=day, session=session, counts=counts, actor=None)


def build_area(seed: int = 7) -> Event:
    rng = random.Random(seed)
    event = event_create(
        name="Area 3 Military Whist",
        slug="area-demo",
        tables=8,
        hands_per_day=[30],
        level="area",
        playoff_places=2,
    )
    rows = [
        TeamRow(0, table, f"{TOWNS[table + 7]} Club", "", *_players(rng)) for table in range(1, 9)
    ]
    teams_replace(event=event, rows=rows, actor=None)
    _play(event, range(1, 20), rng)
    _close(event, day=1, session=1)
    return event
