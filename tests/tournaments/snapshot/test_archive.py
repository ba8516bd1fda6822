"""A backup reuses the records that did not change since the last one and still writes exactly
the event's archive, byte for byte."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.leader_helpers import make_event
from tournaments.archive import dumps, export_event
from tournaments.services import ResultEntry, results_record
from tournaments.services.setup import event_settings_update
from tournaments.snapshot.archive import archive_text

pytestmark = pytest.mark.django_db

_examples = iter(range(10**6))
save = st.tuples(
    st.just("save"),
    st.integers(1, 6),
    st.lists(st.tuples(st.integers(1, 5), st.integers(0, 13)), min_size=1, max_size=5),
)
penalty = st.tuples(st.just("penalty"), st.integers(0, 3))


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(tables=st.integers(2, 5), steps=st.lists(st.one_of(save, save, penalty), max_size=10))
def test_after_any_saves_the_backup_is_the_archive_byte_for_byte(
    db, django_capture_on_commit_callbacks, tables, steps
):
    """After saves, corrections and a changed revoke penalty (every result derived again),
    each backup written from the kept records equals the archive written afresh."""
    event = make_event(f"backup-{next(_examples)}", tables=tables, hands_per_day=(4, 2))
    for step in steps:
        with django_capture_on_commit_callbacks(execute=True):
            if step[0] == "save":
                entries = {t: v for t, v in step[2] if t <= tables}
                results_record(
                    event=event,
                    entries=[ResultEntry(step[1], t, v, 1) for t, v in entries.items()],
                    actor=None,
                )
            else:
                event_settings_update(event=event, changes={"revoke_penalty": step[1]}, actor=None)
            event.refresh_from_db()
            assert archive_text(event) == dumps(export_event(event))


def test_a_backup_after_one_saved_hand_reads_only_that_hand_and_the_new_entries(
    django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    """With the records of 20 saved hands kept, the next backup reads the saved hand's
    results and the audit entries written since, not all 20 hands again."""
    event = make_event("light", tables=6, hands_per_day=(30,))
    for hand in range(1, 21):
        results_record(
            event=event, entries=[ResultEntry(hand, t, 8) for t in range(1, 7)], actor=None
        )
    event.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        archive_text(event)
    results_record(event=event, entries=[ResultEntry(21, t, 9) for t in range(1, 7)], actor=None)
    event.refresh_from_db()
    with django_assert_max_num_queries(13) as queries:  # the event's parts, a fixed number
        text = archive_text(event)
    assert text == dumps(export_event(event))
    reads = [q["sql"] for q in queries.captured_queries if "tournaments_handresult" in q["sql"]]
    assert len(reads) == 1 and '"tournaments_hand"."id" IN (' in reads[0]
    assert reads[0].split('"tournaments_hand"."id" IN (')[1].split(")")[0].count(",") == 0
