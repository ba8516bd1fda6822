"""Shared fixtures: events built through the services, as a leader would build them."""

from __future__ import annotations

import pytest

from tournaments.formats.csv_files import TeamRow
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
    """Tests write no backups unless they ask for a folder (tournaments/test_backups.py does)."""
    settings.BACKUP_DIR = None


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache, as a freshly started server does."""
    from django.core.cache import cache

    from tournaments.cache import store

    cache.clear()
    store.clear_memory()


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the default language: a page an earlier test drew in French on the
    same worker leaves French active in its thread."""
    from django.utils import translation

    translation.deactivate()


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


# The PostgreSQL run (``--database-only``) repeats only what can differ there: the tests that
# reach the database in this process, and those whose server uses the run's database
# (``run_database``). The rest read the same on any database and ran once already: the rules,
# the whist engine, and the laptop's servers, which keep to SQLite in their data folder.
_DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "live_server",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
}


def pytest_addoption(parser):
    parser.addoption(
        "--database-only",
        action="store_true",
        help="run only the tests that reach the run's database (the PostgreSQL run)",
    )


def pytest_collection_modifyitems(config, items):
    if not config.getoption("--database-only"):
        return
    kept, dropped = [], []
    for item in items:
        reaches = (
            item.get_closest_marker("django_db")
            or item.get_closest_marker("run_database")
            or _DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
        )
        (kept if reaches else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
