"""A hall at full size for the browser tests: 250 tables, 50 hands, 60-character names with
letters such as ễ, ł and ř (plain functions, no fixtures)."""

from __future__ import annotations

import random

from tournaments.formats.csv_files import TeamRow
from tournaments.management.demo import visitor_tricks
from tournaments.models import Event
from tournaments.services import ResultEntry, event_create, results_record, teams_replace

TABLES = 250
LAPTOP = {"width": 1366, "height": 768}
PROJECTOR = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}


def sixty(text: str) -> str:
    """``text`` cut or padded to exactly 60 characters."""
    padded = (text + " " + "ễłř" * 30)[:60]
    return padded[:-1] + "ř" if padded.endswith(" ") else padded


def team_name(table: int) -> str:
    return sixty(f"Club de whist militaire Nguyễn-Wałęsa-Dvořák n° {table:03d} de Saint-Łukasz")


def player(table: int, letter: str) -> str:
    return sixty(f"{letter}. Marie-Thérèse Nguyễn-Wałęsa Dvořák de la Fontaine {table:03d}")


def full_hall(slug: str = "full-hall", played: int = 7, tables: int = TABLES) -> Event:
    """A two-day provincial (30 + 20 hands) of ``tables`` tables with hands 1..``played``
    entered at every table."""
    event = event_create(
        name=sixty("Jeux provinciaux des aînés — whist militaire, Trois-Rivières"),
        slug=slug,
        tables=tables,
        hands_per_day=[30, 20],
        sessions_per_day=[2, 1],
        level="provincial",
    )
    teams_replace(
        event=event,
        rows=[
            TeamRow(
                0,
                t,
                team_name(t),
                f"Zone {(t - 1) % 10 + 1}",
                player(t, "A"),
                player(t, "B"),
                player(t, "X"),
                player(t, "Y"),
            )
            for t in range(1, tables + 1)
        ],
        actor=None,
    )
    rng = random.Random(2026)
    for hand in range(1, played + 1):
        entries = [ResultEntry(hand, t, visitor_tricks(rng)) for t in range(1, tables + 1)]
        results_record(event=event, entries=entries, actor=None)
    event.refresh_from_db()
    return event


WAITING = (7, 12, 19, 44, 101, 180, 233)  # the tables hand 8 still waits for


def hall_at_hand_eight(slug: str) -> Event:
    """Hands 1-7 played at all 250 tables; hand 8 at 8 tricks but at the ``WAITING`` seven; a
    leader "lead" (password "hall-password-1"; the test sets a fast hasher first)."""
    from tests.leader_helpers import make_user

    event = full_hall(slug, played=7)
    entries = [ResultEntry(8, t, 8) for t in range(1, TABLES + 1) if t not in WAITING]
    results_record(event=event, entries=entries, actor=None)
    leader = make_user("lead", event)
    leader.set_password("hall-password-1")
    leader.save()
    return event
