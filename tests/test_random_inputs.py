"""Whatever reaches an upload or a JSON endpoint (random bytes, any line endings, any encoding,
values of any size, JSON of any depth), the server answers without a server error, and a refused
input writes nothing. Run on SQLite and on PostgreSQL (.ci/run), as every test that reaches the
database is.

The practice room's JSON endpoints are here too: a refused request leaves the browser's deals
as they were.
"""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from practice.views.tables import SESSION_KEY
from tests.practice.tabs import Tab
from tournaments import snapshot
from tournaments.models import AuditEntry, Event, HandResult, TableSubmission, Team
from tournaments.services.table_entry import table_tokens_issue

from .leader_helpers import make_event, make_user, new_event_body

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-32", "cp1252", "mac_roman"]
ENDINGS = ["\n", "\r", "\r\n", "\n\r", "\u2028", "\x0c", ""]
TEAMS = "table,team,zone,player_a,player_b,player_x,player_y"
RESULTS = "hand,table,visitor_tricks,visitor_revokes,host_revokes"
SIZES = [0, 1, 80, 1001, 131_073, 200_000]


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
)


@st.composite
def csv_bytes(draw, header: str) -> bytes:
    """A CSV file as a spreadsheet might save it, or not at all."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=2048))
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
    """No server error; unless the input was accepted (``done``), nothing changed."""
    assert response.status_code < 500
    if not done:
        assert written() == before


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


@FUZZ
@given(data=st.data())
def test_any_damaged_archive_is_refused_and_restores_nothing(client, archive_text, data):
    """Random bytes, JSON of any shape and depth, and real archives cut short, nested too deep
    or holding a number too large: the restore page refuses each, without a server error."""
    raw = data.draw(
        st.one_of(
            st.binary(max_size=2048),
            json_values.map(lambda v: json.dumps(v, allow_nan=True).encode()),
            damaged_archive(archive_text).map(str.encode),
        )
    )
    before = written()
    url = reverse("tournaments:event_restore")
    response = client.post(url, {"archive": upload(raw, "archive.json")})
    refused_or_done(response, before, done=False)


entry_keys = st.sampled_from(["id", "hand", "tricks", "visitor_revokes", "host_revokes", "x"])


@FUZZ
@given(
    body=st.one_of(
        st.binary(max_size=1024),
        bombs.map(str.encode),
        st.dictionaries(entry_keys, json_values | bombs.map(lambda b: b), max_size=6).map(
            lambda d: json.dumps(d, allow_nan=True).encode()
        ),
    )
)
def test_any_body_a_phone_sends_is_answered_and_a_refused_one_changes_nothing(client, leader, body):
    """A table's entry address given random bytes, JSON bombs or entries with values of any
    type and size: no server error; unless saved, nothing changes."""
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
    type and size: no server error; unless answered 200, the browser's deals are unchanged."""
    before = practice_client.session.get(SESSION_KEY)
    response = practice_client.post(url, body, content_type="application/json")
    assert response.status_code < 500
    if response.status_code != 200:
        assert practice_client.session.get(SESSION_KEY) == before
