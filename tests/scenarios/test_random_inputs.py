"""Whatever reaches an upload or a JSON endpoint (random bytes, any line endings, any encoding,
values of any size, digits of any script, JSON of any depth, files over their bound), the
server answers without a server error, a refused input writes nothing, and its answer is at
most 64 KB (no refused value comes back whole). Run on SQLite and on PostgreSQL (.ci/run), as
every test that reaches the database is.

The practice room's JSON endpoints are here too: a refused request leaves the browser's deals
as they were.
"""

from __future__ import annotations

import io
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from practice.views.tables import SESSION_KEY
from tests.leader_helpers import make_event, make_user, new_event_body
from tests.practice.tabs import Tab
from tournaments import snapshot
from tournaments.archive.reading import ARCHIVE_MAX
from tournaments.formats.csv_files import UPLOAD_MAX
from tournaments.models import AuditEntry, Event, HandResult, TableSubmission, Team
from tournaments.services.table_entry import table_tokens_issue

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
ENCODINGS = [
    *("utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-be"),
    *("cp1252", "mac_roman", "latin-1", "cp1250", "cp437", "koi8-r", "shift_jis", "gb18030"),
]
ENDINGS = ["\n", "\r", "\r\n", "\n\r", "\u2028", "\x0c", ""]
TEAMS = "table,team,zone,player_a,player_b,player_x,player_y"
RESULTS = "hand,table,visitor_tricks,visitor_revokes,host_revokes"
SIZES = [0, 1, 80, 1001, 131_073, 200_000]
# Digits a spreadsheet, a phone's keyboard or a copy from a web page may give.
ODD_DIGITS = [
    *("٣", "१२", "１２", "³", "Ⅶ", "⑦", "7\u200b", "\u200b7", "7\u00a0", " 7 ", "+7", "-0"),
    *("07", "7.0", "7,0", "1e1", "0x7", "1_0", "7" * 40, "-" + "9" * 4301, "٣" * 5000),
]
ANSWER_MAX = 64 * 1024  # bytes: the longest answer to any refused input


def written() -> tuple:
    """What a write would change: every record a refused input must leave as it was."""
    return (
        Event.objects.count(),
        sum(Event.objects.values_list("revision", flat=True)),
        Team.objects.count(),
        HandResult.objects.count(),
        AuditEntry.objects.count(),
        TableSubmission.objects.count(),
    )


cells = st.one_of(
    st.text(max_size=12),
    st.sampled_from(['"', '""', '"a,b"', "1", "0", "-1", "13", "14", "99999999999", "1e400", "A"]),
    st.sampled_from(SIZES).map(lambda n: "x" * n),
    st.sampled_from(ODD_DIGITS),
)
# A file over its bound: a spreadsheet's whole workbook, a photo, a database.
oversized = st.sampled_from([UPLOAD_MAX + 1, 3 * UPLOAD_MAX]).map(
    lambda n: b"1,2,3\n" * (n // 6 + 1)
)


@st.composite
def csv_bytes(draw, header: str) -> bytes:
    """A CSV file as a spreadsheet might save it, or not at all, or far over its bound."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=2048) | oversized)
    first = draw(st.sampled_from([header, header.replace(",", ";"), header.upper(), ""]))
    delimiter = draw(st.sampled_from([",", ";", "\t", "|"]))
    lines = [first] + [
        delimiter.join(draw(st.lists(cells, max_size=9))) for _ in range(draw(st.integers(0, 6)))
    ]
    text = "".join(line + draw(st.sampled_from(ENDINGS)) for line in lines)
    if draw(st.booleans()):
        text = "\ufeff" + text
    return text.encode(draw(st.sampled_from(ENCODINGS)), errors="replace")


def as_text(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace")


def upload(raw: bytes, name: str = "file.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, raw, content_type="text/csv")


def refused_or_done(response, before: tuple, done: bool) -> None:
    """No server error; unless the input was accepted (``done``), nothing changed and the
    answer is at most 64 KB."""
    assert response.status_code < 500
    if not done:
        assert written() == before
        assert len(response.content) <= ANSWER_MAX


@pytest.fixture
def leader(client):
    event = make_event("fuzz", tables=4)
    client.force_login(make_user("lead", event, is_staff=True))
    client.raise_request_exception = False  # a server error is an answer the test sees
    return event


@FUZZ
@given(raw=csv_bytes(TEAMS), pasted=st.booleans())
def test_any_teams_file_or_paste_is_answered_and_a_refused_one_changes_nothing(
    client, leader, raw, pasted
):
    """Random bytes and CSV-like text in any encoding and line ending, uploaded or pasted, on
    the teams page with "Import": no server error, and nothing changes unless imported."""
    before = written()
    body = {"csv_text": as_text(raw)} if pasted else {"csv_file": upload(raw)}
    url = reverse("tournaments:teams", args=[leader.slug])
    response = client.post(url, {**body, "action": "import"})
    refused_or_done(response, before, response.status_code == 302)


@FUZZ
@given(raw=csv_bytes(RESULTS), pasted=st.booleans())
def test_any_results_file_or_paste_is_answered_and_a_refused_one_changes_nothing(
    client, leader, raw, pasted
):
    """The same on the results import page: no server error; refused means unchanged."""
    before = written()
    body = {"csv_text": as_text(raw)} if pasted else {"csv_file": upload(raw)}
    url = reverse("tournaments:results_import", args=[leader.slug])
    response = client.post(url, {**body, "action": "import"})
    refused_or_done(response, before, response.status_code == 302)


@FUZZ
@given(raw=csv_bytes("hand,1,2,3,4"))
def test_any_rotation_file_on_the_new_event_page_is_answered(client, leader, raw):
    """The new-event page's own rotation file: no server error; refused means no event."""
    before = written()
    body = new_event_body(
        name="Fuzz club", slug="fuzz-club", hands_per_day="3", pattern_file=upload(raw)
    )
    response = client.post(reverse("tournaments:event_new"), body)
    created = response.status_code == 302
    refused_or_done(response, before, created)
    Event.objects.filter(slug="fuzz-club").delete()


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)
bombs = st.sampled_from(
    [
        "[" * 5000 + "]" * 5000,
        "{" * 100_000,
        '{"a":' * 30 + "1" + "}" * 30,
        "1e400",
        "-1e400",
        "9" * 5000,
        "NaN",
        "Infinity",
        '"' + "\\" * 1001,
        '"\\ud800"',
    ]
)


@st.composite
def damaged_archive(draw, text: str) -> str:
    """A real archive, cut short, nested too deep, or with a number too large."""
    how = draw(st.sampled_from(["cut", "deep", "number", "bomb"]))
    if how == "cut":
        return text[: draw(st.integers(0, len(text) - 3))]
    if how == "bomb":
        return draw(bombs)
    archive = json.loads(text)
    archive["audit"][0]["after"] = "MARK"
    depth = draw(st.integers(21, 3000))
    value = (
        "[" * depth + "]" * depth if how == "deep" else draw(st.sampled_from(["1e400", "9" * 40]))
    )
    return json.dumps(archive).replace('"MARK"', value)


@pytest.fixture
def archive_text(leader):
    """A real archive whose event is no longer here, so a whole one would be restored."""
    source = make_event("gone", tables=4)
    text = snapshot.archive_text(source)
    source.delete()
    return text


# Files that are not archives at all, chosen by mistake: a photo, a spreadsheet, zeros, text.
not_archives = st.sampled_from(
    [
        b"\x89PNG\r\n\x1a\n" + bytes(3000),
        b"\xff\xd8\xff\xe0\x00\x10JFIF",
        b"PK\x03\x04" + bytes(500),
        bytes(5000),
        b"%PDF-1.7\n",
        b"table,team,zone\n1,A,Z\n",
        "{ « archive » }".encode("utf-16"),
        b"\xef\xbb\xbf" + b" " * 2000 + b"{",
    ]
)
# Files over the bound, refused from their size whatever they hold.
huge_archives = st.sampled_from([ARCHIVE_MAX + 1, ARCHIVE_MAX + 4096]).map(
    lambda n: b"{" + b" " * (n - 1)
)


@st.composite
def archive_files(draw, text: str) -> bytes:
    """Anything chosen as an archive: random bytes, JSON of any shape, a real archive
    damaged, a file that is not an archive, a file over the bound."""
    return draw(
        st.one_of(
            st.binary(max_size=2048),
            json_values.map(lambda v: json.dumps(v, allow_nan=True).encode()),
            damaged_archive(text).map(lambda t: t.encode(draw(st.sampled_from(ENCODINGS)))),
            not_archives,
            huge_archives,
        )
    )


@FUZZ
@given(data=st.data())
def test_any_damaged_archive_is_refused_and_restores_nothing(client, archive_text, data):
    """Random bytes, JSON of any shape and depth, real archives cut short, nested too deep,
    holding a number too large or written in another encoding, pictures and zeros, files over
    the bound: the restore page refuses each in a short answer, without a server error."""
    raw = data.draw(archive_files(archive_text))
    before = written()
    url = reverse("tournaments:event_restore")
    response = client.post(url, {"archive": upload(raw, "archive.json")})
    refused_or_done(response, before, done=False)


@FUZZ
@given(data=st.data())
def test_any_damaged_archive_file_is_refused_by_import_event(archive_text, tmp_path, data):
    """The same files given to ``import_event``: each is refused with a short message and
    nothing is imported."""
    path = tmp_path / "archive.json"
    path.write_bytes(data.draw(archive_files(archive_text)))
    before = written()
    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(path), stdout=io.StringIO())
    assert written() == before and len(str(refused.value)) <= ANSWER_MAX


long_values = st.one_of(
    st.sampled_from(ODD_DIGITS),
    st.sampled_from([1_000, 200_000, 2_300_000]).map(lambda n: "7" * n),
    st.sampled_from([1_000, 200_000]).map(lambda n: [7] * n),
)
# Every leader's page that takes a form, with the arguments after the event's short name.
FORM_PAGES = [
    ("event_new", None),
    ("event_restore", None),
    ("setup", ()),
    ("teams", ()),
    ("results_import", ()),
    ("tables_assign", ()),
    ("people", ()),
    ("hand_grid", (1,)),
    ("hand_trump", (1,)),
    ("close_day", (1,)),
    ("playoffs", ()),
    ("event_delete", ()),
    ("event_links", ()),
    ("club_matches", ()),
    ("table_links", ()),
    ("entry_slips", ()),
]
# Pages that take a POST only: their form is on another page.
FORM_ON = {"hand_trump": "hand_grid", "entry_slips": "print"}
_FIELD = re.compile(r'<(?:input|select|textarea|button)\b[^>]*\bname="([^"]+)"')
_BUTTON = re.compile(r'<button\b[^>]*\bname="([^"]+)"[^>]*\bvalue="([^"]*)"')
form_values = st.one_of(
    cells,
    st.sampled_from([1_000, 200_000, 1_000_000]).map(lambda n: "N" * n),
    st.sampled_from(["on", "1", "H", "C", "NT", "CUT", "provincial", "lead", "2026-05-02"]),
)


@pytest.mark.parametrize(("name", "args"), FORM_PAGES, ids=[p for p, _ in FORM_PAGES])
@settings(FUZZ, max_examples=15)  # fourteen pages: 210 posts in all
@given(data=st.data())
def test_any_form_of_a_leaders_page_given_oversized_values_is_answered_short(
    client, leader, name, args, data
):
    """Each form of the leader's pages, every field given values of any size (a million
    characters), odd digits or random text, with or without the page's own buttons: no server
    error, and unless accepted (or, on the grid, some rows saved) nothing changes and the
    answer is at most 64 KB."""

    def address(page: str) -> str:
        return reverse(f"tournaments:{page}", args=None if args is None else [leader.slug, *args])

    url = address(name)
    page = client.get(address(FORM_ON.get(name, name))).content.decode()
    body = {field: data.draw(form_values) for field in set(_FIELD.findall(page))}
    if data.draw(st.booleans()):
        button, value = data.draw(st.sampled_from(_BUTTON.findall(page) or [("action", "")]))
        body[button] = value
    body.pop("csrfmiddlewaretoken", None)
    before = written()
    response = client.post(url, body)
    # The hand's grid saves its good rows and names the others on the same page; entry slips
    # give their addresses to tables without one and answer with the PDF.
    saved = (
        response.status_code == 302
        or b'<li class="success">' in response.content
        or response.get("Content-Type") == "application/pdf"
    )
    refused_or_done(response, before, saved)


entry_keys = st.sampled_from(["id", "hand", "tricks", "visitor_revokes", "host_revokes", "x"])


@FUZZ
@given(
    body=st.one_of(
        st.binary(max_size=1024),
        bombs.map(str.encode),
        st.dictionaries(entry_keys, json_values | bombs | long_values, max_size=6).map(
            lambda d: json.dumps(d, allow_nan=True).encode()
        ),
    )
)
def test_any_body_a_phone_sends_is_answered_and_a_refused_one_changes_nothing(client, leader, body):
    """A table's entry address given random bytes, JSON bombs or entries with values of any
    type and size (megabytes of tricks, digits of any script): no server error; unless saved,
    nothing changes and the answer is short."""
    tokens = table_tokens_issue(event=leader, actor=None, tables=[1])
    before = written()
    url = reverse("tournaments:table_entry", args=[tokens[1]])
    response = client.post(url, body, content_type="application/json")
    saved = response.status_code == 200 and response.json().get("saved") is True
    refused_or_done(response, before, saved)


PRACTICE_POSTS = [
    "/practice/api/start/",
    "/practice/api/play/",
    "/practice/api/undo/",
    "/practice/api/hint/",
    "/practice/militac/api/start/",
    "/practice/militac/api/move/",
    "/practice/militaire/api/start/",
    "/practice/militaire/api/move/",
]
PRACTICE_DEAL = 3
practice_values = (
    json_values
    | bombs
    | long_values
    | st.sampled_from(
        [PRACTICE_DEAL, str(PRACTICE_DEAL), 0, "AS", "pass", "draw", "basic", "army", "3", "H"]
    )
)
# Mostly the deal in play, so that the other values reach the game's options and moves.
practice_requests = st.fixed_dictionaries(
    {"deal": st.sampled_from([PRACTICE_DEAL, PRACTICE_DEAL, str(PRACTICE_DEAL)]) | practice_values},
    optional={
        name: practice_values
        for name in ("after", "resume", "card", "move", "trump", "pack", "players", "level", "x")
    },
)


@pytest.fixture
def practice_client(client):
    """A browser with a deal of each game in play (deal 3, the basic computers)."""
    client.raise_request_exception = False
    for game in ("whist", "militac", "militaire"):
        Tab(client, game, PRACTICE_DEAL).start()
    return client


@FUZZ
@given(
    url=st.sampled_from(PRACTICE_POSTS),
    body=st.one_of(
        st.binary(max_size=1024),
        bombs.map(str.encode),
        practice_requests.map(lambda d: json.dumps(d, allow_nan=True).encode()),
    ),
)
def test_any_body_a_practice_table_is_sent_is_answered_and_a_refused_one_changes_nothing(
    practice_client, url, body
):
    """Every practice table's POST address (whist's start, play, undo and hint; Militac's and
    Militaire's start and move) given random bytes, JSON bombs or requests with values of any
    type and size: no server error; unless answered 200, the browser's deals are unchanged
    and the answer is short."""
    before = practice_client.session.get(SESSION_KEY)
    response = practice_client.post(url, body, content_type="application/json")
    assert response.status_code < 500
    if response.status_code != 200:
        assert practice_client.session.get(SESSION_KEY) == before
        assert len(response.content) <= ANSWER_MAX
