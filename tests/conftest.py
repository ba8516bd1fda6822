"""Shared fixtures: events built through the services, as a leader would build them."""

from __future__ import annotations

import pytest

from tournaments.csv_formats import TeamRow
from tournaments.services import event_create, teams_replace


def build_event(slug="hall", tables=4, hands_per_day=(30,), **options):
    event = event_create(
        name=f"Event {slug}",
        slug=slug,
        tables=tables,
        hands_per_day=list(hands_per_day),
        **options,
    )
    teams_replace(
        event=event,
        rows=[
            TeamRow(0, t, f"Team {t}", f"Zone {t % 2 + 1}", f"A{t}", f"B{t}", f"X{t}", f"Y{t}")
            for t in range(1, tables + 1)
        ],
        actor=None,
    )
    return event


@pytest.fixture(autouse=True)
def _no_backups(settings):
    """Tests write no backups unless they ask for a folder (tests/test_backups.py does)."""
    settings.BACKUP_DIR = None


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache, as a freshly started server does."""
    from django.core.cache import cache

    from tournaments.snapshot import store

    cache.clear()
    store.clear_memory()


@pytest.fixture
def event(db):
    """A 4-table, 30-hand event with its teams."""
    return build_event()


@pytest.fixture
def two_day_event(db):
    """A 4-table event of 30 hands on day 1 and 20 on day 2."""
    return build_event("two-day", hands_per_day=(30, 20))


@pytest.fixture
def closed(db):
    """A 4-table event whose day 1 (30 hands, 8 tricks everywhere) is closed."""
    from tests.leader_helpers import make_event, play
    from tournaments.services.closing import day_close

    event = make_event("closed", tables=4)
    play(event, range(1, 31))
    day_close(event=event, day=1, close_incomplete=True, actor=None)
    return event
