"""Table cards read back from the PDF: table, team, and every hand's destinations."""

from __future__ import annotations

import io
import re
import subprocess

import pytest
from pypdf import PdfReader

from tournaments import pdf
from tournaments.formats.csv_files import TeamRow
from tournaments.services import event_create, teams_replace

ROW = re.compile(
    r"^(\d+) (?:(AB|XY) )?(\d+) (\d+) (?:\S )?(Hearts|Spades|Diamonds|Clubs|No trump|Cut)$",
    re.M,
)


def make_event(slug="cards", tables=16, hands_per_day=(30, 20), **options):
    event = event_create(
        name=f"Cards {slug}", slug=slug, tables=tables, hands_per_day=list(hands_per_day),
        **options,
    )  # fmt: skip
    rows = [
        TeamRow(0, t, f"Team {t}", "", f"Ann {t}", f"Bob {t}", f"Xena {t}", f"Yves {t}")
        for t in range(1, tables + 1)
    ]
    teams_replace(event=event, rows=rows, actor=None)
    return event


def pages_text(body: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(body))
    return ["\n".join(line.strip() for line in p.extract_text().splitlines()) for p in reader.pages]


def card_rows(text: str) -> dict[int, tuple[str | None, int, int]]:
    """{hand: (pair, goes to, visitors from)} as printed on one card."""
    return {int(h): (pair or None, int(to), int(fr)) for h, pair, to, fr, _ in ROW.findall(text)}


@pytest.mark.django_db
def test_every_card_lists_the_destinations_of_rotation_json(client):
    """Each of 16 cards names its table and team and, for all 50 hands, the rotation's moves."""
    event = make_event()
    rotation = client.get(f"/events/{event.slug}/rotation.json").json()
    pages = pages_text(pdf.render(event, pdf.PrintJob(what="cards")))
    assert len(pages) == 16
    for table, text in enumerate(pages, 1):
        assert f"TABLE\n{table}\n" in text
        assert f"Team {table}\n" in text
        rows = card_rows(text)
        assert sorted(rows) == list(range(1, 51))
        for hand in rotation["hands"]:
            goes_to = hand["moves"][str(table)]
            visitor = next(int(home) for home, host in hand["moves"].items() if host == table)
            assert rows[hand["hand"]] == (None, goes_to, visitor)


@pytest.mark.django_db
def test_card_names_the_players_with_their_pair_roles():
    """The card lists A and B as the travelling pair and X and Y as the home pair."""
    event = make_event(tables=2, hands_per_day=(30,))
    text = pages_text(pdf.render(event, pdf.PrintJob(what="cards", tables=(2,))))[0]
    assert "TRAVELLING PAIR\nA\nAnn 2\nB\nBob 2\nHOME PAIR (DEFENDS)\nX\nXena 2\nY\nYves 2" in text


@pytest.mark.django_db
def test_card_shows_the_travelling_pair_when_pairs_alternate():
    """With alternating pairs each hand on the card says whether AB or XY travels."""
    event = make_event(tables=4, hands_per_day=(30,), alternate_pairs=True)
    rows = card_rows(pages_text(pdf.render(event, pdf.PrintJob(what="cards", tables=(1,))))[0])
    assert [rows[h][0] for h in (1, 2, 3, 4)] == ["AB", "XY", "AB", "XY"]


@pytest.mark.django_db
def test_card_marks_day_and_session_breaks():
    """Bars start each session: two on day 1 and one on day 2 of the Provincial pattern."""
    event = make_event(tables=2)
    text = pages_text(pdf.render(event, pdf.PrintJob(what="cards", tables=(1,))))[0]
    assert "Day 1 · Session 1 · hands 1–15" in text
    assert "Day 1 · Session 2 · hands 16–30" in text
    assert "Day 2 · hands 31–50" in text


@pytest.mark.django_db
def test_a_subset_prints_only_those_tables():
    """Asking for tables 3 and 7 prints exactly two cards, for tables 3 and 7."""
    event = make_event()
    pages = pages_text(pdf.render(event, pdf.PrintJob(what="cards", tables=(7, 3))))
    assert [p.split("\n")[1] for p in pages] == ["3", "7"]


@pytest.mark.django_db
def test_fifty_hands_fit_on_one_card_on_letter_and_a4():
    """A 50-hand card is one page on Letter and on A4."""
    event = make_event(tables=2)
    for paper in ("letter", "a4"):
        body = pdf.render(event, pdf.PrintJob(what="cards", paper=paper))
        assert len(PdfReader(io.BytesIO(body)).pages) == 2


@pytest.mark.django_db
def test_a_card_too_long_for_one_page_continues_between_sessions():
    """90 hands in six sessions go on two pages, the break falling between sessions."""
    event = make_event(tables=2, hands_per_day=(45, 45), sessions_per_day=[3, 3])
    pages = pages_text(pdf.render(event, pdf.PrintJob(what="cards", tables=(1,))))
    assert len(pages) == 2
    first, second = card_rows(pages[0]), card_rows(pages[1])
    assert sorted(first) + sorted(second) == list(range(1, 91))
    assert max(first) % 15 == 0
    assert "TABLE\n1\n" in pages[1]


@pytest.mark.django_db
def test_the_qr_address_is_the_tables_public_page():
    """The address under the QR code is the table's public page on the given base address."""
    event = make_event(tables=2)
    job = pdf.PrintJob(what="cards", tables=(2,), base_url="https://whist.example.org/")
    text = pages_text(pdf.render(event, job))[0].replace("\n", "")
    assert "https://whist.example.org/events/cards/tables/2/" in text


@pytest.mark.django_db
def test_page_counts_for_2_16_and_250_tables():
    """One card per table: 2, 16 and 250 pages."""
    for tables in (2, 16, 250):
        event = make_event(slug=f"t{tables}", tables=tables)
        body = pdf.render(event, pdf.PrintJob(what="cards"))
        assert len(PdfReader(io.BytesIO(body)).pages) == tables


@pytest.mark.django_db
def test_a_phones_camera_reads_the_tables_qr_code(tmp_path):
    """The QR code printed on table 2's card, photographed as a phone would (the page as a
    picture, read by zbar), opens table 2's public page."""
    event = make_event(tables=2)
    job = pdf.PrintJob(what="cards", tables=(2,), base_url="https://whist.example.org/")
    (tmp_path / "card.pdf").write_bytes(pdf.render(event, job))
    subprocess.run(  # noqa: S603 - Debian's poppler-utils
        ["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", "card.pdf", "card"],  # noqa: S607
        cwd=tmp_path,
        check=True,
    )
    read = subprocess.run(  # noqa: S603 - Debian's zbar-tools
        ["zbarimg", "--quiet", "--raw", *map(str, tmp_path.glob("card*.png"))],  # noqa: S607
        capture_output=True,
        text=True,
        check=True,
    )
    assert "https://whist.example.org/events/cards/tables/2/" in read.stdout.split()
