"""Rules and records (issue 10, points 1, 3, 4, 5, 7, 8): settings re-derive every result and
loan, the next level waits for its ties, playoff hands record both cuts, days read by number,
and the leader may end play early."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.conftest import build_event
from tests.leader_helpers import make_user
from tests.tournaments.services.test_playoffs import _cut, finished
from tournaments import snapshot
from tournaments.models import AuditEntry, Event, HandResult, Loan
from tournaments.rules.errors import RulesError
from tournaments.services import ResultEntry, results_record
from tournaments.services.advancing import next_level_create
from tournaments.services.closing import day_close
from tournaments.services.end_play import play_end, play_resume
from tournaments.services.playoffs import playoff_hand_record
from tournaments.services.setup import event_settings_update

pytestmark = pytest.mark.django_db


def _total(event, table: int) -> int:
    return next(s.total for s in snapshot.standings(event) if s.table == table)


def test_a_new_revoke_penalty_recomputes_results_already_entered(event):
    """9 tricks with one visitors' revoke count 7 at 2 a revoke, and 6 once the penalty is 3."""
    results_record(event=event, entries=[ResultEntry(1, 1, 9, 1, 0)], actor=None)
    event_settings_update(event=event, changes={"revoke_penalty": 3}, actor=None)
    assert HandResult.objects.get(event=event).visitor_tricks == 6
    assert AuditEntry.objects.filter(event=event, action="results re-derived").exists()


def test_a_new_revoke_penalty_moves_the_standings_with_it(event):
    """Once 9 tricks with a revoke fall to 6, the visitors' flag goes back to the hosts."""
    results_record(event=event, entries=[ResultEntry(1, 1, 9, 1, 0)], actor=None)
    assert _total(event, 1) == 11
    event_settings_update(event=event, changes={"revoke_penalty": 3}, actor=None)
    event.refresh_from_db()
    assert _total(event, 1) == 12


def test_a_flag_setting_cannot_change_under_a_closed_day(event):
    """Changing the revoke penalty after day 1 is closed is refused naming the day."""
    results_record(event=event, entries=[ResultEntry(1, 1, 9, 1, 0)], actor=None)
    day_close(event=event, day=1, close_incomplete=True, actor=None)
    with pytest.raises(RulesError, match="Day 1 is closed"):
        event_settings_update(event=event, changes={"revoke_penalty": 3}, actor=None)
    assert HandResult.objects.get(event=event).visitor_tricks == 7


def test_loans_follow_new_thresholds(db):
    """10 tricks against a host with 1 flag needs a loan at 2 flags for 10; none at 11."""
    event = build_event("loan", tables=3, hands_per_day=(2,), flags_per_table=1)
    results_record(event=event, entries=[ResultEntry(1, 1, 10)], actor=None)
    assert list(Loan.objects.filter(event=event).values_list("table", "flags")) == [(1, 1)]
    event_settings_update(event=event, changes={"two_flags_at": 11}, actor=None)
    assert not Loan.objects.filter(event=event).exists()


def _tied_at_the_top():
    """A finished 4-table event whose two best teams share rank 1 (no playoff yet)."""
    event = build_event("tie", tables=4, hands_per_day=(1,), advancing=2)
    hand = snapshot.rotation(event).hand(1)
    winners: list[int] = []
    for host in range(1, 5):  # two hosts whose visitors win a flag and lose none at home
        visitor = hand.visitor_of(host)
        if not {host, visitor} & set(winners) and len(winners) < 4:
            winners += [visitor, host]
    entries = [ResultEntry(1, t, 8 if t in winners[1::2] else 0) for t in range(1, 5)]
    results_record(event=event, entries=entries, actor=None)
    event.refresh_from_db()
    rows = snapshot.standings(event)
    assert rows[0].rank == rows[1].rank == 1 and rows[2].rank == 3
    return event, sorted(s.table for s in rows[:2])


def test_the_next_level_waits_for_a_tie_between_advancing_teams():
    """Two advancing teams still tied for first are named and the next level is refused."""
    event, (a, b) = _tied_at_the_top()
    with pytest.raises(RulesError, match=f"table {a} and table {b} are still tied"):
        next_level_create(
            name="Zone", slug="zone", sources=[event], level="zone", hands_per_day=[30]
        )
    assert not Event.objects.filter(slug="zone").exists()


def test_a_playoff_hand_needs_the_directors_trump_cut():
    """Saving a playoff hand without the trump cut is refused and nothing is recorded."""
    event = finished(2)
    with pytest.raises(RulesError, match="director's cut for trump"):
        playoff_hand_record(
            event=event, rank=1, match=1, first_table=1, second_table=2, first_tricks=8,
            dealer_cut=[_cut(1, 2)], actor=None,
        )  # fmt: skip
    assert not snapshot.playoffs(event).groups[0].hands


def test_a_playoff_hand_needs_the_cut_for_the_deal():
    """Saving a playoff hand without the players' cut for the deal is refused."""
    event = finished(2)
    with pytest.raises(RulesError, match="cut for the deal"):
        playoff_hand_record(
            event=event, rank=1, match=1, first_table=1, second_table=2, first_tricks=8,
            trump_cut="QH", actor=None,
        )  # fmt: skip
    assert not snapshot.playoffs(event).groups[0].hands


def test_days_count_from_day_one_when_only_day_two_has_results(client, two_day_event):
    """With results on day 2 only, day 1 counts its 12 flags and day 2 reads as day 2."""
    results_record(event=two_day_event, entries=[ResultEntry(31, 1, 10)], actor=None)
    body = client.get(reverse("tournaments:standings_json", args=[two_day_event.slug])).json()
    row = next(r for r in body["standings"] if r["table"] == 1)
    assert row["days"] == [12, 10] and row["total"] == 22


def test_the_standings_csv_labels_columns_by_day_number(client, two_day_event):
    """The CSV's columns for a day-2-only event are Day 1 and Day 2."""
    results_record(event=two_day_event, entries=[ResultEntry(31, 1, 10)], actor=None)
    response = client.get(reverse("tournaments:standings_csv", args=[two_day_event.slug]))
    header = next(csv.reader(io.StringIO(response.content.decode())))
    assert header[4:6] == ["Day 1", "Day 2"]


def _play(event, hands):
    for hand in hands:
        entries = [ResultEntry(hand, t, 0) for t in range(1, event.tables + 1)]
        results_record(event=event, entries=entries, actor=None)


def test_ending_play_early_finishes_the_event_for_playoffs():
    """After end_play --after-hand 2 and two hands entered, the tie is offered a playoff."""
    event = build_event("early", tables=3, hands_per_day=(5,))
    _play(event, [1, 2])
    call_command("end_play", event.slug, "--after-hand", "2")
    event.refresh_from_db()
    assert snapshot.playoffs(event).final and snapshot.playoffs(event).groups
    entry = AuditEntry.objects.get(event=event, action="play ended")
    assert entry.after == {"play_ends_after": 2}


def test_a_hand_after_the_end_of_play_is_refused():
    """Once play ended after hand 2, a result for hand 3 is refused naming the end."""
    event = build_event("early", tables=3, hands_per_day=(5,))
    play_end(event=event, after_hand=2, actor=None)
    with pytest.raises(RulesError, match="Play ended after hand 2"):
        results_record(event=event, entries=[ResultEntry(3, 1, 8)], actor=None)


def test_play_cannot_end_before_a_hand_already_entered():
    """Ending after hand 1 when hand 2 has results is refused from the command line."""
    event = build_event("early", tables=3, hands_per_day=(5,))
    _play(event, [1, 2])
    with pytest.raises(CommandError, match="Hand 2 already has results"):
        call_command("end_play", event.slug, "--after-hand", "1")


def test_ending_play_is_undone_until_a_playoff_is_recorded():
    """Resuming play works before any playoff and is refused once one is recorded."""
    event = build_event("early", tables=2, hands_per_day=(5,))
    _play(event, [1])
    play_end(event=event, after_hand=1, actor=None)
    play_resume(event=event, actor=None)
    play_end(event=event, after_hand=1, actor=None)
    event.refresh_from_db()
    playoff_hand_record(
        event=event, rank=1, match=1, first_table=1, second_table=2, first_tricks=8,
        trump_cut="QH", dealer_cut=[_cut(1, 2)], actor=None,
    )  # fmt: skip
    with pytest.raises(RulesError, match="can no longer resume"):
        play_resume(event=event, actor=None)


def test_the_leader_ends_play_from_the_set_up_page(client):
    """Typing 2 in 'End play after hand' on the set-up page ends play there, audited."""
    event = build_event("early", tables=3, hands_per_day=(5,))
    client.force_login(make_user("lead", event))
    url = reverse("tournaments:setup", args=[event.slug])
    client.post(url, {"after_hand": "2", "action": "end"})
    event.refresh_from_db()
    assert event.play_ends_after == 2
    assert "Play ended after hand 2" in client.get(url).content.decode()


def test_the_readme_states_how_the_rule_book_is_read():
    """The README names the readings kept: loans are the shortfall, ace high, no suit order."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = text.split("## How the rule book is read", 1)[1].split("\n## ", 1)[0]
    assert "A loan is always the shortfall" in section
    assert "the ace is high and the 2 low; suits never break a tie" in section
