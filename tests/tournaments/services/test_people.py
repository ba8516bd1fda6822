"""A leader gives and takes helpers' roles; each is a change the backups and a standby keep."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests.leader_helpers import make_event, make_user
from tournaments.models import Event, EventRole, PublishedCopy
from tournaments.services.people import role_grant, role_remove

pytestmark = pytest.mark.django_db


def test_giving_and_taking_a_role_moves_the_events_revision():
    event = make_event("helpers", tables=4)
    lead = make_user("lead", event)
    before = Event.objects.get(pk=event.pk).revision
    role_grant(
        event=event, username="scorer", role="assistant", password="a-long-pass-92", actor=lead
    )
    given = Event.objects.get(pk=event.pk).revision
    role_remove(event=event, username="scorer", actor=lead)
    assert before < given < Event.objects.get(pk=event.pk).revision


def test_the_province_gives_a_role_on_a_copy_published_from_its_hall():
    event = make_event("published", tables=4)
    lead = make_user("lead", event)
    PublishedCopy.objects.create(
        event=event, source="hall-1", revision=3, changed_at=timezone.now()
    )
    role_grant(
        event=event, username="viewer", role="assistant", password="a-long-pass-92", actor=lead
    )
    assert EventRole.objects.filter(event=event, user__username="viewer").exists()
