"""Every leader and public page read with a French browser: no English word of the app left."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.leader_helpers import make_user
from tests.scenarios.french.leftovers import english_left, visible_text
from tournaments.formats.csv_files import TeamRow
from tournaments.services import ResultEntry, event_create, results_record, teams_replace
from tournaments.services.closing import day_close
from tournaments.services.playoffs import playoff_draw_record
from tournaments.services.table_entry import table_tokens_issue

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-CA,fr;q=0.9"}
NAMES = ("Les Étoiles de Laval", "Nguyễn et fils", "Łódź-sur-Richelieu", "Dvořák de Québec")


def french_event():
    """A closed day of two hands, tied at the end, with its bris d'égalité drawn: every page
    has something to show. Names are French (or foreign), as the hall's are."""
    event = event_create(
        name="Tournoi de Laval", slug="laval", tables=4, hands_per_day=[2], actor=None
    )
    teams_replace(
        event=event,
        rows=[
            TeamRow(0, t, NAMES[t - 1], "Montérégie", f"Élise {t}", f"Noël {t}", "", "")
            for t in range(1, 5)
        ],
        actor=None,
    )
    for hand in (1, 2):
        entries = [ResultEntry(hand, t, 7) for t in range(1, 5)]
        results_record(event=event, entries=entries, actor=None)
    day_close(event=event, day=1, counts={t: 12 for t in range(1, 5)}, actor=None)
    playoff_draw_record(event=event, rank=1, actor=None, seed=7)
    table_tokens_issue(event=event, actor=None)
    return event


def _pages(names, extra):
    return [pytest.param(name, id=name) for name in [*names, *extra]]


EVENT_PAGES = (
    "event",
    "standings",
    "rotation",
    "projector",
    "movement_projector",
    "playoffs",
    "setup",
    "teams",
    "people",
    "tables_assign",
    "table_links",
    "results_import",
    "hands",
    "close_list",
    "print",
    "event_delete",
)
OTHER_PAGES = (
    "hand_grid",
    "close_day",
    "table",
    "event_list",
    "event_new",
    "event_restore",
    "hall",
)
PUBLIC_PAGES = ("event", "standings", "rotation", "projector", "table", "playoffs")


def page_url(name: str, event) -> str:
    args = {"hand_grid": [event.slug, 1], "close_day": [event.slug, 1], "table": [event.slug, 2]}
    if name in args:
        return reverse(f"tournaments:{name}", args=args[name])
    if name in ("event_list", "event_new", "event_restore", "hall"):
        return reverse(f"tournaments:{name}")
    return reverse(f"tournaments:{name}", args=[event.slug])


@pytest.mark.parametrize("name", _pages(EVENT_PAGES, OTHER_PAGES))
def test_every_leader_page_reads_in_french(client, name):
    """A leader with a French browser finds no English word of the app on the page."""
    event = french_event()
    client.force_login(make_user("élise", event, is_staff=True))
    response = client.get(page_url(name, event), **FRENCH)
    assert response.status_code == 200
    assert english_left(visible_text(response.content.decode())) == []


@pytest.mark.parametrize("name", _pages(PUBLIC_PAGES, ("login", "table_entry")))
def test_every_public_page_reads_in_french(client, name):
    """A visitor's phone in French reads the public pages, the log-in and the table's entry
    page in French."""
    event = french_event()
    if name == "login":
        url = reverse("login")
    elif name == "table_entry":
        url = reverse("tournaments:table_entry", args=[event.table_tokens.get(table=1).token])
    else:
        url = page_url(name, event)
    response = client.get(url, **FRENCH)
    assert response.status_code == 200
    assert english_left(visible_text(response.content.decode())) == []


def test_a_missing_page_says_so_in_french(client):
    """The not-found page speaks French to a French browser."""
    response = client.get("/events/nulle-part/", **FRENCH)
    assert response.status_code == 404
    text = visible_text(response.content.decode())
    assert "Page introuvable" in text and english_left(text) == []


def test_the_switch_is_shown_and_remembered(client):
    """An English page offers « Français »; once chosen, the next page is French without asking
    the browser."""
    event = french_event()
    home = reverse("tournaments:event", args=[event.slug])
    english = client.get(home).content.decode()
    assert 'lang="en-ca"' in english and ">Français</button>" in english
    client.post(reverse("set_language"), {"language": "fr-ca", "next": home})
    french = client.get(reverse("tournaments:standings", args=[event.slug])).content.decode()
    assert '<html lang="fr-ca">' in french
    assert "Classement" in french and ">English</button>" in french


def test_standings_json_and_csv_are_the_same_in_both_languages(client):
    """The JSON and CSV interfaces answer byte for byte the same to French and English readers."""
    event = french_event()
    for name in ("standings_json", "standings_csv", "rotation_json"):
        url = reverse(f"tournaments:{name}", args=[event.slug])
        assert client.get(url).content == client.get(url, **FRENCH).content, name


def test_dates_and_times_follow_french_formats(client):
    """The closed day's time reads « 14 h 05 » style in French, not 14:05."""
    event = french_event()
    client.force_login(make_user("lead", event))
    url = reverse("tournaments:close_day", args=[event.slug, 1])
    text = visible_text(client.get(url, **FRENCH).content.decode())
    assert "Clôturée par" in text
    assert any(" h " in line and "Clôturée" in line for line in text.splitlines()), text


def test_a_french_grid_saves_with_a_french_message(client):
    """Saving a hand in the French grid answers in French."""
    event = event_create(name="Tournoi", slug="grille", tables=2, hands_per_day=[2], actor=None)
    client.force_login(make_user("lead", event))
    url = reverse("tournaments:hand_grid", args=[event.slug, 1])
    data = {"go": "stay", "tricks_1": "8", "tricks_2": "5"}
    data |= {f"seen_{t}": "0" for t in (1, 2)} | {f"was_{t}": "" for t in (1, 2)}
    response = client.post(url, data, follow=True, **FRENCH)
    assert "Main 1\u00a0: 2 tables enregistrées." in response.content.decode()


def test_french_pages_add_no_queries(client):
    """The entry grid and the playoffs page cost the same queries in French as in English."""
    event = french_event()
    client.force_login(make_user("lead", event))
    for url in (
        reverse("tournaments:hand_grid", args=[event.slug, 1]),
        reverse("tournaments:playoffs", args=[event.slug]),
    ):
        client.get(url), client.get(url, **FRENCH)  # each language's caches warmed alike
        with CaptureQueriesContext(connection) as english:
            client.get(url)
        with CaptureQueriesContext(connection) as french:
            client.get(url, **FRENCH)
        assert len(french.captured_queries) == len(english.captured_queries), url


def test_a_too_large_paste_names_the_limit_with_a_decimal_comma(client):
    """Pasting 3 MB in French is refused naming the limit as « 2,5 Mo »."""
    event = event_create(name="Tournoi", slug="gros", tables=2, hands_per_day=[2], actor=None)
    client.force_login(make_user("lead", event))
    url = reverse("tournaments:teams", args=[event.slug])
    response = client.post(url, {"csv_text": "x" * 3_000_000}, **FRENCH)
    assert response.status_code == 400
    assert "dépasse 2,5 Mo" in response.content.decode()


def test_a_refused_page_says_why_in_french(client):
    """A helper of another event is told in French that the page is not theirs."""
    event = french_event()
    client.force_login(make_user("autre"))
    response = client.get(reverse("tournaments:setup", args=[event.slug]), **FRENCH)
    assert response.status_code == 403
    text = visible_text(response.content.decode())
    assert "Accès refusé" in text
    assert "Seul un responsable de Tournoi de Laval peut ouvrir cette page." in text
    assert english_left(text) == []


def test_the_event_list_dates_the_events_in_french(client):
    """The event list gives the first day as « lundi 23 novembre 2026 » in French."""
    event = french_event()
    event.starts_on = datetime.date(2026, 11, 23)
    event.save(update_fields=["starts_on"])
    text = visible_text(client.get(reverse("tournaments:event_list"), **FRENCH).content.decode())
    assert "lundi 23 novembre 2026" in text


def test_a_french_teams_file_with_bad_lines_marks_each_line_in_french(client):
    """A French file with two bad lines is previewed with each French problem beside its line."""
    event = event_create(name="Tournoi", slug="equipes", tables=4, hands_per_day=[2], actor=None)
    client.force_login(make_user("lead", event))
    text = "table;équipe;zone;joueur_a;joueur_b;joueur_x;joueur_y\n" + "".join(
        f"{t};Club {t};Zone 1;A{t};B{t};X{t};Y{t}\n" for t in range(1, 5)
    )
    text = text.replace("2;Club 2", "deux;Club 2").replace("4;Club 4", "9;Club 4")
    url = reverse("tournaments:teams", args=[event.slug])
    page = client.post(url, {"csv_text": text, "action": "import"}, **FRENCH).content.decode()
    assert page.count('class="refused"') == 2
    assert "ligne 3" in page and "ligne 5" in page


def test_the_log_in_page_speaks_the_glossary_words(client):
    """The log-in button reads « Se connecter » (the app's words before Django's own)."""
    text = visible_text(client.get(reverse("login"), **FRENCH).content.decode())
    assert "Se connecter" in text
    assert english_left(text) == []


def test_the_playoff_history_says_what_happened_in_french(client):
    """The playoffs page's history reads « tirage enregistré pour le rang 1 », not the audit's
    English action."""
    event = french_event()
    client.force_login(make_user("lead", event))
    page = client.get(reverse("tournaments:playoffs", args=[event.slug]), **FRENCH)
    text = visible_text(page.content.decode())
    assert "tirage enregistré pour le rang 1" in text
    assert "playoff draw" not in text
