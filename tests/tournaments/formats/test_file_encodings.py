"""The files a club secretary meets: teams and results saved by Excel on Windows or a Mac,
LibreOffice or a web form, in French and English, from one line to hundreds, are read exactly
as they were written, and the page or command says how each was read."""

from __future__ import annotations

import codecs
import io
import random
import re
from base64 import b64encode

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.leader_helpers import make_event, make_user
from tournaments.formats.csv_files import parse_results, parse_teams
from tournaments.formats.csv_headers import CsvErrors
from tournaments.formats.file_encodings import decode
from tournaments.models import Team

TEAM_NAMES = [
    "Les Étoiles", "Les As de Cœur", "L’Œuvre", "« Les Piques »", "Club de l’Île",
    "La Flèche", "Les Éclairs", "Château-Richer", "Saint-Éloi", "Ça Va Bien", "Trèfle à Quatre",
    "Évêché", "Sainte-Thérèse", "Lévis", "Les Rois", "CÔTE-NORD", "ÉLITE DE L’ÎLE",
    "Îles-de-la-Madeleine", "Gaspésie", "Les Sœurs Noël", "Bœuf Haché", "Maïté", "Zoë & Cie",
    "The Aces", "Bridge & Whist Club", "St. Andrew’s", "Kings Row", "Maple Leaf",
    "Les Piqués", "L’Éclair", "Ève et Ça", "Jeu de Coude", "Naïfs", "Brûlés", "Forêt",
]  # fmt: skip
PEOPLE = [
    "Hélène Roy", "Gérard Côté", "François Bélanger", "Renée Lévesque", "Zoë Pâquet",
    "Noël Brûlé", "Ève Thériault", "Élise Ouellet", "Édouard Després", "Ginette Gagné",
    "Cécile Bérubé", "Jérôme Dubé", "Chloé Lacroix", "André Légaré", "Benoît Fréchette",
    "Agnès Théberge", "Maëlle Boucher", "Loïc Gélinas", "Aimé Hébert", "Josée Côté",
    "Réjean Lépine", "Thérèse Paré", "Françoise D’Amours", "Marc-André Lefèvre",
    "Rosaire L’Heureux", "Yvette Bégin", "Ghislaine Gîroux", "Raphaël Saint-Cœur",
    "Mary O’Brien", "John Smith", "Deb Brown", "Pat McDonald", "Anne", "Bob",
    "ÉMILE CÔTÉ", "Ç. Laçasse", "Jean-Noël Dûchesne", "Léa Müller",
]  # fmt: skip
ZONES = ["Nord", "Sud", "Côte-Nord", "Montérégie", "Estrie", "Québec", "Île-de-Montréal", "5"]
TEAM_HEADERS = ["table,team,zone,player_a,player_b,player_x,player_y",
                "Table #;Équipe;Zone;Joueur A;Joueur B;Joueur X;Joueur Y"]  # fmt: skip
RESULT_HEADERS = ["hand,table,visitor_tricks,visitor_revokes,host_revokes",
                  "Main;Table;Levées paire voyageuse;Renonces paire voyageuse;"
                  "Renonces paire qui reçoit"]  # fmt: skip
# How each program writes: its encoding and the end of its lines.
WRITERS = {
    "utf-8": "\n",
    "utf-8-sig": "\r\n",
    "utf-16": "\r\n",
    "cp1252": "\r\n",
    "mac_roman": "\r",
    "latin-1": "\n",
}
FILES_PER_KIND = 30  # teams and results files for each encoding: 60 in all
SIZES = [1, 1, 1, 2, 2, 3, 4, 5, 8, 12, 16, 20, 30, 50, 80, 120, 200, 250, 300]


def _fits(encoding: str, text: str) -> bool:
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


def _quoted(cell: str, separator: str) -> str:
    return f'"{cell}"' if separator in cell else cell


def teams_file(seed: int, encoding: str) -> str:
    """A teams file of one to 300 lines whose names all fit ``encoding`` (Latin-1 has no œ
    and no ’)."""
    draw = random.Random(seed)
    names = draw.sample([n for n in TEAM_NAMES if _fits(encoding, n)], k=len(TEAM_NAMES) // 2)
    people = [p for p in PEOPLE if _fits(encoding, p)]
    header = TEAM_HEADERS[seed % 2]
    separator = ";" if ";" in header else ","
    lines = [header]
    for table in range(1, SIZES[seed % len(SIZES)] + 1):
        team = f"{draw.choice(names)} {table}" if table > len(names) else names[table - 1]
        cells = [str(table), team, draw.choice(ZONES), *draw.sample(people, 4)]
        lines.append(separator.join(_quoted(c, separator) for c in cells))
    return WRITERS[encoding].join(lines) + WRITERS[encoding]


def results_file(seed: int, encoding: str) -> str:
    draw = random.Random(seed)
    header = RESULT_HEADERS[seed % 2]
    separator = ";" if ";" in header else ","
    lines = [header]
    for n in range(SIZES[seed % len(SIZES)]):
        hand, table = n // 8 + 1, n % 8 + 1
        row = [hand, table, draw.randint(0, 13), draw.choice([0, 0, 1]), draw.choice([0, 0, 1])]
        lines.append(separator.join(map(str, row)))
    return WRITERS[encoding].join(lines) + WRITERS[encoding]


def corpus(encoding: str):
    for seed in range(FILES_PER_KIND):
        yield teams_file(seed, encoding)
        yield results_file(seed, encoding)


@pytest.mark.parametrize("encoding", list(WRITERS))
def test_every_file_of_the_corpus_reads_as_it_was_written(encoding):
    """Sixty French and English teams and results files in each encoding, from one line to
    300, read back to the very text that was saved: not one garbled."""
    garbled = []
    for text in corpus(encoding):
        reading = decode(text.encode(encoding))
        if reading.text != text:
            garbled.append((reading.encoding, text[:200]))
    assert garbled == []


@pytest.mark.parametrize("encoding", list(WRITERS))
def test_every_teams_file_of_the_corpus_imports(encoding):
    """Read and checked, each teams file of the corpus gives its teams with their accents."""
    for seed in range(0, FILES_PER_KIND, 3):
        text = teams_file(seed, encoding)
        rows = parse_teams(decode(text.encode(encoding)).text, tables=300)
        assert [r.team for r in rows] == [
            line.split(";" if seed % 2 else ",")[1].strip('"') for line in text.splitlines()[1:]
        ]


def test_a_results_file_with_french_headers_imports():
    """A results file of one line from a French Excel on Windows is read and checked."""
    text = RESULT_HEADERS[1] + "\r\n1;1;9;0;0\r\n"
    rows = parse_results(decode(text.encode("cp1252")).text, tables=2, hands=2)
    assert [(r.hand, r.table, r.tricks_played) for r in rows] == [(1, 1, 9)]


@pytest.mark.parametrize(
    "line",
    [
        "1,Les Étoiles,Nord,Hélène Roy,Gérard Côté,Anne,Bob",  # was read as cp775: "╔toiles"
        "1,Hélène,Z,a,b,x,y",  # was read as big5: "H幨鋝e"
    ],
)
def test_a_short_excel_file_from_windows_is_read_as_windows(line):
    """One line saved by Excel on Windows reads as Windows (cp1252), never as a Baltic or an
    Asian code page."""
    text = TEAM_HEADERS[0] + "\r\n" + line + "\r\n"
    reading = decode(text.encode("cp1252"))
    assert (reading.text, reading.label) == (text, "Windows (cp1252)")


@pytest.mark.parametrize(
    ("encoding", "label"),
    [
        ("utf-8", "UTF-8"),
        ("utf-8-sig", "UTF-8"),
        ("utf-16", "UTF-16"),
        ("cp1252", "Windows (cp1252)"),
        ("mac_roman", "Mac (Mac OS Roman)"),
    ],
)
def test_the_reading_is_named(encoding, label):
    """Each file says how it was read, in the words the preview shows."""
    text = TEAM_HEADERS[0] + "\n1,Les Éclairs,Nord,Hélène,Gérard,Zoë,Noël\n"
    assert decode(text.encode(encoding)).label == label


def test_a_mac_name_that_is_also_utf8_by_chance_reads_as_mac():
    """ "L’École" saved by a Mac is, byte for byte, valid UTF-8 ("LՃcole"): it reads as Mac."""
    text = "table,team\r1,L’École\r"
    assert decode(text.encode("mac_roman")).text == text


def test_a_chosen_encoding_is_used_as_chosen():
    """A leader who chooses Mac gets the Mac reading, even of a Windows file."""
    raw = "1,Hélène\n".encode("cp1252")
    assert decode(raw, "mac_roman").text == "1,HÈlËne\n"
    assert decode(raw, "latin-1").text == "1,Hélène\n"


def test_a_file_that_cannot_be_read_as_chosen_says_so():
    """Bytes that are not UTF-8, read as UTF-8 because the leader chose it, are refused with
    a message asking for another encoding."""
    with pytest.raises(CsvErrors, match="cannot be read as UTF-8; choose another encoding"):
        decode("1,Hélène\n".encode("cp1252"), "utf-8")


def test_utf16_without_a_mark_is_not_a_text_file():
    """UTF-16 needs its byte-order mark: without one the file is refused, not misread."""
    with pytest.raises(CsvErrors, match="not a text file"):
        decode("table,team\n".encode("utf-16-le"))


def test_a_utf8_file_with_other_scripts_stays_utf8():
    """A UTF-8 file with a Greek or Chinese name reads as UTF-8 (no Western reading of it is
    French)."""
    for name in ["Αθηνά", "王芳", "Иван Петров", "Ngọc Anh"]:
        text = f"1,{name}\n"
        assert decode(text.encode("utf-8")).text == text


def test_a_utf16_file_says_its_mark():
    """Big- and little-endian UTF-16 with their mark both read."""
    for mark, codec in [(codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")]:
        assert decode(mark + "1,Hélène\n".encode(codec)).text == "1,Hélène\n"


# ---------------------------------------------------------------- the pages and the commands

WINDOWS_TEAMS = TEAM_HEADERS[0] + "\r\n1,Les Étoiles,Nord,Hélène Roy,Gérard Côté,Anne,Bob\r\n"


def _preview(client, event, **post):
    return client.post(reverse("tournaments:teams", args=[event.slug]), post).content.decode()


@pytest.mark.django_db
def test_the_teams_preview_says_how_it_read_and_offers_the_others(client):
    """A Windows file's preview says "Read as Windows (cp1252)", shows Hélène, and offers a
    choice of the other encodings."""
    event = make_event("read-as", tables=2)
    client.force_login(make_user("lead", event))
    upload = SimpleUploadedFile("t.csv", WINDOWS_TEAMS.encode("cp1252"), content_type="text/csv")
    page = _preview(client, event, csv_file=upload)
    assert "Read as Windows (cp1252)" in page and "Hélène Roy" in page
    assert '<option value="mac_roman">Mac (Mac OS Roman)</option>' in page


@pytest.mark.django_db
def test_another_encoding_chosen_reads_the_same_file_again_and_imports_it_so(client):
    """Choosing Mac in the preview reads the same bytes as Mac, and the import then uses Mac:
    the names saved are the ones the preview showed."""
    event = make_event("choose", tables=2)
    client.force_login(make_user("lead", event))
    raw = b64encode(WINDOWS_TEAMS.encode("cp1252")).decode()
    page = _preview(client, event, csv_raw=raw, encoding="mac_roman", action="preview")
    assert "Read as Mac (Mac OS Roman)" in page and "HÈlËne Roy" in page
    _preview(client, event, csv_raw=raw, encoding="mac_roman", action="import")
    assert Team.objects.get(event=event, home_table=1).player_a == "HÈlËne Roy"
    _preview(client, event, csv_raw=raw, encoding="cp1252", action="import")
    assert Team.objects.get(event=event, home_table=1).player_a == "Hélène Roy"


@pytest.mark.django_db
def test_an_encoding_that_cannot_read_the_file_is_refused_and_the_file_kept(client):
    """UTF-8 chosen for a Windows file says so, imports nothing, and keeps the file for the
    next choice."""
    event = make_event("cannot", tables=2)
    client.force_login(make_user("lead", event))
    raw = b64encode(WINDOWS_TEAMS.encode("cp1252")).decode()
    page = _preview(client, event, csv_raw=raw, encoding="utf-8", action="import")
    assert "cannot be read as UTF-8; choose another encoding" in page and raw in page
    assert not Team.objects.filter(event=event, player_a__contains="Roy").exists()


@pytest.mark.django_db
def test_a_damaged_file_sent_with_the_preview_is_refused(client):
    """A csv_raw that is not base64 is refused with a message, never a server error."""
    event = make_event("damaged", tables=2)
    client.force_login(make_user("lead", event))
    page = _preview(client, event, csv_raw="not base64!", action="import")
    assert "The file sent with the preview is damaged" in page


@pytest.mark.django_db
def test_the_results_preview_says_how_it_read(client):
    """A results file from a French Excel on Windows says how it was read and offers the others."""
    event = make_event("results-read", tables=2)
    client.force_login(make_user("lead", event))
    text = RESULT_HEADERS[1] + "\r\n1;1;9;0;0\r\n"
    upload = SimpleUploadedFile("r.csv", text.encode("cp1252"), content_type="text/csv")
    url = reverse("tournaments:results_import", args=[event.slug])
    page = client.post(url, {"csv_file": upload}).content.decode()
    assert "Read as Windows (cp1252)" in page and 'name="encoding"' in page


@pytest.mark.django_db
def test_import_teams_takes_the_encoding_it_is_given(tmp_path):
    """``import_teams --encoding mac_roman`` reads the file as Mac and says so."""
    event = make_event("cli-encoding", tables=2)
    path = tmp_path / "teams.csv"
    path.write_bytes(WINDOWS_TEAMS.encode("cp1252"))
    out = io.StringIO()
    call_command("import_teams", event.slug, str(path), "--encoding", "mac_roman", stdout=out)
    assert "(read as Mac (Mac OS Roman))" in out.getvalue()
    assert Team.objects.get(event=event, home_table=1).player_a == "HÈlËne Roy"


@pytest.mark.django_db
def test_import_results_says_how_it_read(tmp_path):
    """``import_results`` reads a Windows file with French headers and says it read Windows."""
    event = make_event("cli-results-encoding", tables=2)
    path = tmp_path / "results.csv"
    path.write_bytes((RESULT_HEADERS[1] + "\r\n1;1;9;0;0\r\n").encode("cp1252"))
    out = io.StringIO()
    call_command("import_results", event.slug, str(path), stdout=out)
    assert "(read as Windows (cp1252))" in out.getvalue()
    with pytest.raises(CommandError, match="cannot be read as UTF-8"):
        call_command("import_results", event.slug, str(path), "--encoding", "utf-8", stdout=out)


@pytest.mark.django_db
def test_the_import_button_imports_what_the_preview_showed(client):
    """The preview's Import button sends the file and its reading back: the teams saved are
    the names the preview showed, accents and all."""
    event = make_event("import-read", tables=2)
    client.force_login(make_user("lead", event))
    upload = SimpleUploadedFile("t.csv", WINDOWS_TEAMS.encode("cp1252"), content_type="text/csv")
    page = _preview(client, event, csv_file=upload)
    start = page.index('id="teams-import"')  # the import form (its button is above it too)
    form = page[start : page.index("</form>", start)]
    hidden = dict(
        re.findall(r'<input type="hidden" name="(csv_raw|encoding)" value="([^"]*)"', form)
    )
    assert hidden["encoding"] == "cp1252"
    _preview(client, event, action="import", **hidden)
    team = Team.objects.get(event=event, home_table=1)
    assert (team.name, team.player_a, team.player_b) == ("Les Étoiles", "Hélène Roy", "Gérard Côté")
