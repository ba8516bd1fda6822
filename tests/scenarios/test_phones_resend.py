"""The laptop dies with no standby: the last backup on the stick missed the last results the
phones were told "Saved" for. Restored on a spare laptop, the hall lacks them; each table's
phone reads what the hall holds of its table and resends, from its journal, every result the
hall lost: 0 lost, 0 recorded twice, the standings those of the hall before it died.

The phones here do what static/js/table_entry.js does, through the same entry addresses."""

from __future__ import annotations

import json
import random

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.leader_helpers import make_event, make_user
from tournaments.cache import store
from tournaments.models import Event, HandResult, SubmissionStatus, TableSubmission
from tournaments.services import ResultEntry, results_record
from tournaments.services.archive_import import import_event
from tournaments.services.closing import day_close
from tournaments.services.table_entry import table_tokens_issue
from tournaments.snapshot.archive import archive_text

pytestmark = pytest.mark.django_db
TABLES = 8


class Phone:
    """A table's phone: its entry address and its journal of entries told "Saved"."""

    def __init__(self, token: str, table: int) -> None:
        self.url = reverse("tournaments:table_entry", args=[token])
        self.table, self.client = table, Client()
        self.journal: dict[int, dict] = {}
        self.made = 0

    def enter(self, hand: int, day: int, tricks: int, vrev: int = 0, hrev: int = 0) -> None:
        self.made += 1
        entry = {"id": f"phone-{self.table}-{self.made:04d}", "hand": hand, "tricks": tricks}
        entry |= {"visitor_revokes": vrev, "host_revokes": hrev}
        answer = self.client.post(self.url, json.dumps(entry), content_type="application/json")
        assert answer.status_code == 200 and answer.json()["saved"], answer.content
        self.journal[hand] = {**entry, "day": day}  # a fix replaces its hand's entry

    def catch_up(self) -> list[dict]:
        """Read what the hall holds of this table; resend what it lacks. The answers."""
        hall = self.client.get(self.url, {"held": "1"}).json()
        answers = []
        for hand, entry in sorted(self.journal.items()):
            if entry["day"] in hall["closed_days"]:
                del self.journal[hand]
                continue
            held = hall["held"].get(str(hand))
            same = [entry["tricks"], entry["visitor_revokes"], entry["host_revokes"]]
            if entry["id"] in hall["ids"] or held == same:
                continue
            body = json.dumps({**entry, "resend": True})
            answer = self.client.post(self.url, body, content_type="application/json")
            assert answer.status_code == 200, answer.content
            answers.append(answer.json())
        return answers


def held_results(event: Event) -> dict[tuple[int, int], tuple]:
    rows = HandResult.objects.filter(event=event).values_list(
        "hand__number", "host_table", "tricks_played", "visitor_revokes", "host_revokes"
    )
    return {(hand, table): tuple(values) for hand, table, *values in rows}


def test_the_phones_resend_every_result_a_restored_laptop_lost():
    event = make_event("phones-resend", tables=TABLES, hands_per_day=(3, 4))
    leader = make_user("lead", event)
    tokens = table_tokens_issue(event=event, actor=None)
    phones = {t: Phone(tokens[t], t) for t in range(1, TABLES + 1)}
    deal = random.Random(39)  # noqa: S311 - tricks for a test, not a secret

    def play(hand: int, day: int, tables=range(1, TABLES + 1)) -> None:
        for t in tables:
            revoke = deal.random() < 0.15
            phones[t].enter(hand, day, deal.randint(0, 13), hrev=int(revoke))

    for hand in (1, 2, 3):
        play(hand, day=1)
    day_close(event=event, day=1, override_note="flags counted on paper", close_incomplete=True,
              actor=leader)  # fmt: skip
    play(4, day=2)
    # The leader corrects table 6's hand 4 after its phone was told "Saved".
    corrected = HandResult.objects.get(event=event, hand__number=4, host_table=6)
    tricks = (corrected.tricks_played + 3) % 14
    results_record(
        event=event, entries=[ResultEntry(4, 6, tricks, 0, 0, corrected.version)], actor=leader
    )
    play(5, day=2)
    stick = archive_text(event, secrets=True)  # the stick's last backup
    play(6, day=2)
    play(7, day=2, tables=range(1, 6))
    phones[3].enter(7, 2, 13)  # table 3 fixes its hand 7: a new id, its journal's hand 7
    reference = held_results(event)
    standings = Client().get(reverse("tournaments:standings_json", args=[event.slug])).content
    acknowledged = sum(len(p.journal) for p in phones.values())

    # The laptop dies; a spare one is restored from the stick, with an empty cache.
    Event.objects.all().delete()
    cache.clear()
    store.clear_memory()
    event = import_event(json.loads(stick), secrets=True)
    lost = set(reference) - set(held_results(event))
    assert lost == {(6, t) for t in range(1, TABLES + 1)} | {(7, t) for t in range(1, 6)}

    answers = [a for phone in phones.values() for a in phone.catch_up()]
    assert held_results(event) == reference  # 0 lost, the leader's correction kept
    assert HandResult.objects.filter(event=event).count() == len(reference)
    counted = [a for a in answers if a["status"] == "counted" and not a["repeated"]]
    assert len(counted) == len(lost)
    # Table 6's phone still says hand 4 was as first entered: it waits for the leader.
    waiting = TableSubmission.objects.get(event=event, status=SubmissionStatus.WAITING)
    assert (waiting.table, waiting.hand, waiting.resent) == (6, 4, True)
    # The day-1 entries left the journals when the phones read that day 1 is closed.
    assert all(min(p.journal) == 4 for p in phones.values())
    assert acknowledged == sum(len(p.journal) for p in phones.values()) + 3 * TABLES
    # Read again, the hall holds everything: no phone sends anything twice.
    assert [a for phone in phones.values() for a in phone.catch_up()] == []
    ids = list(TableSubmission.objects.filter(event=event).values_list("table", "phone_id"))
    assert len(ids) == len(set(ids))
    again = Client().get(reverse("tournaments:standings_json", args=[event.slug])).content
    assert again == standings
