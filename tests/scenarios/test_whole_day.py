"""A leader's whole day through the pages: set up from CSV, enter, correct, close, project."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.leader_helpers import grid_post, make_user
from tests.tournaments.views.test_setup import GOOD_CSV
from tournaments import selectors
from tournaments.models import DayClose, Event

pytestmark = pytest.mark.django_db


def test_a_leader_runs_an_eight_table_area_event_from_csv_to_projector(client):
    """Create, import, zone order, 30 hands, one correction, close the day, projector."""
    client.force_login(make_user("boss", is_staff=True))
    body = {
        "name": "Area 5",
        "slug": "area-5",
        "level": "area",
        "tables": "8",
        "pattern": "one-day-30",
        "trumps": "H,S,D,C",
        "flags_per_table": "12",
        "one_flag_at": "7",
        "two_flags_at": "10",
        "revoke_penalty": "2",
        "advancing": "2",
    }
    assert client.post(reverse("tournaments:event_new"), body).status_code == 302
    event = Event.objects.get(slug="area-5")
    teams_url = reverse("tournaments:teams", args=[event.slug])
    client.post(teams_url, {"csv_text": GOOD_CSV, "action": "import"})
    client.post(reverse("tournaments:tables_assign", args=[event.slug]), {"action": "zone"})

    for hand in range(1, 31):
        tricks = {t: (hand + t) % 14 for t in range(1, 9)}
        response = client.post(
            reverse("tournaments:hand_grid", args=[event.slug, hand]),
            grid_post(event, hand, tricks, go="next"),
        )
        assert response.status_code == 302
    fix = grid_post(event, 3, {2: 13}, seen={2: 1}, was={2: "5,0,0"})
    assert (
        client.post(reverse("tournaments:hand_grid", args=[event.slug, 3]), fix).status_code == 302
    )

    event.refresh_from_db()
    summary, _ = selectors.load_day_ledger(event, 1)
    counts = {f"count_{t}": s.on_table for t, s in summary.items()}
    close_url = reverse("tournaments:close_day", args=[event.slug, 1])
    assert client.post(close_url, {"action": "close", **counts}).status_code == 302
    assert DayClose.objects.filter(event=event, day=1, session=0).exists()

    client.logout()
    page = client.get(reverse("tournaments:projector", args=[event.slug])).content.decode()
    assert 'After hand <strong id="hands-played">30</strong> of 30' in page
    assert all(f"Club {t}" in page for t in range(1, 9))
