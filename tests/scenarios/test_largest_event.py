"""The largest event the tool seats, 250 tables, saves a whole hand from the entry grid."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.leader_helpers import grid_post, make_event, make_user
from tournaments.models import HandResult, Loan

pytestmark = pytest.mark.django_db


def test_a_whole_hand_of_250_tables_saves_from_the_grid(client):
    """A leader saves every one of 250 tables of a hand from the grid in one post."""
    event = make_event("provincial-250", tables=250)
    client.force_login(make_user("lead", event))
    tricks = {t: (t * 5) % 14 for t in range(1, 251)}
    body = grid_post(event, 1, tricks, go="next")
    body.update({f"vrev_{t}": "" for t in tricks} | {f"hrev_{t}": "" for t in tricks})
    assert len(body) > 1000  # more fields than Django accepts by default
    response = client.post(reverse("tournaments:hand_grid", args=[event.slug, 1]), body)
    assert response.status_code == 302
    saved = dict(
        HandResult.objects.filter(hand__number=1).values_list("host_table", "visitor_tricks")
    )
    assert saved == tricks
    assert not Loan.objects.filter(event=event).exists()  # 12 flags cover any first hand
