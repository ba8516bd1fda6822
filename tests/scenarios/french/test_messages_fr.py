"""The rules' refusals, import problems, archive problems and command output read in French
for a French reader (and stay English for everyone else)."""

from __future__ import annotations

import json
import unicodedata
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation
from django.utils.translation import gettext
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import build_event
from tests.scenarios.french.leftovers import english_left
from tournaments import selectors
from tournaments.archive import dumps, export_event
from tournaments.formats.csv_files import CsvErrors, parse_results, parse_teams
from tournaments.models import Event, Team
from tournaments.rules import rotation
from tournaments.rules.bracket import build_bracket
from tournaments.rules.cards_draw import Draw, order_by_draw, parse_card
from tournaments.rules.errors import RulesError
from tournaments.rules.event_settings import check_settings, check_slug, settings_problems
from tournaments.rules.flags import check_revokes, check_tricks
from tournaments.rules.playoffs import PlayoffHand, explanation, tied_groups
from tournaments.rules.types import Trump
from tournaments.services import ResultEntry, results_record
from tournaments.services.archive_import import import_event
from tournaments.services.closing import day_close

NBSP = "\u00a0"


def refusal(action) -> RulesError:
    with pytest.raises(RulesError) as caught:
        action()
    return caught.value


# One refusal from every rules module: what it does, the French words, the value filled in.
RULES_REFUSALS = [
    (lambda: check_tricks("14"), "les levées doivent être de 0 à 13, et non 14"),
    (lambda: check_revokes("x", field="host_revokes"), "les renonces doivent être un nombre"),
    (lambda: check_slug("Secteur 5"), "Nom court «\u00a0Secteur 5\u00a0»"),
    (lambda: check_settings({"one_flag_at": 3}), "Levées pour 1 drapeau\u00a0: de 7 à 13"),
    (lambda: rotation.parse_trumps("H,Z"), "Ordre des atouts «\u00a0H,Z\u00a0»"),
    (lambda: rotation.check_moves(3, 4, {1: 1, 2: 3, 3: 2}), "Main 4\u00a0: la paire de la table"),
    (lambda: rotation.from_preset("nope", 4), "Modèle «\u00a0nope\u00a0» inconnu"),
    (lambda: parse_card("ZZ"), "carte\u00a0: une carte est attendue"),
    (lambda: order_by_draw(Draw.of({1: "QH", 2: "QS"})), "1 et 2 ont tiré des cartes égales"),
    (lambda: build_bracket([1, 2, 3], None), "Les joueurs A des équipes à égalité"),
    (lambda: PlayoffHand(1, 2, 2, 7), "Une main de bris d'égalité demande deux équipes"),
    (lambda: tied_groups([], all_hands_played=False), "Les bris d'égalité viennent seulement"),
]


@pytest.mark.parametrize(("action", "french"), RULES_REFUSALS)
def test_a_rules_refusal_reads_in_french_with_its_values(action, french):
    """Every rules module's refusal reads in French, with the values in place, no English left."""
    error = refusal(action)
    with translation.override("fr-ca"):
        message = error.message
    assert french in message
    assert "%(" not in message
    assert english_left(message) == []


@pytest.mark.parametrize(("action", "french"), RULES_REFUSALS[:3])
def test_the_same_refusal_stays_english_for_an_english_reader(action, french):
    """Outside French the same refusal reads in English, as it always did."""
    error = refusal(action)
    with translation.override("en-ca"):
        assert french not in error.message
        assert str(error) == error.message


def test_a_refusal_follows_whoever_reads_it():
    """One refusal reads in French for a French reader and in English for an English one."""
    error = refusal(lambda: check_tricks("14"))
    with translation.override("fr-ca"):
        assert str(error) == "les levées doivent être de 0 à 13, et non 14"
    with translation.override("en-ca"):
        assert str(error) == "tricks must be from 0 to 13, not 14"


def test_setting_names_suits_and_playoff_rules_read_in_french():
    """Setting problems, suit names and the playoff explanation read in the hall's words."""
    with translation.override("fr-ca"):
        problems = settings_problems({"flags_per_table": 0, "two_flags_at": 8, "one_flag_at": 9})
        assert problems["flags_per_table"] == f"Drapeaux par table{NBSP}: de 1 à 99, et non 0"
        assert "au moins les levées pour 1 drapeau (9)" in problems["two_flags_at"]
        assert [gettext(t.label) for t in Trump] == [
            "Cœur",
            "Pique",
            "Carreau",
            "Trèfle",
            "Sans-atout",
        ]
        text = explanation(3)
        assert text.startswith("Trois équipes à égalité")
        assert english_left(text) == []
    assert Trump.HEARTS.label == "Hearts"


FRENCH_TEAMS = (
    "Table;Équipe;Zone;Joueur A;Joueur B;Joueur X;Joueur Y\n"
    "1;Les As;Nord;Ana;Bea;Cloé;Dina\n"
    "2;Les Rois;Sud;Éva;Fay;Gil;Hugo\n"
)


def test_a_french_teams_file_imports():
    """A teams file with French headers (Équipe, Joueur A) imports like an English one."""
    rows = parse_teams(FRENCH_TEAMS, tables=2)
    assert [(r.table, r.team, r.player_x) for r in rows] == [
        (1, "Les As", "Cloé"),
        (2, "Les Rois", "Gil"),
    ]


CASES = (str.lower, str.upper, str.title, str.capitalize, str.swapcase)


def spellings(word: str):
    """The ways a spreadsheet may spell a header: any case, with or without accents, spaces."""
    plain = unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()
    forms = st.sampled_from([word, plain, word.replace("_", " "), plain.replace("_", " ")])
    return st.tuples(forms, st.sampled_from(CASES)).map(lambda pair: pair[1](pair[0]))


RESULT_HEADERS = {
    "hand": ("hand", "main"),
    "table": ("table",),
    "visitor_tricks": ("visitor_tricks", "levées_paire_voyageuse", "levées_voyageurs"),
    "visitor_revokes": ("visitor_revokes", "renonces_paire_voyageuse"),
    "host_revokes": ("host_revokes", "renonces_paire_qui_reçoit"),
}


@given(st.tuples(*(st.sampled_from(names).flatmap(spellings) for names in RESULT_HEADERS.values())))
def test_a_results_header_in_either_language_and_any_spelling_imports(header):
    """Result headers are read in English or French, in any case, with or without accents."""
    text = ",".join(header) + "\n3,2,9,1,0\n"
    (row,) = parse_results(text, tables=4, hands=30)
    assert (row.hand, row.table, row.tricks_played, row.visitor_revokes) == (3, 2, 9, 1)


def test_a_bad_french_results_file_is_refused_in_french_naming_line_and_column():
    """Each problem of a French results file says, in French, its line and its column."""
    text = "Main;Table;Levées paire voyageuse\n1;1;x\n99;2;7\n1;1;7\n"
    with translation.override("fr-ca"), pytest.raises(CsvErrors) as caught:
        parse_results(text, tables=4, hands=30)
    problems = caught.value.problems
    assert problems[0] == (
        f"ligne 2, colonne Levées paire voyageuse{NBSP}: les levées doivent être un nombre "
        f"entier de 0 à 13, et non «{NBSP}x{NBSP}»"
    )
    assert problems[1] == f"ligne 3, colonne Main{NBSP}: la rotation a les mains 1 à 30, et non 99"
    assert [p.line for p in problems] == [2, 3]
    assert all(english_left(p) == [] for p in problems)


def test_a_french_header_missing_a_column_names_it_in_french():
    """A header without its tricks column names the missing column and the header in French."""
    with translation.override("fr-ca"), pytest.raises(CsvErrors) as caught:
        parse_results("main,table\n1,1\n", tables=4, hands=30)
    (problem,) = caught.value.problems
    assert "levées_paire_voyageuse" in problem
    assert problem.startswith(f"ligne 1{NBSP}: il manque à l'en-tête")


def test_an_english_reader_still_reads_english_problems():
    """The same bad file reads in English, as before, for an English reader."""
    with pytest.raises(CsvErrors) as caught:
        parse_results("hand,table,visitor_tricks\n1,1,x\n", tables=4, hands=30)
    assert caught.value.problems[0].startswith("line 2: visitor_tricks: tricks must be")


@pytest.mark.django_db
def test_a_damaged_archive_is_refused_in_french_naming_each_json_path():
    """A damaged archive lists its problems in French, each with its path; the rest counted."""
    event = build_event("archive-fr", tables=3, hands_per_day=(2,))
    data = json.loads(dumps(export_event(event)))
    Event.objects.all().delete()
    data["event"]["slug"] = "archive-fr-2"
    for number, team in enumerate(data["teams"], 1):
        team["home_table"], team["name"] = 9, f"Équipe {number}"
    data["teams"] = data["teams"] * 8  # 24 teams at a table that does not exist
    with translation.override("fr-ca"), pytest.raises(RulesError) as caught:
        import_event(data)
    with translation.override("fr-ca"):
        message = caught.value.message
    assert f"teams[0].home_table{NBSP}: aucune table 9 dans un tournoi de 3 tables" in message
    assert message.endswith("autres problèmes")
    assert english_left(message) == []
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_a_service_refusal_reads_in_french():
    """Closing a day twice is refused in French, the day named."""
    event = build_event("close-fr", tables=2, hands_per_day=(1,))
    results_record(event=event, entries=[ResultEntry(1, 1, 7), ResultEntry(1, 2, 6)], actor=None)
    summary, _ = selectors.load_day_ledger(event, 1)
    counts = {t: s.on_table for t, s in summary.items()}
    day_close(event=event, day=1, counts=counts, actor=None)
    error = refusal(lambda: day_close(event=event, day=1, counts=counts, actor=None))
    with translation.override("fr-ca"):
        assert error.message == "La journée 1 est déjà clôturée"


@pytest.mark.django_db
def test_a_command_speaks_french_to_a_french_leader(tmp_path):
    """create_event and import_teams speak French under a French default language."""
    out = StringIO()
    with translation.override("fr-ca"):
        call_command(
            "create_event", "--name", "Secteur 5", "--slug", "secteur-5", "--tables", "2",
            "--hands-per-day", "2", stdout=out,
        )  # fmt: skip
        teams = tmp_path / "equipes.csv"
        teams.write_text(FRENCH_TEAMS, encoding="utf-8")
        call_command("import_teams", "secteur-5", str(teams), stdout=out)
    said = out.getvalue()
    assert "Tournoi secteur-5 créé : 2 tables, 2 mains".replace(" :", f"{NBSP}:") in said
    assert "2 équipes importées dans secteur-5" in said
    assert english_left(said) == []
    assert Team.objects.filter(event__slug="secteur-5").count() == 2


@pytest.mark.django_db
def test_a_command_refuses_in_french_with_every_problem_on_its_line(tmp_path):
    """A bad teams file is refused in French, one problem per line, nothing imported."""
    event = build_event("refus-fr", tables=2)
    bad = tmp_path / "equipes.csv"
    bad.write_text(FRENCH_TEAMS.replace("2;Les Rois", "7;Les Rois"), encoding="utf-8")
    with translation.override("fr-ca"), pytest.raises(CommandError) as caught:
        call_command("import_teams", event.slug, str(bad), stdout=StringIO())
    lines = str(caught.value).splitlines()
    assert lines[0] == f"{bad}{NBSP}: rien n'a été importé."
    assert lines[1] == f"ligne 3, colonne Table{NBSP}: le tournoi a les tables 1 à 2, et non 7"


def test_the_hall_console_speaks_french(capsys):
    """`whist-director hall` announces the phones' address and the backups in French."""
    from whistdirector import launch

    with translation.override("fr-ca"):
        launch.announce("http://192.168.1.20:8000", ["192.168.1.20", "10.0.0.5"])
    said = capsys.readouterr().out
    assert "Les téléphones ouvrent\u00a0: http://192.168.1.20:8000" in said
    assert "Autres adresses de cet ordinateur\u00a0: 10.0.0.5" in said
    assert english_left(said) == []
