"""Property: any event, however its hands went, survives export -> import -> export unchanged."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import build_event
from tournaments.archive import dumps, export_event
from tournaments.models import Event
from tournaments.services import ResultEntry, results_record
from tournaments.services.archive_import import import_event
from tournaments.services.counts import counts_save

pytestmark = pytest.mark.django_db

result = st.tuples(
    st.integers(1, 8),  # hand
    st.integers(1, 5),  # host table
    st.integers(0, 13),  # tricks as played
    st.integers(0, 2),  # visitor revokes
    st.integers(0, 2),  # host revokes
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    tables=st.integers(2, 5),
    batches=st.lists(st.lists(result, min_size=1, max_size=6), max_size=4),
    alternate=st.booleans(),
    counted=st.dictionaries(st.integers(1, 5), st.integers(0, 40), max_size=5),
)
def test_export_import_export_round_trips(db, tables, batches, alternate, counted):
    """Whatever was entered and corrected, the re-imported event exports the same bytes."""
    Event.objects.all().delete()
    event = build_event("prop", tables=tables, hands_per_day=(5, 3), alternate_pairs=alternate)
    for batch in batches:
        entries = {(h, t): ResultEntry(h, t, p, v, r) for h, t, p, v, r in batch if t <= tables}
        if entries:
            results_record(event=event, actor=None, entries=list(entries.values()))
    counted = {t: c for t, c in counted.items() if t <= tables}  # typed, not yet closed
    counts_save(event=event, day=1, counts=counted, actor=None)
    first = dumps(export_event(event))
    Event.objects.all().delete()
    again = import_event(json.loads(first))
    assert dumps(export_event(again)) == first
