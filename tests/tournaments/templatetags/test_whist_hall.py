"""The hall's template tags: the script that follows the hall to its standby laptop, and the
leader's line on the standby."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.leader_helpers import make_event, make_user
from tests.scenarios.test_page_queries import MAX_QUERIES, queries
from tournaments.models import Role
from tournaments.services import standby, standby_sync
from tournaments.templatetags.whist_hall import follow_hall_js

ORIGIN = "http://192.168.1.13:8000"


def test_phone_pages_in_the_hall_load_the_script_that_follows_the_standby(settings):
    """In the hall (and a laptop's demo) a phone page loads follow_hall.js."""
    settings.MODE = "hall"
    assert "js/follow_hall.js" in follow_hall_js()


def test_the_provinces_hosted_server_loads_no_standby_script(settings):
    """The province's server has no standby laptop: its pages load no follow_hall.js (and so
    ask no /standby.json every 15 s)."""
    settings.MODE = "serve"
    assert follow_hall_js() == ""


@pytest.fixture
def leader_page(client, settings):
    """The event's home page as its leader reads it, in the hall."""
    settings.MODE = "hall"
    standby_sync.forget()
    event = make_event("standby-line", tables=8)
    client.force_login(make_user("lead", event))
    yield lambda: client.get(reverse("tournaments:event", args=[event.slug])).content.decode()
    standby_sync.forget()


@pytest.mark.django_db
def test_the_leaders_event_pages_name_the_standby(client, leader_page):
    """Issue 39, point 6: under the event's navigation, once, the leader reads the standby's
    line, which leads to the Two laptops page."""
    page = leader_page()
    assert page.count('class="standby-status') == 1 and "No standby" in page
    assert reverse("tournaments:standby") in page
    standby.exchange_code(code=standby.issue_code(actor=None), name="Spare", origin=ORIGIN)
    assert f"Standby Spare ({ORIGIN}) has not asked yet" in leader_page()


@pytest.mark.django_db
def test_only_the_leader_in_the_hall_reads_the_standby_line(client, settings, leader_page):
    """An assistant, a phone and a laptop's demo read no standby line."""
    event = make_event("assisted", tables=4)
    client.force_login(make_user("helper", event, role=Role.ASSISTANT))
    page = client.get(reverse("tournaments:event", args=[event.slug])).content.decode()
    assert "standby-status" not in page
    client.logout()
    standings = client.get(reverse("tournaments:standings", args=[event.slug]))
    assert "standby-status" not in standings.content.decode()
    settings.MODE = "dev"
    assert "standby-status" not in leader_page()


@pytest.mark.django_db
def test_the_standby_line_costs_the_same_few_queries_at_any_size(client, settings):
    """In the hall, a leader's page with the line runs as many queries for 64 tables as for 8,
    two more than without it."""
    without = queries(client, 8, "hand_grid", [2])
    settings.MODE = "hall"
    small, large = queries(client, 16, "hand_grid", [2]), queries(client, 64, "hand_grid", [2])
    assert large == small == without + 2 <= MAX_QUERIES["grid"] + 2
