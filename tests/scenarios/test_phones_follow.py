"""Every page a phone or the projector keeps open follows the hall to its standby laptop
(issue 39, point 3): each loads static/js/follow_hall.js before any other script, so what a
move carried is back in the phone's storage before the page's own scripts read it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.leader_helpers import make_event, make_user
from tournaments.services.table_entry import table_tokens_issue

pytestmark = pytest.mark.django_db

FOLLOW = "/static/js/follow_hall.js"


def scripts(html: str) -> list[str]:
    return re.findall(r'<script src="([^"]+)"', html)


def test_every_open_page_loads_follow_hall_first(client):
    event = make_event("follow-pages", tables=8)
    token = table_tokens_issue(event=event, actor=None)[3]
    slug = event.slug
    phone_pages = [
        reverse("tournaments:table", args=[slug, 3]),
        reverse("tournaments:table_entry", args=[token]),
        reverse("tournaments:standings", args=[slug]),
        reverse("tournaments:event", args=[slug]),
        reverse("tournaments:hall"),
    ]
    projector_pages = [
        reverse("tournaments:projector", args=[slug]),
        reverse("tournaments:movement_projector", args=[slug]),
        reverse("tournaments:hall_map", args=[slug]),
        reverse("tournaments:playoffs_projector", args=[slug]),
    ]
    for path in phone_pages:
        loaded = scripts(client.get(path).content.decode())
        assert loaded and loaded[0].startswith(FOLLOW), (path, loaded)
    client.force_login(make_user("lead", event))
    for path in projector_pages:
        answer = client.get(path)
        assert answer.status_code == 200, path
        loaded = scripts(answer.content.decode())
        assert loaded and loaded[0].startswith(FOLLOW), (path, loaded)
