"""Pages run a fixed number of queries: 64 tables cost no more than 8."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.leader_helpers import make_event, make_user, play

pytestmark = pytest.mark.django_db

PAGES = {
    "grid": ("hand_grid", [2]),
    "standings": ("standings", []),
    "projector": ("projector", []),
    "hall map": ("hall_map", []),
    "table page": ("table", [1]),
    "day close": ("close_day", [1]),
}
# Cold (nothing kept): a leader's page reads what it shows, the event's revision before and
# after each derived value it builds (tournaments/cache/store.py; the results and tallies
# that every page shares are checked on their own), and the hall's hand; the standings also
# read its teams' clubs and the events they came from, which the page links.
MAX_QUERIES = {
    "grid": 15,
    "standings": 15,
    "projector": 13,
    "hall map": 13,
    "table page": 20,
    "day close": 19,
}


def queries(client, tables: int, name: str, args: list) -> int:
    event = make_event(f"hall-{tables}", tables=tables)
    play(event, [1, 2])
    client.force_login(make_user(f"lead-{tables}", event))
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        assert (
            client.get(reverse(f"tournaments:{name}", args=[event.slug, *args])).status_code == 200
        )
    return len(captured)


@pytest.mark.parametrize("page", PAGES)
def test_query_count_does_not_grow_with_tables(client, page, django_assert_max_num_queries):
    """A page for 64 tables runs no more queries than the same page for 8 tables."""
    name, args = PAGES[page]
    small, large = queries(client, 8, name, args), queries(client, 64, name, args)
    assert large == small, f"{page}: {small} queries with 8 tables, {large} with 64"
    assert small <= MAX_QUERIES[page]


def test_saving_a_whole_hand_of_64_tables_runs_a_fixed_number_of_queries(
    client, django_assert_max_num_queries
):
    """Saving 64 tables at once is a handful of queries, not one per table."""
    from tests.leader_helpers import grid_post

    event = make_event("big", tables=64)
    client.force_login(make_user("lead", event))
    with django_assert_max_num_queries(30):
        response = client.post(
            reverse("tournaments:hand_grid", args=[event.slug, 1]),
            grid_post(event, 1, dict.fromkeys(range(1, 65), 8)),
        )
    assert response.status_code == 302
