"""Standings from the hands' kept tallies always equal standings recomputed from every result."""

from __future__ import annotations

from collections import Counter

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.leader_helpers import make_event, play
from tournaments import selectors, snapshot
from tournaments.formats.csv_files import TeamRow
from tournaments.rules.standings import rank_teams
from tournaments.services import ResultEntry, results_record, teams_replace
from tournaments.services.setup import event_settings_update
from tournaments.snapshot.tallies import held_before, tallies

pytestmark = pytest.mark.django_db

_examples = iter(range(10**6))


def recomputed(event):
    """Standings and the hands played (the hands 1..k every table has a result for) by the
    pure rules from every recorded result."""
    recorded = selectors.results(event)
    entries = selectors.team_entries(event, selectors.load_teams_by_table(event), recorded)
    per_hand = Counter(r.hand for r in recorded)
    complete = 0
    while per_hand[complete + 1] == event.tables:
        complete += 1
    return rank_teams(entries), complete


save = st.tuples(
    st.just("save"),
    st.integers(1, 6),  # hand (clipped to the event's hands)
    st.lists(st.tuples(st.integers(1, 6), st.integers(0, 13)), min_size=1, max_size=6),
)
thresholds = st.tuples(st.just("thresholds"), st.integers(7, 13), st.integers(7, 13))
rename = st.tuples(st.just("rename"), st.integers(0, 99))


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    tables=st.integers(2, 6),
    days=st.sampled_from([(3,), (2, 2), (4, 2)]),
    steps=st.lists(st.one_of(save, save, thresholds, rename), min_size=1, max_size=12),
)
def test_standings_after_every_save_match_a_full_recomputation(
    db, django_capture_on_commit_callbacks, tables, days, steps
):
    """After any run of saves, corrections, threshold changes and renamed teams, the standings
    read after each step are the standings the rules derive from every recorded result
    (every write and read commits, as on a server, so hands' tallies are kept between them)."""
    event = make_event(f"prop-{next(_examples)}", tables=tables, hands_per_day=days)
    for step in steps:
        if step[0] == "save":
            hand = min(step[1], sum(days))
            entries = {t: v for t, v in step[2] if t <= tables}  # corrections included
            if not entries:
                continue
            with django_capture_on_commit_callbacks(execute=True):
                results_record(
                    event=event,
                    entries=[ResultEntry(hand, t, v) for t, v in entries.items()],
                    actor=None,
                )
        elif step[0] == "rename":
            rows = [
                TeamRow(0, t, f"Team {t} ({step[1]})", f"Zone {t % 2}", "", "", "", "")
                for t in range(1, tables + 1)
            ]
            with django_capture_on_commit_callbacks(execute=True):
                teams_replace(event=event, rows=rows, actor=None)
        else:
            one, two = sorted(step[1:])
            with django_capture_on_commit_callbacks(execute=True):
                event_settings_update(
                    event=event, changes={"one_flag_at": one, "two_flags_at": two}, actor=None
                )
        event.refresh_from_db()
        with django_capture_on_commit_callbacks(execute=True):
            shown = (snapshot.standings(event), snapshot.hands_played(event))
        assert shown == recomputed(event)


def test_a_correction_re_reads_only_the_hand_it_changed(
    django_capture_on_commit_callbacks, django_assert_num_queries
):
    """After a correction the tallies read the hands' revisions and the corrected hand only."""
    event = make_event("corrected", tables=6)
    play(event, range(1, 6))
    with django_capture_on_commit_callbacks(execute=True):
        tallies(event)
    results_record(event=event, entries=[ResultEntry(3, 1, 12)], actor=None)
    event.refresh_from_db()
    with django_assert_num_queries(2):
        fast = tallies(event)
    assert fast.net_by_day(6, 12) == recomputed_net(event)


def test_a_save_starts_from_the_kept_tallies_of_the_days_earlier_hands(
    django_capture_on_commit_callbacks, django_assert_num_queries
):
    """What each table held when a hand began comes from the earlier hands' kept tallies and
    the day's loans: two queries, however many hands were played."""
    event = make_event("held", tables=6, flags_per_table=1)
    play(event, range(1, 9), tricks=12)
    with django_capture_on_commit_callbacks(execute=True):
        tallies(event)
    with django_assert_num_queries(2):
        held = held_before(event, 1, 9)
    net = recomputed_net(event)[1]
    loans = {}
    for table, flags in event.loans.filter(day=1).values_list("table", "flags"):
        loans[table] = loans.get(table, 0) + flags
    assert held == {t: net[t] + loans.get(t, 0) for t in range(1, 7)}


def recomputed_net(event):
    from tournaments.rules.flags import net_flags_by_day

    return net_flags_by_day(event.tables, selectors.results(event), event.flag_settings)


def test_standings_read_inside_a_save_that_is_rolled_back_leave_no_trace(
    django_capture_on_commit_callbacks,
):
    """Standings read in the middle of a save that then fails still follow the results that
    were kept."""
    event = make_event("rolled-back", tables=4)
    play(event, [1])
    with django_capture_on_commit_callbacks(execute=True):
        snapshot.standings(event)
    with transaction.atomic():
        results_record(event=event, entries=[ResultEntry(2, 1, 13)], actor=None)
        event.refresh_from_db()
        assert snapshot.tallies(event).last_hand == 2
        transaction.set_rollback(True)
    event.refresh_from_db()
    assert snapshot.tallies(event).last_hand == 1
    assert tallies(event).net_by_day(4, 12) == recomputed_net(event)


def every_tables_results(event):
    """Each table's results from every recorded result, in hand order (host tables within)."""
    found = {t: [] for t in range(1, event.tables + 1)}
    for result in selectors.results(event):
        found[result.host_table].append(result)
        found[result.visitor_table].append(result)
    return found


def test_a_tables_results_after_a_correction_read_only_the_hand_it_changed(
    django_capture_on_commit_callbacks, django_assert_num_queries
):
    """After a correction, a table's page reads its results from the hands' kept results and
    the corrected hand only (never all of them again), and they are every result it took
    part in."""
    event = make_event("table-results", tables=6)
    play(event, range(1, 6))
    with django_capture_on_commit_callbacks(execute=True):
        snapshot.table_results(event, 1)
    results_record(event=event, entries=[ResultEntry(3, 1, 12)], actor=None)
    event.refresh_from_db()
    expected = every_tables_results(event)
    with django_assert_num_queries(4), django_capture_on_commit_callbacks(execute=True):
        # the revision before and after, the hands' revisions, the corrected hand's results
        snapshot.tallies(event)  # what the first page after the save reads first
    with django_assert_num_queries(0):
        shown = {t: snapshot.table_results(event, t) for t in range(1, 7)}
    assert shown == expected


def test_a_tables_results_forgotten_by_the_cache_are_read_again(
    django_capture_on_commit_callbacks, django_assert_num_queries
):
    """Hands whose kept results are gone (the cache cleared) are read again, in one query."""
    from django.core.cache import cache

    from tournaments.cache import facts
    from tournaments.snapshot.tallies import kept_hands

    event = make_event("forgotten", tables=4)
    play(event, range(1, 4))
    with django_capture_on_commit_callbacks(execute=True):
        flags = tallies(event)
    cache.clear()
    facts.forget_all()
    with django_assert_num_queries(1):
        hands = kept_hands(event, flags)
    shown = {
        t: [r for n in sorted(hands) for r in hands[n].by_table.get(t, ())] for t in range(1, 5)
    }
    assert shown == every_tables_results(event)
