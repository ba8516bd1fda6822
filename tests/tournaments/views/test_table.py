"""A phone's table page is a kept frame with the live parts written in: always the page a
leader's full rendering gives, and always current."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.leader_helpers import make_event, play
from tournaments.formats.csv_files import TeamRow
from tournaments.services import ResultEntry, results_record, teams_replace
from tournaments.services.setup import event_settings_update

pytestmark = pytest.mark.django_db


def phone_and_full(event, table: int, language: str = "en") -> tuple[str, str]:
    """The page as a phone gets it (the frame) and as rendered whole (a reader whose unknown
    session cookie keeps them off the shared rendering, but who is still anonymous)."""
    url = reverse("tournaments:table", args=[event.slug, table])
    headers = {"Accept-Language": language}
    phone = Client().get(url, headers=headers).content.decode()
    whole = Client(cookies={"sessionid": "none"}).get(url, headers=headers).content.decode()
    return phone, whole


@pytest.mark.parametrize("language", ["en", "fr-CA"])
@pytest.mark.parametrize("played", [0, 2, 30])
def test_a_phones_table_page_is_the_page_rendered_whole(language, played):
    """Before play, during a day and at its end, in English and French, with names that need
    escaping, a phone's page equals the page rendered whole, character for character."""
    event = make_event(f"frame-{played}", tables=6, alternate_pairs=True)
    teams_replace(
        event=event,
        rows=[
            TeamRow(0, t, f"Équipe <{t}> & Trễ", "Łódź", "Ana", "", "Řehoř", "Zoë")
            for t in range(1, 7)
        ],
        actor=None,
    )
    play(event, range(1, played + 1), tricks=9)
    for table in (1, 4):
        phone, whole = phone_and_full(event, table, language)
        assert phone == whole
        assert "<!--live" not in phone and "Équipe &lt;" in phone
        assert '<tr><td class="num">2</td>' in whole  # the rows written, not shown as text


def test_a_saved_result_and_a_renamed_team_reach_the_phones_frame(client):
    """A result saved after a phone read the page shows in its row, and a team renamed since
    shows in the heading: the frame never keeps what changed."""
    event = make_event("frame-live", tables=4)
    url = reverse("tournaments:table", args=[event.slug, 2])
    client.get(url)
    results_record(event=event, entries=[ResultEntry(1, 2, 11)], actor=None)
    rows = [TeamRow(0, t, f"Renamed {t}", "", "", "", "", "") for t in range(1, 5)]
    teams_replace(event=event, rows=rows, actor=None)
    event_settings_update(event=event, changes={"name": "Autumn whist"}, actor=None)
    page = client.get(url).content.decode()
    assert '<td class="num">11</td>' in page and "Table 2: Renamed 2" in page
    assert "Autumn whist" in page and page == phone_and_full(event, 2)[1]
