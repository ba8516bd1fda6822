"""The print page, the PDF downloads and ``manage.py print_event``."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from pypdf import PdfReader

from tournaments.formats.csv_files import TeamRow
from tournaments.models import EventRole, Role
from tournaments.services import event_create, teams_replace


def make_event(slug="hall", tables=16):
    event = event_create(name=f"Hall {slug}", slug=slug, tables=tables, hands_per_day=[30])
    rows = [TeamRow(0, t, f"Team {t}", "", "A", "B", "X", "Y") for t in range(1, tables + 1)]
    teams_replace(event=event, rows=rows, actor=None)
    return event


def assistant_of(event, name="helper"):
    user = get_user_model().objects.create_user(name, password="pw-for-tests")
    EventRole.objects.create(event=event, user=user, role=Role.ASSISTANT)
    return user


def pages(response) -> list[str]:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return [p.extract_text() for p in PdfReader(io.BytesIO(body)).pages]


@pytest.mark.django_db
def test_anonymous_visitors_are_sent_to_log_in(client):
    """The print page and the card PDFs redirect an anonymous visitor to the login page."""
    event = make_event()
    for url in (f"/events/{event.slug}/print/", f"/events/{event.slug}/print/pdf/?what=cards"):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=")


@pytest.mark.django_db
def test_an_assistant_of_another_event_may_not_print(client):
    """Helping at one event gives no printing at another (403)."""
    event, other = make_event(), make_event("other")
    client.force_login(assistant_of(other))
    assert client.get(f"/events/{event.slug}/print/").status_code == 403


@pytest.mark.django_db
def test_an_assistant_sees_the_print_form(client):
    """The print page offers every printout, the tables box and the paper choice."""
    event = make_event()
    client.force_login(assistant_of(event))
    html = client.get(f"/events/{event.slug}/print/").content.decode()
    for label in ("Table cards", "Master rotation sheet", "Movement slips", "Flag-count sheets"):
        assert label in html
    assert 'name="tables"' in html and 'name="paper"' in html


@pytest.mark.django_db
def test_the_card_of_one_table_downloads_as_a_pdf(client):
    """?what=cards&tables=7 gives one card, for table 7, named after the event."""
    event = make_event()
    client.force_login(assistant_of(event))
    response = client.get(f"/events/{event.slug}/print/pdf/?what=cards&tables=7")
    assert response["Content-Type"] == "application/pdf"
    assert 'filename="hall-cards-tables-7.pdf"' in response["Content-Disposition"]
    text = pages(response)
    assert len(text) == 1 and text[0].startswith("TABLE\n7\n")


@pytest.mark.django_db
def test_a_table_outside_the_event_is_refused_with_a_message(client):
    """Asking for table 17 of 16 re-shows the form (400) naming the tables field's problem."""
    event = make_event()
    client.force_login(assistant_of(event))
    response = client.get(f"/events/{event.slug}/print/pdf/?what=cards&tables=3,17")
    assert response.status_code == 400
    assert "this event has tables 1 to 16" in response.content.decode()


@pytest.mark.django_db
def test_the_standings_pdf_is_public(client):
    """Anyone may download the standings PDF."""
    event = make_event()
    response = client.get(f"/events/{event.slug}/print/standings.pdf")
    assert response.status_code == 200
    assert "Hall hall" in pages(response)[0]


@pytest.mark.django_db
def test_card_queries_do_not_grow_with_tables(client):
    """Printing 16 cards runs no more queries than printing 2 (no query per table)."""
    small, large = make_event("small", tables=2), make_event("large", tables=16)
    user = get_user_model().objects.create_user("lead", password="pw-for-tests", is_staff=True)
    client.force_login(user)
    counts = []
    for event in (small, large):
        cache.clear()
        with CaptureQueriesContext(connection) as captured:
            client.get(f"/events/{event.slug}/print/pdf/?what=cards")
        counts.append(len(captured))
    assert counts[0] == counts[1]


@pytest.mark.django_db
def test_print_event_writes_the_chosen_tables(tmp_path):
    """`print_event SLUG --what cards --tables 3,7 --out FILE` writes two cards."""
    event = make_event()
    out = tmp_path / "cards.pdf"
    stdout = io.StringIO()
    call_command("print_event", event.slug, "--what", "cards", "--tables", "3,7",
                 "--out", str(out), stdout=stdout)  # fmt: skip
    reader = PdfReader(out)
    assert [p.extract_text().split("\n")[1] for p in reader.pages] == ["3", "7"]
    assert "(2 pages)" in stdout.getvalue()


@pytest.mark.django_db
def test_print_event_rejects_a_bad_table_list(tmp_path):
    """A table list it cannot read stops the command with the reason and writes nothing."""
    event = make_event()
    out = tmp_path / "cards.pdf"
    with pytest.raises(CommandError, match="'x' is not a table number"):
        call_command("print_event", event.slug, "--what", "cards", "--tables", "x",
                     "--out", str(out))  # fmt: skip
    assert not out.exists()
