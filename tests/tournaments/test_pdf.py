"""Rotation sheet, movement slips, flag-count sheets and standings read back from the PDF."""

from __future__ import annotations

import io
import math

import pytest
from pypdf import PdfReader

from tournaments import pdf, selectors, snapshot
from tournaments.formats.csv_files import TeamRow
from tournaments.rules.types import Standing
from tournaments.services import ResultEntry, event_create, results_record, teams_replace


def make_event(slug="sheets", tables=16, hands_per_day=(30, 20), **options):
    event = event_create(
        name=f"Sheets {slug}", slug=slug, tables=tables, hands_per_day=list(hands_per_day),
        level="provincial", **options,
    )  # fmt: skip
    rows = [TeamRow(0, t, f"Team {t}", "", "A", "B", "X", "Y") for t in range(1, tables + 1)]
    teams_replace(event=event, rows=rows, actor=None)
    return event


def read(body: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(body))


@pytest.mark.django_db
def test_rotation_sheet_page_counts_for_2_16_and_250_tables():
    """A page per day per group of up to 16 tables: 2, 2 and 32 pages."""
    for tables in (2, 16, 250):
        event = make_event(slug=f"r{tables}", tables=tables)
        body = pdf.render(event, pdf.PrintJob(what="rotation"))
        assert len(read(body).pages) == 2 * math.ceil(tables / 16)


@pytest.mark.django_db
def test_rotation_sheet_repeats_its_headings_and_holds_every_move():
    """Every page has the headings, and each hand's row lists the rotation's moves in order."""
    event = make_event()
    reader = read(pdf.render(event, pdf.PrintJob(what="rotation")))
    text = "\n".join(p.extract_text() for p in reader.pages)
    for page in reader.pages:
        assert "Hand" in page.extract_text() and "Trump" in page.extract_text()
    for hand in snapshot.rotation(event).hands:
        cells = [str(hand.number), f"{hand.trump.symbol} {hand.trump.label}"]
        cells += [str(hand.moves[t]) for t in range(1, 17)]
        assert "\n".join(cells) + "\n" in text


@pytest.mark.django_db
def test_slips_say_in_one_line_each_hand_whose_pairs_all_move_alike_a_page_a_day():
    """When every travelling pair of a hand moves the same number of tables, its slip is one
    line ("Hand 3 · ♦ · Move 2 tables up — Table 249 goes to Table 1"): a 250-table, two-day
    event's movement prints on two pages, one per day, not two hundred."""
    event = make_event(slug="alike", tables=250)
    pages = [
        " ".join(p.extract_text().split())
        for p in read(pdf.render(event, pdf.PrintJob("slips"))).pages
    ]
    assert len(pages) == 2
    assert "Day 1 — travelling pairs (A & B) all move alike" in pages[0]
    assert "Hand 3 ♦ Diamonds Move 2 tables up — Table 249 goes to Table 1" in pages[0]
    assert "Hand 50 ♠ Spades Move 25 tables down — Table 1 goes to Table 226" in pages[1]
    assert "Table 7 to Table" not in "".join(pages)


@pytest.mark.django_db
def test_slips_call_out_every_table_of_a_hand_whose_pairs_move_differently():
    """A hand whose pairs do not all move alike gets the full slip, 'Hand n — travelling
    pairs' and 'Table t to Table m' per table; the alike hands keep their one line."""
    swap = {1: 2, 2: 1, 3: 4, 4: 3}  # pairs cross over: no one shift says it
    shift = {1: 2, 2: 3, 3: 4, 4: 1}
    event = event_create(
        name="Swaps", slug="swaps", tables=4, hands_per_day=[4], pattern="custom",
        custom_moves=[swap, shift, swap, shift],
    )  # fmt: skip
    pages = read(pdf.render(event, pdf.PrintJob("slips"))).pages
    text = " ".join(" ".join(p.extract_text().split()) for p in pages)
    for hand in (1, 3):
        assert f"Hand {hand} — travelling pairs" in text
    assert "Table 1 to Table 2" in text and "Table 3 to Table 4" in text
    assert "Hand 2 ♠ Spades Move 1 table up — Table 4 goes to Table 1" in text
    assert "Hand 2 — travelling pairs" not in text


@pytest.mark.django_db
def test_slips_put_several_hands_on_a_page():
    """Thirty 16-table slips take at most ten pages: three or more hands a page."""
    event = make_event(hands_per_day=(30,))
    assert len(read(pdf.render(event, pdf.PrintJob("slips"))).pages) <= 10


@pytest.mark.django_db
def test_count_sheets_leave_the_expected_count_blank_by_default():
    """One page per session for 16 tables, with signature lines and no numbers but tables."""
    event = make_event()
    reader = read(pdf.render(event, pdf.PrintJob("counts")))
    assert len(reader.pages) == 3
    first = reader.pages[0].extract_text()
    assert "Flag count — Day 1 · Session 1 · after hand 15" in first
    assert "Verifier" in first and "Leader (checked)" in first
    assert "\n16\nTeam 16\nTotal\n16 tables\n" in first


@pytest.mark.django_db
def test_count_sheets_fill_the_expected_count_from_the_results():
    """Filled sheets show each table's flags on the table after the session's last hand."""
    event = make_event(tables=4, hands_per_day=(30,))
    entries = [ResultEntry(1, t, 10 if t == 1 else 4) for t in range(1, 5)]
    results_record(event=event, entries=entries, actor=None)
    job = pdf.PrintJob("counts", fill_counts=True, session=(1, 1))
    reader = read(pdf.render(event, job))
    assert len(reader.pages) == 1
    summary, _ = selectors.load_day_ledger(event, 1, 15)
    text = reader.pages[0].extract_text()
    assert "4 of 60" in text
    for table, ledger in summary.items():
        assert f"\n{table}\nTeam {table}\n{ledger.on_table}\n" in text


@pytest.mark.django_db
def test_count_sheet_page_counts_for_250_tables():
    """A session of 250 tables runs over several pages; one session prints alone."""
    event = make_event(slug="c250", tables=250)
    all_sessions = len(read(pdf.render(event, pdf.PrintJob("counts"))).pages)
    one = len(read(pdf.render(event, pdf.PrintJob("counts", session=(2, 1)))).pages)
    assert one > 1
    assert all_sessions == 3 * one


@pytest.mark.django_db
def test_standings_name_the_event_and_mark_ties_and_playoffs():
    """The standings PDF gives event, level, '=' for shared places and the playoff hands
    (every tie is played off here: playoff_places is the number of teams)."""
    event = make_event(tables=4, hands_per_day=(30,), playoff_places=4)
    job = pdf.PrintJob("standings")
    data = pdf.load(event, job)
    rows = [
        Standing(1, 2, "Team 2", (20,), 20, False, playoff=(31,)),
        Standing(2, 1, "Team 1", (20,), 20, False, playoff=(31,)),
        Standing(3, 3, "Team 3", (8,), 8, True),
        Standing(3, 4, "Team 4", (8,), 8, True),
    ]
    data = pdf.PrintData(**{**data.__dict__, "standings": rows, "hands_played": 30})
    text = read(pdf.build(data, job)).pages[0].extract_text()
    assert "Sheets sheets" in text and "Provincial · Final standings" in text
    words = " ".join(text.split())  # notes wrap inside their column
    assert " 1 2 Team 2 20 20 playoff hand 31; advances " in words
    assert " 3= 4 Team 4 8 8 playoff due " in words


@pytest.mark.django_db
def test_current_standings_say_after_which_hand():
    """Before the last hand the standings PDF says how far play has got."""
    event = make_event(tables=4, hands_per_day=(30,))
    results_record(event=event, entries=[ResultEntry(1, t, 7) for t in range(1, 5)], actor=None)
    text = read(pdf.render(event, pdf.PrintJob("standings"))).pages[0].extract_text()
    assert "Standings after hand 1 of 30" in text


@pytest.mark.django_db
def test_standings_fit_thirty_teams_with_forty_character_names_a_page():
    """60 teams named with 40 characters (ễ, ł, ř among them): every Letter page but the last
    holds at least 30 of them, each name whole on one line."""
    from tournaments.formats.csv_files import TeamRow
    from tournaments.services import teams_replace

    event = make_event(slug="forty", tables=60)
    names = {
        t: f"Klub Nguyễn-Wałęsa-Dvořák n° {t:02d} de Łódź"[:40].ljust(40, "ř") for t in range(1, 61)
    }
    assert all(len(n) == 40 for n in names.values())
    rows = [TeamRow(0, t, names[t], f"Zone {t % 4}", "", "", "", "") for t in names]
    teams_replace(event=event, rows=rows, actor=None)
    results_record(event=event, entries=[ResultEntry(1, t, t % 14) for t in names], actor=None)
    pages = read(pdf.render(event, pdf.PrintJob("standings"))).pages
    texts = [page.extract_text() for page in pages]
    on_page = [sum(1 for n in names.values() if n in text) for text in texts]
    assert sum(on_page) == 60  # whole, one line each: extract_text keeps a line together
    assert all(count >= 30 for count in on_page[:-1]) and on_page[0] >= 30


LONGEST = "Club de whist militaire Nguyễn-Wałęsa-Dvořák de Saint-Łukasz-du-Lac Témiscamingue-Nord"[
    :80
]


def _final_standings(event, ranks: list[int]) -> bytes:
    """The standings PDF of ``event`` once every hand is played, table t at place ranks[t-1]."""
    job = pdf.PrintJob("standings")
    data = pdf.load(event, job)
    rows = [
        Standing(
            r, t, data.teams[t].name, (12,), 30 - r, ranks.count(r) > 1, zone=data.teams[t].zone
        )
        for t, r in enumerate(ranks, start=1)
    ]
    total = len(data.rotation.hands)
    return pdf.build(
        pdf.PrintData(**{**data.__dict__, "standings": rows, "hands_played": total}), job
    )


@pytest.mark.django_db
def test_wall_standings_print_every_long_name_whole_at_one_size_of_nine_points_or_more():
    """Sixty-character accented names (ễ, ł, ř) print whole, on two lines at most, every one at
    the same size and none under 9 points, so the wall reads evenly from across the hall."""
    import pdfplumber

    from tests.hall_size import team_name

    event = make_event(slug="wall", tables=24)
    rows = [TeamRow(0, t, team_name(t), f"Zone {t % 9}", "", "", "", "") for t in range(1, 25)]
    rows[3] = TeamRow(0, 4, "Club Les As", "Zone 3", "", "", "", "")  # a short name, same size
    rows[4] = TeamRow(0, 5, LONGEST, "Zone 5", "", "", "", "")  # the longest a team may have
    teams_replace(event=event, rows=rows, actor=None)
    body = _final_standings(event, list(range(1, 25)))
    with pdfplumber.open(io.BytesIO(body)) as document:
        page = document.pages[0]
        name_chars = [
            c for c in page.chars if c["fontname"].endswith("DejaVuSans") and c["text"] in "Cl"
        ]
        sizes = {round(c["size"], 1) for c in name_chars if c["top"] > 120}
        text = page.extract_text()
    assert len(sizes) == 1 and min(sizes) >= 9, sizes
    assert "Club Les As" in text
    assert LONGEST.split()[-1] in text.replace("\n", "")
    for table in (1, 2, 3):
        first, second = team_name(table).rsplit(" n° ", 1)[0], f"n° {table:03d} de Saint"
        assert first.split("-")[0] in text and second in text and "…" not in text


@pytest.mark.django_db
def test_wall_standings_draw_no_advancing_line_through_a_tie():
    """Two teams advance; when places 2 and 3 are tied no line is drawn between them (their
    playoff is due), and once the places are apart the line sits under place 2."""
    event = make_event(slug="line", tables=6)

    def thick_lines(body):
        import pdfplumber

        with pdfplumber.open(io.BytesIO(body)) as document:
            page = document.pages[0]
            return [e for e in page.edges if e["orientation"] == "h" and e["linewidth"] >= 2]

    assert event.advancing == 2
    tied = read(_final_standings(event, [1, 2, 2, 4, 5, 6])).pages[0].extract_text()
    assert "playoff due" in tied
    assert thick_lines(_final_standings(event, [1, 2, 2, 4, 5, 6])) == []
    assert len(thick_lines(_final_standings(event, [1, 2, 3, 4, 5, 6]))) == 1
