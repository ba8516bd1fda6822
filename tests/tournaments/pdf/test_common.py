"""Every printout with real names: long ones stay in their column, any alphabet prints, and
markup typed into a name is printed as typed, never obeyed."""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest
from pypdf import PdfReader

from tournaments import pdf, selectors
from tournaments.formats.csv_files import TeamRow
from tournaments.services import ResultEntry, event_create, results_record, teams_replace

pytestmark = pytest.mark.django_db

JOBS = {
    "cards": pdf.PrintJob("cards", tables=(1, 2)),
    "rotation": pdf.PrintJob("rotation"),
    "slips": pdf.PrintJob("slips", tables=(1, 2, 3)),
    "blank counts": pdf.PrintJob("counts", session=(1, 1)),
    "filled counts": pdf.PrintJob("counts", session=(1, 1), fill_counts=True),
    "standings": pdf.PrintJob("standings"),
}
# Sixty characters each: with spaces, and one long word that can only break inside.
LONG_TEAM = "The Extraordinarily Long-Named Military Whist Club of Sudbury"[:60]
LONG_WORD = "Pneumonoultramicroscopicsilicovolcanoconiosis-Whist-Society-"[:60]
LONG_PLAYER = "Marie-Thérèse Bernadette Antoinette de la Fontaine-Beauchamp"[:60]
LONG_ZONE = "Northern and Eastern Ontario Zone Region"[:40]
# Sixty characters with a long joined name: it breaks after a hyphen to stay on two lines.
JOINED = "Club de whist militaire Nguyễn-Wałęsa-Dvořák n° 123 de Saint"


def make_event(names: dict[int, tuple[str, str, str]], slug="names", name=None, tables=8):
    """An 8-table event whose teams carry ``names`` (team, zone, every player), hand 1 played."""
    event = event_create(
        name=name or f"Event {slug}",
        slug=slug,
        tables=tables,
        hands_per_day=[30],
        level="zone",
    )
    rows = []
    for t in range(1, tables + 1):
        team, zone, player = names.get(t, (f"Team {t}", "Zone 1", f"Player {t}"))
        rows.append(TeamRow(0, t, team, zone, player, player, player, player))
    teams_replace(event=event, rows=rows, actor=None)
    entries = [ResultEntry(1, t, 8) for t in range(1, tables + 1)]
    results_record(event=event, entries=entries, actor=None)
    return event


def compact(text: str) -> str:
    return re.sub(r"\s+", "", text)


def shown(name: str, text: str) -> bool:
    """The whole name is printed (perhaps across lines), or its start ending in "…"."""
    flat, whole = compact(text), compact(name)
    return whole in flat or any(whole[:k] + "…" in flat for k in range(4, len(whole)))


def crossings(page) -> list[str]:
    """Characters that overprint a neighbour on their line, cross a vertical rule, or leave
    the printable page."""
    problems = []
    rules = [
        line for line in page.lines if abs(line["x0"] - line["x1"]) < 0.5 and line["height"] > 4
    ]
    chars = [c for c in page.chars if c["text"].strip()]
    for c in chars:
        if c["x0"] < 18 or c["x1"] > page.width - 18:
            problems.append(f"{c['text']!r} off the page at x={c['x0']:.0f}")
        for rule in rules:
            inside = rule["top"] < c["bottom"] - 1 and rule["bottom"] > c["top"] + 1
            if inside and c["x0"] < rule["x0"] - 0.5 and c["x1"] > rule["x0"] + 0.5:
                problems.append(f"{c['text']!r} crosses the rule at x={rule['x0']:.0f}")
    lines: dict[int, list] = {}
    for c in chars:
        lines.setdefault(round(c["top"]), []).append(c)
    for row in lines.values():
        row.sort(key=lambda c: c["x0"])
        for left, right in zip(row, row[1:], strict=False):
            if right["x0"] < left["x1"] - 0.8:
                problems.append(f"{left['text']!r} and {right['text']!r} overprint")
    return problems


def printed(event, job) -> pdfplumber.PDF:
    return pdfplumber.open(io.BytesIO(pdf.render(event, job)))


@pytest.mark.parametrize("what", JOBS)
def test_sixty_character_names_stay_in_their_columns(what):
    """Team, zone and player names of 60 characters wrap, shrink or end in "…" inside their
    own column on every printout."""
    names = {
        1: (LONG_TEAM, LONG_ZONE, LONG_PLAYER),
        2: (LONG_WORD, LONG_ZONE, LONG_WORD),
        3: (LONG_TEAM + " II", "Zone 2", LONG_PLAYER),
    }
    event = make_event(names, name="Provincial Military Whist Championship of Northern Ontario")
    body = pdf.render(event, JOBS[what])
    with pdfplumber.open(io.BytesIO(body)) as document:
        for page in document.pages[:3]:
            assert crossings(page) == [], f"page {page.page_number}"
    # pypdf reads in drawing order, so a name's wrapped lines come out together.
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages[:3])
    if what in ("cards", "blank counts", "filled counts", "standings"):
        for team in (LONG_TEAM, LONG_WORD):
            assert shown(team, text), team
    if what == "cards":
        assert shown(LONG_PLAYER, text) and shown(LONG_WORD, text)


def test_a_short_table_column_on_the_old_count_sheet_would_have_been_crossed():
    """The crossing check sees text that runs over a rule (the check itself can fail)."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.line(100, 500, 100, 540)
    canvas.setFont("Helvetica", 12)
    canvas.drawString(40, 515, LONG_TEAM)
    canvas.save()
    with pdfplumber.open(io.BytesIO(buffer.getvalue())) as document:
        assert crossings(document.pages[0])


@pytest.mark.parametrize("what", JOBS)
def test_names_in_any_alphabet_print_in_the_one_unicode_font(what):
    """Nguyễn, Wałęsa, Dvořák and Şahin print as letters (DejaVu Sans), not black boxes."""
    people = ["Nguyễn Văn An", "Lech Wałęsa", "Antonín Dvořák", "Ayşe Şahin"]
    names = {t: (person, "Zone 1", person) for t, person in enumerate(people, 1)}
    event = make_event(names, slug="unicode", name="Championnat Łódź–Plzeň")
    with printed(event, JOBS[what]) as document:
        page = document.pages[0]
        fonts = {c["fontname"].split("+")[-1] for c in page.chars}
        text = page.extract_text()
    assert all(font.startswith("DejaVuSans") for font in fonts), fonts
    assert "Łódź–Plzeň" in text
    if what in ("cards", "blank counts", "standings"):
        shown_people = people[:1] if what == "cards" else people
        for person in shown_people:
            assert person in text


@pytest.mark.parametrize("what", JOBS)
def test_markup_in_names_is_printed_as_typed(what):
    """An event or team named with '<b>' or an '<img>' tag prints those characters; the
    printout neither fails nor embeds a file from the server."""
    hostile = "Cup <b>x"
    image = '<img src="/etc/passwd"> & Co'
    names = {1: (hostile, image, image), 2: (image, "<i>", hostile)}
    event = make_event(names, slug="hostile", name=f"{hostile} {image}")
    body = pdf.render(event, JOBS[what])
    assert b"/Subtype /Image" not in body
    with pdfplumber.open(io.BytesIO(body)) as document:
        text = document.pages[0].extract_text()
    assert "Cup <b>x" in text
    if what in ("blank counts", "standings"):
        assert '<img src="/etc/passwd"> & Co' in text


def test_the_count_sheet_carries_its_title_and_totals_onto_every_page():
    """A 40-table count sheet repeats the session's title on page 2 and ends with totals."""
    event = make_event({}, slug="forty", tables=40)
    with printed(event, pdf.PrintJob("counts", session=(1, 1), fill_counts=True)) as document:
        assert len(document.pages) >= 2
        second = document.pages[1].extract_text()
    summary, _ = selectors.load_day_ledger(event, 1, 15)
    assert "Flag count — Day 1 · Session 1 · after hand 15" in second
    total = sum(s.on_table for s in summary.values())
    assert f"Total 40 tables {total}" in " ".join(second.split())


def test_a_subset_of_tables_is_titled_with_those_tables():
    """The rotation sheet for tables 3 and 7 says 'Tables 3, 7', not 'Tables 3–7'."""
    event = make_event({}, slug="subset")
    with printed(event, pdf.PrintJob("rotation", tables=(3, 7))) as document:
        text = document.pages[0].extract_text()
    assert "Tables 3, 7 ·" in text and "Tables 3–7" not in text


@pytest.mark.parametrize("what", ["cards", "blank counts", "filled counts"])
def test_long_names_wrap_to_two_lines_at_nine_points_at_least(what):
    """On table cards and count sheets a 60-character team or player name is printed whole,
    on at most two lines, and no letter of it is under 9 points."""
    names = {
        1: (LONG_TEAM, "Zone 1", LONG_PLAYER),
        2: (LONG_TEAM + " II", "Zone 2", LONG_PLAYER),
        3: (JOINED, "Zone 3", LONG_PLAYER),
    }
    event = make_event(names, slug="nine-points")
    job = pdf.PrintJob("cards", tables=(1,)) if what == "cards" else JOBS[what]
    body = pdf.render(event, job)
    # pypdf reads in drawing order, so a name's wrapped lines come out together.
    text = PdfReader(io.BytesIO(body)).pages[0].extract_text()
    for name in (LONG_TEAM,) + ((LONG_PLAYER,) if what == "cards" else (JOINED,)):
        assert compact(name) in compact(text), name
    with pdfplumber.open(io.BytesIO(body)) as document:
        words = document.pages[0].extract_words(extra_attrs=["size"])
    sizes = [w["size"] for w in words if w["text"] in ("Extraordinarily", "Marie-Thérèse")]
    assert sizes and min(sizes) >= 9
    # Team 1's name sits on at most two lines (the count sheet also lists team 2's "... II").
    first = [w for w in words if w["text"] == "Extraordinarily"][0]
    below = [w for w in words if w["text"] == "Sudbur" and 0 <= w["top"] - first["top"] < 40]
    assert below and below[0]["top"] - first["top"] < 2.5 * first["size"]
