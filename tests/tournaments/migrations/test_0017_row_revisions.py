"""Rows written before the row revisions take their hand's revision (a result) or their
event's (a phone's entry): never lower than the write that last changed them, so a standby
following the hall across the upgrade is sent them rather than not."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from tests.leader_helpers import make_event, play, sent_by_phone
from tournaments.models import Event, Hand, HandResult, TableSubmission
from tournaments.services.table_entry import table_entry_submit

pytestmark = pytest.mark.django_db

migration = importlib.import_module("tournaments.migrations.0017_row_revisions")


def test_results_and_entries_written_before_take_their_hands_and_events_revision():
    event = make_event("upgrade", tables=4, hands_per_day=(6,))
    play(event, [1, 2])
    table_entry_submit(event=event, table=1, sent=sent_by_phone("phone-0001-3", 3, 8))
    HandResult.objects.update(revision=0)
    TableSubmission.objects.update(revision=0)  # as the columns came in
    migration.stamp_rows(apps, None)
    event = Event.objects.get(pk=event.pk)
    hands = dict(Hand.objects.filter(event=event).values_list("number", "revision"))
    for number, revision in HandResult.objects.values_list("hand__number", "revision"):
        assert revision == hands[number] > 0
    assert set(TableSubmission.objects.values_list("revision", flat=True)) == {event.revision}
