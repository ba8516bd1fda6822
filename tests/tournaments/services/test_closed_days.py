"""A closed day is a confirmed record: no result or trump cut of it changes, from the grid, the
command line or a service, until a leader reopens it (audited) and closes it again."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.leader_helpers import make_event, make_user, play
from tournaments.models import AuditEntry, DayClose, Hand, HandResult, Role
from tournaments.rules.errors import RulesError
from tournaments.services import ResultEntry, results_record
from tournaments.services.closed_days import day_reopen
from tournaments.services.closing import day_close
from tournaments.services.setup import hand_trump_record

pytestmark = pytest.mark.django_db


def test_a_result_of_a_closed_day_is_refused_naming_the_day(closed):
    """Recording a correction for hand 5 of closed day 1 is refused with the day's name."""
    with pytest.raises(
        RulesError, match="Day 1 is closed, so these results cannot change: hand 5 table 2"
    ):
        results_record(event=closed, entries=[ResultEntry(5, 2, 3)], actor=None)
    assert HandResult.objects.get(event=closed, hand__number=5, host_table=2).visitor_tricks == 8


def test_import_results_refuses_a_closed_days_rows(closed, tmp_path):
    """import_results names the closed day and changes nothing."""
    rows = tmp_path / "results.csv"
    rows.write_text("hand,table,visitor_tricks\n4,1,12\n", encoding="utf-8")
    with pytest.raises(CommandError, match="Day 1 is closed"):
        call_command("import_results", closed.slug, str(rows))
    assert HandResult.objects.get(event=closed, hand__number=4, host_table=1).visitor_tricks == 8


def test_a_closed_sessions_result_is_refused(closed):
    """A closed session's hands are refused even while its day is open."""
    event = make_event("sessions", tables=4, hands_per_day=(30,), sessions_per_day=(2,))
    play(event, range(1, 16))
    day_close(event=event, day=1, session=1, close_incomplete=True, actor=None)
    with pytest.raises(RulesError, match="Day 1, session 1, is closed"):
        results_record(event=event, entries=[ResultEntry(3, 1, 2)], actor=None)
    results_record(event=event, entries=[ResultEntry(16, 1, 2)], actor=None)


def test_the_trump_cut_of_a_closed_days_hand_is_refused():
    """An assistant cannot change the recorded trump of a hand in a closed day."""
    event = make_event("cut-closed", tables=4, trumps="CUT")
    play(event, range(1, 31))
    day_close(event=event, day=1, close_incomplete=True, actor=None)
    with pytest.raises(RulesError, match="Day 1 is closed"):
        hand_trump_record(event=event, hand=2, trump="S", actor=None)
    assert Hand.objects.get(event=event, number=2).trump is None


def test_reopening_a_day_lets_the_correction_in_and_keeps_the_old_record(closed):
    """After the leader reopens day 1 the correction saves; the old close is in the audit log."""
    day_reopen(event=closed, day=1, actor=None)
    results_record(event=closed, entries=[ResultEntry(5, 2, 3)], actor=None)
    assert not DayClose.objects.filter(event=closed).exists()
    entry = AuditEntry.objects.get(action="day reopened")
    assert entry.before["net_flags"] and entry.target.endswith("day 1 closed")


def test_an_assistant_cannot_reopen_a_day(client, closed):
    """Only a leader reopens: an assistant's reopen is refused and the day stays closed."""
    client.force_login(make_user("amy", closed, Role.ASSISTANT))
    response = client.post(
        reverse("tournaments:close_day", args=[closed.slug, 1]), {"action": "reopen"}
    )
    assert response.status_code == 403
    assert DayClose.objects.filter(event=closed).exists()


def test_the_leader_reopens_from_the_close_page(client, closed):
    """The close page's Reopen button reopens the day and says to close it again."""
    client.force_login(make_user("lee", closed))
    page = client.post(
        reverse("tournaments:close_day", args=[closed.slug, 1]), {"action": "reopen"}, follow=True
    ).content.decode()
    assert "is open again" in page and not DayClose.objects.filter(event=closed).exists()
