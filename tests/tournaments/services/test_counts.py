"""Counts that are kept: typed counts survive a reload, a reopened day keeps the counts of its
close, and closing again asks only where the results changed since."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from tests.leader_helpers import make_event, make_user, play
from tournaments import selectors
from tournaments.models import AuditEntry, DayClose, DraftCount, Role
from tournaments.rules.errors import RulesError
from tournaments.services import ResultEntry, results_record
from tournaments.services.closed_days import day_reopen
from tournaments.services.closing import day_close
from tournaments.services.counts import counts_save, drafts

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = make_event("kept", tables=4, hands_per_day=(4, 2))
    play(event, range(1, 5), tricks=10)
    return event


def on_tables(event) -> dict[int, int]:
    summary, _ = selectors.load_day_ledger(event, 1)
    return {t: s.on_table for t, s in summary.items()}


def page_url(event, day=1):
    return reverse("tournaments:close_day", args=[event.slug, day])


def typed_url(event, day=1):
    return reverse("tournaments:counts_typed", args=[event.slug, day])


def reopened_after_a_correction(event):
    """Day 1 closed with every count matching, reopened, and hand 2 at table 1 corrected."""
    day_close(event=event, day=1, counts=on_tables(event), actor=None)
    day_reopen(event=event, day=1, actor=None)
    results_record(event=event, entries=[ResultEntry(2, 1, 2)], actor=None)


# ------------------------------------------------------------------------------ the service


def test_typed_counts_are_kept_as_drafts(event):
    """Counts typed for tables 1 and 3 are kept, and a blank clears table 3's."""
    counts_save(event=event, day=1, counts={1: 12, 3: 9}, actor=None)
    counts_save(event=event, day=1, counts={3: None}, actor=None)
    assert {t: d.count for t, d in drafts(event, 1).items()} == {1: 12}


def test_counts_typed_one_by_one_write_one_audit_line(event):
    """Typing the four counts one at a time, then retyping one, writes one 'counts typed'."""
    for table in (1, 2, 3, 4, 2):
        counts_save(event=event, day=1, counts={table: 10 + table}, actor=None)
    assert AuditEntry.objects.filter(event=event, action="counts typed").count() == 1


def test_check_is_audited_with_every_count(event):
    """Check writes one 'counts checked' line holding each count it compared."""
    counts_save(event=event, day=1, counts={1: 12, 2: 11}, actor=None, checked=True)
    entry = AuditEntry.objects.get(event=event, action="counts checked")
    assert entry.after == {"tables": "1–2", "counts": {"1": 12, "2": 11}}


def test_a_person_without_a_role_cannot_type_counts(event):
    """A signed-in stranger's counts are refused and nothing is kept."""
    with pytest.raises(PermissionDenied):
        counts_save(event=event, day=1, counts={1: 12}, actor=make_user("who"))
    assert not DraftCount.objects.exists()


def test_an_assistant_types_counts(event):
    """The event's assistants type the verifiers' counts."""
    counts_save(event=event, day=1, counts={1: 12}, actor=make_user("amy", event, Role.ASSISTANT))
    assert drafts(event, 1)[1].count == 12


@pytest.mark.parametrize(
    ("counts", "message"),
    [({9: 3}, "There is no table 9"), ({1: 1000}, "Table 1: a count is a whole number")],
)
def test_a_bad_count_is_refused_naming_the_table(event, counts, message):
    """A table the event does not have, or a count past 999, is refused and keeps nothing."""
    with pytest.raises(RulesError, match=message):
        counts_save(event=event, day=1, counts={2: 5, **counts}, actor=None)
    assert not DraftCount.objects.exists()


def test_a_closed_days_counts_are_not_drafts(event):
    """Once day 1 is closed its counts are in the close: typing one is refused."""
    day_close(event=event, day=1, counts=on_tables(event), actor=None)
    with pytest.raises(RulesError, match="Day 1 is closed"):
        counts_save(event=event, day=1, counts={1: 3}, actor=None)


def test_closing_forgets_the_drafts(event):
    """The close records the counts; no draft of day 1 is left."""
    counts_save(event=event, day=1, counts=on_tables(event), actor=None)
    day_close(event=event, day=1, counts=on_tables(event), actor=None)
    assert not DraftCount.objects.filter(event=event).exists()


def test_reopening_keeps_the_counts_of_the_close(event):
    """Reopening day 1 brings back each count recorded at its close, with what the results
    gave then."""
    counted = {**on_tables(event), 4: 3}
    day_close(event=event, day=1, counts=counted, override_note="a flag fell", actor=None)
    day_reopen(event=event, day=1, actor=None)
    kept = drafts(event, 1)
    assert {t: d.count for t, d in kept.items()} == counted
    assert {t: d.closed_on_table for t, d in kept.items()} == on_tables(event)


# ------------------------------------------------------------------------------ the pages


def test_a_reload_shows_the_counts_typed(client, event):
    """Counts sent by the page's script are in their boxes when the page loads again."""
    client.force_login(make_user("lead", event))
    response = client.post(
        typed_url(event), json.dumps({"counts": {"2": 14}}), content_type="application/json"
    )
    assert response.json() == {"saved": [2]}
    page = client.get(page_url(event)).content.decode()
    assert 'name="count_2" value="14"' in page


@pytest.mark.parametrize(
    "body",
    [
        "nonsense",
        '{"counts": {"x": 1}}',
        '{"counts": [1]}',
        "[]",
        '{"counts": {"1": 1.5}}',
        '{"counts": {"1": "7"}}',
        '{"counts": {"1": -1}}',
        '{"counts": {"1": 99999999999999999999999}}',
        '{"counts": {"99999999999999999999": 1}}',
        "[" * 100_000,
    ],
)
def test_a_garbled_count_message_is_refused_and_keeps_nothing(client, event, body):
    """Whatever else reaches the counts address answers 400 with a message, never an error."""
    client.force_login(make_user("lead", event))
    response = client.post(typed_url(event), body, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"]
    assert not DraftCount.objects.exists()


def test_a_visitor_cannot_send_counts(client, event):
    """Someone not signed in is sent to log in; nothing is kept."""
    body = json.dumps({"counts": {"2": 14}})
    response = client.post(typed_url(event), body, content_type="application/json")
    assert response.status_code == 302 and not DraftCount.objects.exists()


def test_a_sessions_counts_are_kept_apart_from_its_days(client):
    """A count typed on session 1's page is that session's, not the day's."""
    split = make_event("split", tables=4, hands_per_day=(4,), sessions_per_day=[2])
    play(split, range(1, 3))
    client.force_login(make_user("lead", split))
    url = reverse("tournaments:session_counts_typed", args=[split.slug, 1, 1])
    response = client.post(url, '{"counts": {"4": 9}}', content_type="application/json")
    assert response.status_code == 200
    assert drafts(split, 1, 1)[4].count == 9 and not drafts(split, 1, 0)


def test_check_keeps_the_counts_without_the_script(client, event):
    """Pressing Check (no script) keeps what was typed: the next visit shows it."""
    client.force_login(make_user("lead", event))
    client.post(page_url(event), {"action": "check", "count_3": "7"})
    assert drafts(event, 1)[3].count == 7
    assert 'name="count_3" value="7"' in client.get(page_url(event)).content.decode()


def test_a_refused_close_answers_at_the_top_where_focus_goes(client, event):
    """The refusal comes before the counts' table, in the focused answer box."""
    client.force_login(make_user("lead", event))
    body = {"action": "close", **{f"count_{t}": c for t, c in on_tables(event).items()}}
    body["count_3"] = "0"
    page = client.post(page_url(event), body).content.decode()
    answer = page.index('id="outcome" class="outcome" tabindex="-1" autofocus')
    assert answer < page.index("Not closed.") < page.index('name="count_1"')
    assert not DayClose.objects.exists()


def test_a_differing_table_says_which_number_the_standings_use(client, event):
    """Table 3 counted 0: the page says the standings use the results' number, and why."""
    client.force_login(make_user("lead", event))
    expected = on_tables(event)[3]
    page = client.post(page_url(event), {"action": "check", "count_3": "0"}).content.decode()
    assert (
        f"Table 3: standings use {expected} (the results); the verifiers counted 0 — the "
        "difference is kept in the close's note." in page
    )


def test_a_differing_table_links_to_the_hands_to_correct(client, event):
    """Table 2 one flag short: its line links to the grids of the hands that would explain it."""
    client.force_login(make_user("lead", event))
    body = {"action": "check", "count_2": str(on_tables(event)[2] - 1)}
    page = client.post(page_url(event), body).content.decode()
    line = page[page.index("Table 2: standings use") :].split("</li>")[0]
    assert "Correct a slip:" in line
    assert f'href="{reverse("tournaments:hand_grid", args=[event.slug, 1])}"' in line


def test_after_a_correction_only_the_changed_tables_are_asked_again(client, event):
    """Day 1 reopened and hand 2 at table 1 corrected: the tables whose flags changed are
    asked again, every other count is in its box."""
    before = on_tables(event)
    reopened_after_a_correction(event)
    changed = {t for t, n in on_tables(event).items() if n != before[t]}
    assert changed and len(changed) < 4
    client.force_login(make_user("lead", event))
    page = client.get(page_url(event)).content.decode()
    assert "Results changed since the close" in page
    for table, count in before.items():
        kept = f'name="count_{table}" value="{count}"' in page
        assert kept == (table not in changed)


def test_closing_again_needs_only_the_changed_tables(client, event):
    """The kept counts in their boxes and the changed tables' counts typed close the day."""
    before = on_tables(event)
    reopened_after_a_correction(event)
    now = on_tables(event)
    client.force_login(make_user("lead", event))
    page = client.get(page_url(event)).content.decode()
    body = {f"count_{t}": c for t, c in before.items() if f'value="{c}"' in page}  # kept
    body |= {f"count_{t}": now[t] for t in now if now[t] != before[t]}  # typed again
    assert client.post(page_url(event), {"action": "close", **body}).status_code == 302
    records = DayClose.objects.get(event=event).records.all()
    assert {r.table: r.physical_count for r in records} == now


def test_a_count_that_the_correction_explains_is_kept(client, event):
    """The verifiers counted what was really played, the slip said otherwise, the day closed
    with a note; once the slip is corrected every kept count matches: nothing to retype."""
    results_record(event=event, entries=[ResultEntry(2, 1, 2)], actor=None)
    counted = on_tables(event)  # what the tables really hold
    results_record(event=event, entries=[ResultEntry(2, 1, 10)], actor=None)  # the wrong slip
    day_close(event=event, day=1, counts=counted, override_note="slip to check", actor=None)
    day_reopen(event=event, day=1, actor=None)
    results_record(event=event, entries=[ResultEntry(2, 1, 2)], actor=None)
    client.force_login(make_user("lead", event))
    page = client.get(page_url(event)).content.decode()
    assert "Results changed since the close" not in page
    assert all(f'name="count_{t}" value="{c}"' in page for t, c in counted.items())
    body = {"action": "close", **{f"count_{t}": c for t, c in counted.items()}}
    assert client.post(page_url(event), body).status_code == 302


# A POST reads the laptop's role (one writer: standby_doors); a Check that keeps counts moves
# the revision (the backups and the standby hold them at once).
QUERIES_PAGE, QUERIES_CHECK = 20, 36


def close_page_queries(client, tables: int, at_most) -> tuple[int, int]:
    """Queries of a reopened day's page (every count kept, the corrected tables asked again)
    and of its Check, for an event of ``tables`` tables."""
    event = make_event(f"q-{tables}", tables=tables, hands_per_day=(2, 2))
    play(event, [1, 2])
    summary, _ = selectors.load_day_ledger(event, 1)
    day_close(event=event, day=1, counts={t: s.on_table for t, s in summary.items()}, actor=None)
    day_reopen(event=event, day=1, actor=None)
    results_record(event=event, entries=[ResultEntry(2, 1, 2)], actor=None)
    client.force_login(make_user(f"lead-{tables}", event))
    with at_most(QUERIES_PAGE) as page:
        assert client.get(page_url(event)).status_code == 200
    body = {f"count_{t}": s.on_table for t, s in summary.items()}
    with at_most(QUERIES_CHECK) as check:
        assert client.post(page_url(event), {"action": "check", **body}).status_code == 200
    return len(page), len(check)


def test_the_close_page_with_kept_counts_runs_a_fixed_number_of_queries(
    client, django_assert_max_num_queries
):
    """A reopened day's page and its Check run as many queries for 64 tables as for 8."""
    at_most = django_assert_max_num_queries
    small, large = close_page_queries(client, 8, at_most), close_page_queries(client, 64, at_most)
    assert small == large, (small, large)
