"""Bandwidth: a hand's publication of a 250-table event is a few kilobytes compressed, never
the whole archive (issue 40's bound: under 50 KB)."""

from __future__ import annotations

import gzip
import json
import random

import pytest

from tests.hall_size import TABLES, full_hall
from tournaments.archive.export import export_event
from tournaments.archive.feed import changes_since
from tournaments.management.demo import visitor_tricks
from tournaments.services import ResultEntry, results_record
from tournaments.services.closing import day_close

pytestmark = pytest.mark.django_db

BOUND = 50 * 1024


def packed(change: dict) -> int:
    """Bytes on the wire, as the hall's sender sends it."""
    body = json.dumps(change, ensure_ascii=False, separators=(",", ":")).encode()
    return len(gzip.compress(body, compresslevel=6))


def test_a_hand_at_250_tables_is_well_under_50_kb():
    hall = full_hall("games", played=30)
    day_close(event=hall, day=1, close_incomplete=True, actor=None)  # 250 records every time
    hall.refresh_from_db()
    base = hall.revision
    rng = random.Random(40)
    entries = [ResultEntry(31, t, visitor_tricks(rng)) for t in range(1, TABLES + 1)]
    results_record(event=hall, entries=entries, actor=None)
    hall.refresh_from_db()
    hand = changes_since(hall, base, source="s")
    results_record(event=hall, entries=[ResultEntry(31, 7, 12)], actor=None)
    one_table = changes_since(hall, hand["revision"], source="s")
    whole = changes_since(hall, 0, source="s")
    archive = json.dumps(export_event(hall), ensure_ascii=False).encode()
    figures = {
        "one hand (250 results)": packed(hand),
        "one table's correction": packed(one_table),
        "the whole event (first publication)": packed(whole),
        "the archive, for comparison": len(gzip.compress(archive, compresslevel=6)),
    }
    print(
        "\n" + "\n".join(f"{name}: {size / 1024:.1f} KB gzipped" for name, size in figures.items())
    )
    assert hand["hands"] == [31] and len(hand["archive"]["results"]) == TABLES
    assert one_table["hands"] == [31]
    assert figures["one hand (250 results)"] < BOUND
    assert figures["one table's correction"] < BOUND
    assert figures["one hand (250 results)"] * 10 < figures["the archive, for comparison"]
