"""Printouts in the event's print language: every PDF in French with no English left, the
set-up page's language field, and ``print_event --lang``."""

from __future__ import annotations

import datetime
import io
import re
import shutil
import subprocess

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from tests.scenarios.french.leftovers import english_left
from tournaments import pdf
from tournaments.archive import export_event
from tournaments.formats.csv_files import TeamRow
from tournaments.models import Event, EventRole, Role
from tournaments.services import ResultEntry, event_create, results_record, teams_replace
from tournaments.services.archive_import import import_event

pytestmark = pytest.mark.django_db

PDFTOTEXT = shutil.which("pdftotext") or "/usr/bin/pdftotext"  # poppler-utils
NAMES = ["Les Érables", "Val-des-Bois", "Chez Gisèle", "Les Huards", "Rivière-Rouge", "Ste-Anne"]


def french_event(slug: str = "tournoi", *, language: str = "fr-ca", sessions=None) -> Event:
    """A six-table event with French team and player names, two days, some results."""
    event = event_create(
        name="Tournoi de Sudbury", slug=slug, tables=6, hands_per_day=[8, 6],
        sessions_per_day=sessions, level="provincial", alternate_pairs=True,
        starts_on=datetime.date(2025, 6, 10), print_language=language,
    )  # fmt: skip
    rows = [
        TeamRow(0, t, name, f"Zone {t % 2 + 1}", "Aline", "Benoît", "Xavier", "Yolande")
        for t, name in enumerate(NAMES, 1)
    ]
    teams_replace(event=event, rows=rows, actor=None)
    results_record(
        event=event, entries=[ResultEntry(1, t, 10 - t) for t in range(1, 7)], actor=None
    )
    return event


def text_of(body: bytes) -> str:
    """The PDF's text as poppler reads it."""
    done = subprocess.run(  # noqa: S603 - our own PDF to poppler, no shell
        [PDFTOTEXT, "-layout", "-", "-"], input=body, capture_output=True, check=True
    )
    return done.stdout.decode("utf-8")


JOBS = {
    "cards": pdf.PrintJob("cards"),
    "rotation": pdf.PrintJob("rotation"),
    "slips": pdf.PrintJob("slips"),
    "counts": pdf.PrintJob("counts"),
    "counts filled": pdf.PrintJob("counts", fill_counts=True, session=(1, 1)),
    "standings": pdf.PrintJob("standings"),
}


@pytest.mark.parametrize("what", list(JOBS))
def test_every_printout_of_a_french_event_is_french(what):
    """Each printout of a French event reads in French: no word of the app's English left."""
    text = text_of(pdf.render(french_event(), JOBS[what]))
    assert english_left(text) == [], text


def test_sessions_and_a_second_card_page_print_in_french():
    """Session bars and the page note of a card that runs on to a second page are French."""
    event = event_create(
        name="Grand tournoi", slug="long", tables=4, hands_per_day=[60, 60],
        sessions_per_day=[4, 4], print_language="fr-ca",
    )  # fmt: skip
    text = text_of(pdf.render(event, pdf.PrintJob("cards", tables=(1,))))
    assert "Journée 1 · Séance 3 · mains 31–45" in text and "page 1 sur 2" in text
    assert english_left(text) == []


def test_a_french_event_prints_french_cards_while_the_leader_reads_english(client):
    """The leader's pages stay English; the table card from the same browser is French."""
    event = french_event()
    from django.contrib.auth import get_user_model

    leader = get_user_model().objects.create_user("chef", password="x")
    EventRole.objects.create(event=event, user=leader, role=Role.LEADER)
    client.force_login(leader)
    page = client.get(reverse("tournaments:print", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Printouts are in French" in page.content.decode()
    body = client.get(
        reverse("tournaments:print_pdf", args=[event.slug]) + "?what=cards&tables=2",
        HTTP_ACCEPT_LANGUAGE="en",
    ).content
    text = text_of(body)
    assert "toutes les mains" in text and "Atout" in text
    assert "Trump" not in text
    assert translation.get_language() != "fr-ca"  # the override ended with the printout


def test_an_english_event_prints_english_whatever_the_leader_reads():
    """An event left in English prints English cards even under a French page language."""
    event = french_event("anglais", language="en-ca")
    with translation.override("fr-ca"):
        text = text_of(pdf.render(event, pdf.PrintJob("cards", tables=(1,))))
    assert "Trump" in text and "Atout" not in text


@pytest.mark.parametrize("lang", ["fr", "fr-ca"])
def test_print_event_lang_fr_prints_french_from_an_english_event(tmp_path, lang):
    """``print_event --lang fr`` prints French cards from an event whose printouts are English."""
    event = french_event("cli", language="en-ca")
    out = tmp_path / "cartes.pdf"
    call_command(
        "print_event", event.slug, what="cards", out=str(out), lang=lang, stdout=io.StringIO()
    )
    text = text_of(out.read_bytes())
    assert "Atout" in text and english_left(text) == []


def test_print_event_lang_en_prints_english_from_a_french_event(tmp_path):
    """``--lang en`` overrides a French event's language the other way."""
    event = french_event("cli-en")
    out = tmp_path / "cards.pdf"
    call_command(
        "print_event", event.slug, what="slips", out=str(out), lang="en", stdout=io.StringIO()
    )
    assert "travelling pairs" in text_of(out.read_bytes())


def test_the_setup_page_sets_the_print_language(client):
    """Choosing Français under the set-up page's settings saves the event's print language."""
    event = french_event("reglages", language="en-ca")
    from django.contrib.auth import get_user_model

    leader = get_user_model().objects.create_user("chef2", password="x")
    EventRole.objects.create(event=event, user=leader, role=Role.LEADER)
    client.force_login(leader)
    url = reverse("tournaments:setup", args=[event.slug])
    assert 'name="print_language"' in client.get(url).content.decode()
    body = {
        "name": event.name, "level": event.level, "starts_on": "2025-06-10",
        "flags_per_table": "12", "one_flag_at": "7", "two_flags_at": "10",
        "revoke_penalty": "2", "advancing": "2", "paper": "letter", "print_language": "fr-ca",
    }  # fmt: skip
    assert client.post(url, body).status_code == 302
    event.refresh_from_db()
    assert event.print_language == "fr-ca"


def test_the_archive_keeps_the_print_language_and_old_archives_print_english():
    """Export then import keeps French printouts; an archive without the field prints English."""
    archive = export_event(french_event("archive"))
    assert archive["event"]["print_language"] == "fr-ca"
    Event.objects.all().delete()
    assert import_event(archive).print_language == "fr-ca"
    Event.objects.all().delete()
    del archive["event"]["print_language"]
    assert import_event(archive).print_language == "en-ca"


def test_printed_dates_follow_the_print_language():
    """The standings' date is in French words and the time printed the French way (14 h 05)."""
    text = text_of(pdf.render(french_event(), pdf.PrintJob("standings")))
    assert "mardi 10 juin 2025" in text
    assert re.search(r"Imprimé le \d{4}-\d\d-\d\d \d\d\sh\s\d\d", text)


def test_an_event_created_by_a_french_leader_prints_in_french_by_default(client):
    """A leader whose pages are in French creates an event: its printouts are French without
    touching the setting; from an English page (and the command line's default), English."""
    from tests.leader_helpers import make_user
    from tests.tournaments.views.test_setup import _custom_event_body

    client.force_login(make_user("patronne", is_staff=True))
    client.cookies["django_language"] = "fr-ca"
    client.post(reverse("tournaments:event_new"), _custom_event_body(_pattern_upload()))
    assert Event.objects.get(slug="club-own").print_language == "fr-ca"
    translation.deactivate()
    event = event_create(name="Club", slug="club-en", tables=4, hands_per_day=[6])
    assert event.print_language == "en-ca"
    with translation.override("fr-ca"):
        assert (
            event_create(name="Club", slug="club-fr", tables=4, hands_per_day=[6]).print_language
            == "fr-ca"
        )


def _pattern_upload():
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("own.csv", b"hand,1,2,3\n1,3,1,2\n2,2,3,1\n")
