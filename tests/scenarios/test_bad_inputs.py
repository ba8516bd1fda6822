"""Every bad input a hall meets gets a message in the reader's language and changes nothing:
files from Excel for Mac, a phone sending nonsense, archives nested too deep, tables without a
team, a closed day's results imported again. Never a server error, never a traceback."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from tests import servers
from tests.content_policy import POLICY, directives
from tests.leader_helpers import make_event, make_user, new_event_body, play
from tournaments import snapshot
from tournaments.formats.csv_files import TeamRow
from tournaments.models import AuditEntry, Event, HandResult, Team
from tournaments.services import ResultEntry, results_record, teams_replace
from tournaments.services.table_entry import table_tokens_issue

pytestmark = pytest.mark.django_db

TEAMS_HEADER = "table,team,zone,player_a,player_b,player_x,player_y"
MAC_TEAMS = f"{TEAMS_HEADER}\r1,A,,a,b,x,y\r2,B,,c,d,e,f\r"


def upload(name: str, text: str | bytes) -> SimpleUploadedFile:
    raw = text.encode("utf-8") if isinstance(text, str) else text
    return SimpleUploadedFile(name, raw, content_type="text/csv")


@pytest.fixture
def leader(client):
    event = make_event("mac", tables=4)
    client.force_login(make_user("lead", event, is_staff=True))
    return event


# ---------------------------------------------------------------- CSV from Excel for Mac


def test_a_teams_file_saved_as_csv_macintosh_is_read(client, leader):
    """A teams file with CR-only line endings (Excel for Mac's "CSV (Macintosh)") previews
    its two teams instead of a server error."""
    url = reverse("tournaments:teams", args=[leader.slug])
    response = client.post(url, {"csv_file": upload("mac.csv", MAC_TEAMS)})
    assert response.status_code == 200
    assert response.context["ready"] == 2


def test_teams_pasted_from_excel_for_mac_are_read(client, leader):
    """Pasted text with CR-only line endings is read line by line too."""
    url = reverse("tournaments:teams", args=[leader.slug])
    response = client.post(url, {"csv_text": MAC_TEAMS})
    assert response.status_code == 200 and response.context["ready"] == 2


def test_a_results_file_saved_as_csv_macintosh_is_read(client, leader):
    """The results upload reads CR-only line endings."""
    url = reverse("tournaments:results_import", args=[leader.slug])
    text = "hand,table,visitor_tricks\r1,1,8\r1,2,9\r"
    response = client.post(url, {"csv_file": upload("mac.csv", text)})
    assert response.status_code == 200 and response.context["ready"] == 2


def test_a_rotation_file_saved_as_csv_macintosh_creates_the_event(client, leader):
    """The new-event page's own rotation file may have CR-only line endings."""
    rows = "\r".join(f"{h},2,1" for h in range(1, 3))
    body = new_event_body(
        name="Mac club", slug="mac-club", tables="2", hands_per_day="2",
        pattern_file=upload("rotation.csv", f"hand,1,2\r{rows}\r"),
    )  # fmt: skip
    response = client.post(reverse("tournaments:event_new"), body)
    assert response.status_code == 302
    assert Event.objects.get(slug="mac-club").hands.count() == 2


def test_import_teams_reads_a_csv_macintosh_file(tmp_path):
    """import_teams reads CR-only line endings and imports the teams."""
    event = make_event("mac-cli", tables=2)
    path = tmp_path / "mac.csv"
    path.write_bytes(MAC_TEAMS.encode())
    call_command("import_teams", event.slug, str(path), stdout=io.StringIO())
    assert sorted(Team.objects.filter(event=event).values_list("name", flat=True)) == ["A", "B"]


def test_a_name_longer_than_any_real_one_is_refused_on_its_line(client, leader):
    """A CSV value of 200,000 characters (under the 512 KB limit) is refused naming line 2."""
    url = reverse("tournaments:teams", args=[leader.slug])
    text = f"{TEAMS_HEADER}\n1,{'A' * 200_000},,a,b,x,y\n"
    response = client.post(url, {"csv_file": upload("long.csv", text)})
    assert response.status_code == 200
    assert "line 2" in response.context["problems"][0]
    assert not Team.objects.filter(event=leader, name__startswith="AAAA").exists()


# ---------------------------------------------------------------- a table without a team


def gap_event(slug: str = "gap") -> Event:
    """3 tables with teams at 1 and 2 only (a short teams file), hand 1 played: 2,10 / 1,7 /
    3,0, so tables 1 and 3 are tied."""
    event = make_event(slug, tables=3, hands_per_day=(1,))
    rows = [TeamRow(0, t, f"Team {t}", "Zone 1", "a", "b", "x", "y") for t in (1, 2)]
    teams_replace(event=event, rows=rows, actor=None)
    entries = [ResultEntry(1, 2, 10), ResultEntry(1, 1, 7), ResultEntry(1, 3, 0)]
    results_record(event=event, entries=entries, actor=None)
    return event


def decide_playoff(client, event: Event) -> None:
    group = snapshot.playoffs(event).groups[0]
    first, second = group.tied.tables
    client.force_login(make_user("lead", event))
    url = reverse("tournaments:playoffs", args=[event.slug])
    cuts = {f"cut_{first}A": "2C", f"cut_{first}B": "3C", f"cut_{second}A": "4C"}
    data = {"rank": group.tied.rank, "action": "hand", "match": 1, "first_table": first}
    data |= {"second_table": second, "first_tricks": "9", "seen": 0, "trump_cut": "QH"}
    client.post(url, {**data, **cuts, f"cut_{second}B": "KD"})
    event.refresh_from_db()
    assert snapshot.playoffs(event).groups[0].places


def test_the_playoffs_page_names_a_decided_table_without_a_team(client):
    """3 tables, teams for 1 and 2 only: once the playoff between tables 1 and 3 is decided,
    the public playoffs page shows table 3 as "no team" instead of a server error."""
    event = gap_event()
    decide_playoff(client, event)
    client.logout()
    response = client.get(reverse("tournaments:playoffs", args=[event.slug]))
    assert response.status_code == 200
    assert "no team" in response.content.decode()


PAGES = [
    ("event", {}),
    ("standings", {}),
    ("standings_json", {}),
    ("standings_csv", {}),
    ("rotation", {}),
    ("projector", {}),
    ("movement_projector", {}),
    ("hall_map", {}),
    ("table", {"number": 3}),
    ("table", {"number": 1}),
    ("hand_grid", {"number": 1}),
    ("close_day", {"day": 1}),
    ("print", {}),
    ("standings_pdf", {}),
    ("setup", {}),
    ("tables_assign", {}),
    ("table_links", {}),
]


@pytest.mark.parametrize(("name", "extra"), PAGES)
def test_every_page_of_an_event_with_a_table_without_a_team_answers(client, name, extra):
    """With table 3 left without a team and its playoff decided, every page that lists teams
    answers the leader."""
    event = gap_event()
    decide_playoff(client, event)
    response = client.get(reverse(f"tournaments:{name}", kwargs={"slug": event.slug, **extra}))
    assert response.status_code == 200


@pytest.mark.parametrize("table", [1, 2, 3])
def test_a_tables_entry_page_answers_when_a_table_has_no_team(client, table):
    """Each table's phone entry page answers, whether the table or its visitors have no team."""
    event = gap_event()
    tokens = table_tokens_issue(event=event, actor=None)
    response = client.get(reverse("tournaments:table_entry", args=[tokens[table]]))
    assert response.status_code == 200


@pytest.mark.parametrize("what", ["cards", "rotation", "slips", "counts", "standings"])
def test_every_printout_of_an_event_with_a_table_without_a_team_prints(client, what):
    """Table cards, rotation, slips, count sheets and standings print with table 3 empty."""
    event = gap_event()
    client.force_login(make_user("lead", event))
    url = reverse("tournaments:print_pdf", args=[event.slug])
    response = client.get(url, {"what": what, "paper": "letter"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_the_next_level_refuses_an_advancing_table_without_a_team(client):
    """create_next_level names the advancing table that has no team and creates nothing,
    instead of reporting one advancing team fewer."""
    event = gap_event("gap-area")
    decide_playoff(client, event)
    assert 3 in snapshot.advancing_tables(event)
    other = make_event("full-area", tables=2, hands_per_day=(1,))
    results_record(event=other, entries=[ResultEntry(1, 1, 9), ResultEntry(1, 2, 3)], actor=None)
    with pytest.raises(CommandError, match="advancing table 3 has no team"):
        call_command(
            "create_next_level",
            "--name=Zone",
            "--slug=zone",
            "--from=gap-area,full-area",
            "--level=zone",
            "--hands-per-day=30",
            stdout=io.StringIO(),
        )
    assert not Event.objects.filter(slug="zone").exists()


# ---------------------------------------------------------------- a phone sending nonsense


@pytest.fixture
def phone():
    event = make_event("phone", tables=4)
    return event, table_tokens_issue(event=event, actor=None)


def entry_post(client, token, body: str):
    url = reverse("tournaments:table_entry", args=[token])
    return client.post(url, body, content_type="application/json")


def test_a_phone_sending_a_hand_number_too_large_for_any_computer_is_refused(client, phone):
    """{"hand": 1e400} gets "reload the page", not a server error; nothing is recorded."""
    event, tokens = phone
    answer = entry_post(client, tokens[1], '{"id":"x","hand":1e400,"tricks":8}')
    assert answer.status_code == 400 and "reload the page" in answer.json()["error"]
    assert not HandResult.objects.filter(event=event).exists()


def test_a_phone_sending_infinity_is_refused(client, phone):
    """{"hand": Infinity} (JavaScript's word, not JSON's) is refused with a message."""
    _, tokens = phone
    answer = entry_post(client, tokens[1], '{"id":"x","hand":Infinity,"tricks":8}')
    assert answer.status_code == 400 and "reload the page" in answer.json()["error"]


def test_a_phone_sending_5000_nested_arrays_is_refused(client, phone):
    """A body nested 5,000 arrays deep is refused with a message before it is parsed."""
    _, tokens = phone
    answer = entry_post(client, tokens[1], "[" * 5000 + "]" * 5000)
    assert answer.status_code == 400 and "reload the page" in answer.json()["error"]


# ---------------------------------------------------------------- archives


def test_an_archive_nested_1000_levels_deep_is_refused_on_the_restore_page(client):
    """A restored archive whose audit[0].after nests 1,000 lists is refused with a message
    and restores nothing."""
    event = make_event("deep", tables=4)
    archive = json.loads(snapshot.archive_text(event))
    Event.objects.all().delete()
    archive["audit"][0]["after"] = "deep"
    text = json.dumps(archive).replace('"deep"', "[" * 1000 + "]" * 1000)
    client.force_login(make_user("boss", is_staff=True))
    response = client.post(
        reverse("tournaments:event_restore"), {"archive": upload("deep.json", text)}
    )
    assert response.status_code == 200
    assert "nested" in str(response.context["form"].errors["archive"])
    assert not Event.objects.exists()


def test_import_event_into_a_data_folder_never_set_up_says_so(tmp_path):
    """import_event into a data folder nobody migrated says, in one line, to set it up first,
    not that the (good) archive is damaged."""
    event = make_event("fresh", tables=4)
    path = tmp_path / "fresh.json"
    path.write_text(snapshot.archive_text(event), encoding="utf-8")
    env = servers.environment(tmp_path / "new-laptop")
    env.pop("DATABASE_URL", None)
    run = subprocess.run(  # noqa: S603 - our own interpreter and manage.py
        [sys.executable, "manage.py", "import_event", str(path)],
        cwd=servers.ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "damaged" not in run.stderr and "manage.py migrate" in run.stderr


# ---------------------------------------------------------------- a closed day's results again


def cumulative_sheet(tricks: dict[tuple[int, int], int] | None = None) -> str:
    rows = [
        f"{hand},{table},{(tricks or {}).get((hand, table), 8)}"
        for hand in range(1, 31)
        for table in range(1, 5)
    ]
    return "hand,table,visitor_tricks\n" + "\n".join(rows) + "\n"


def test_a_cumulative_results_sheet_imported_again_after_the_close_is_accepted(client, closed):
    """The day's results sheet imported again, unchanged, after the close: "0 new or
    changed", and nothing is written."""
    client.force_login(make_user("lead", closed))
    url = reverse("tournaments:results_import", args=[closed.slug])
    audited = AuditEntry.objects.count()
    response = client.post(url, {"csv_text": cumulative_sheet(), "action": "import"}, follow=True)
    assert "120 results imported (0 new or changed)" in response.content.decode()
    assert AuditEntry.objects.count() == audited


def test_a_changed_row_of_a_closed_day_is_refused_naming_each_change(tmp_path, closed):
    """The sheet with two results changed after the close is refused naming both, and nothing
    changes."""
    path = tmp_path / "sheet.csv"
    path.write_text(cumulative_sheet({(4, 1): 12, (9, 3): 2}), encoding="utf-8")
    with pytest.raises(CommandError, match="hand 4 table 1, hand 9 table 3"):
        call_command("import_results", closed.slug, str(path))
    assert HandResult.objects.get(event=closed, hand__number=4, host_table=1).visitor_tricks == 8


def test_import_results_reads_a_utf16_file(tmp_path):
    """A results file saved as UTF-16 ("Unicode text" in Excel) is read, as the pages read it."""
    event = make_event("utf16", tables=4)
    path = tmp_path / "results.csv"
    path.write_bytes("hand,table,visitor_tricks\r\n1,1,9\r\n".encode("utf-16"))
    call_command("import_results", event.slug, str(path), stdout=io.StringIO())
    assert HandResult.objects.get(event=event, hand__number=1, host_table=1).visitor_tricks == 9


# ---------------------------------------------------------------- playoffs


def test_a_new_draw_after_playoff_hands_are_played_is_refused_with_a_message(client):
    """Posting a draw for a three-team tie whose first hand is recorded answers 400 with the
    reason on the page, and the draw stays."""
    from tests.tournaments.services.test_playoffs import finished
    from tests.tournaments.services.test_playoffs import hand as playoff_hand
    from tournaments.services.playoffs import playoff_draw_record

    event = finished(3)
    playoff_draw_record(event=event, rank=1, actor=None, seed=7)
    event.refresh_from_db()
    first, second = snapshot.playoffs(event).groups[0].resolution.next.tables
    playoff_hand(event, 1, 1, first, second)
    client.force_login(make_user("lead", event))
    data = {"rank": 1, "action": "draw", "card_1": "KH", "card_2": "QS", "card_3": "2D"}
    response = client.post(reverse("tournaments:playoffs", args=[event.slug]), data)
    assert response.status_code == 400
    assert "the draw can no longer change" in response.content.decode()
    event.refresh_from_db()
    assert snapshot.playoffs(event).groups[0].draw_seed == 7


# ---------------------------------------------------------------- the backup notice


def test_right_after_a_save_the_backup_notice_does_not_warn(
    client, settings, tmp_path, monkeypatch
):
    """A hand saved on an event never backed up: while its first backup is due within the
    normal delay, the leader's page says it is coming, not to check the backups folder."""
    from tournaments.publishing import backups

    settings.BACKUP_DIR = tmp_path / "backups"
    writer = backups._Writer()
    writer.thread = type("Alive", (), {"is_alive": lambda self: True})()  # it never writes
    monkeypatch.setattr(backups, "writer", writer)
    event = make_event("notice", tables=4)
    play(event, [1])  # the save asks the writer for a backup once it is committed
    writer.request(event.pk)
    client.force_login(make_user("lead", event))
    page = client.get(reverse("tournaments:hands", args=[event.slug])).content.decode()
    assert "written within seconds" in page
    assert "check the backups folder" not in page and 'role="alert"' not in page


def test_the_room_reads_when_the_last_backup_was_made_but_not_where(client, settings, tmp_path):
    """The hall page on the projector says "Backed up just now" and never shows the folder;
    the leader's pages show both."""
    from tournaments.publishing import backups

    settings.BACKUP_DIR = tmp_path / "secret-stick"
    event = make_event("room", tables=4)
    path = backups.write_backup(event)
    hall = client.get(reverse("tournaments:hall")).content.decode()
    assert "Backed up just now" in hall and "secret-stick" not in hall
    client.force_login(make_user("lead", event))
    page = client.get(reverse("tournaments:hands", args=[event.slug])).content.decode()
    assert "Backed up just now" in page and str(path) in page


# ---------------------------------------------------------------- doors ajar, consoles


@pytest.mark.parametrize("path", ["/", "/hall/", "/accounts/login/", "/static/css/whist.css"])
def test_every_answer_refuses_the_camera_microphone_and_location(client, path):
    """Pages and static files carry a Permissions-Policy that allows no camera, microphone or
    location to any page."""
    policy = client.get(path).headers["Permissions-Policy"]
    assert {"camera=()", "microphone=()", "geolocation=()"} <= set(policy.split(", "))


@pytest.mark.parametrize("path", ["/", "/hall/", "/accounts/login/", "/static/css/whist.css"])
def test_every_answer_runs_only_the_apps_own_files(client, path):
    """Pages and static files carry a Content-Security-Policy that allows only the app's own
    scripts, styles and images, no plugin, and no framing by another site."""
    assert directives(client.get(path).headers["Content-Security-Policy"]) == POLICY


INLINE_CODE = re.compile(
    r"\sstyle\s*=|\son[a-z]+\s*=|<style|<script(?![^>]*\ssrc=)|javascript:", re.IGNORECASE
)
# In a script, the same in the markup it writes (a line with a tag), and the attributes it sets.
SCRIPT_MARKUP = re.compile(r"<[a-z]", re.IGNORECASE)
SCRIPT_ATTRIBUTE = re.compile(r"setAttribute\(\s*[\"'](style|on[a-z]+)[\"']", re.IGNORECASE)


def inline_code(path: Path, line: str) -> bool:
    if path.suffix != ".js":
        return bool(INLINE_CODE.search(line))
    written = SCRIPT_MARKUP.search(line) and INLINE_CODE.search(line)
    return bool(written or SCRIPT_ATTRIBUTE.search(line))


def test_no_template_or_script_writes_inline_code():
    """No template (Django's, Jinja2's, the practice room's) and no markup a script writes holds
    a style attribute, an on... handler, a style element, a script without src or a
    javascript: link: the policy would refuse each."""
    root = Path(__file__).resolve().parents[2]
    files = [
        *root.glob("tournaments/templates/**/*.html"),
        *root.glob("tournaments/jinja2/**/*.html"),
        *root.glob("practice/templates/**/*.html"),
        *root.glob("tournaments/static/js/*.js"),
        *root.glob("practice/static/practice/*.js"),
    ]
    assert len(files) > 50
    found = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if inline_code(path, line)
    ]
    assert found == []


def test_a_form_sent_without_its_safety_cookie_gets_the_apps_own_page_in_french():
    """A login form sent without its CSRF cookie, from a French browser: 403 with the app's own
    page in French ("Ce formulaire a expiré"), no inline style or script for the policy to
    refuse."""
    strict = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="fr-CA")
    response = strict.post(reverse("login"), {"username": "lead", "password": "x"})
    page = response.content.decode()
    assert response.status_code == 403 and "Ce formulaire a expiré" in page
    assert "style=" not in page and "<style" not in page and "<script>" not in page


def test_an_ordinary_403_is_one_line_in_the_console(client):
    """An assistant opening the leader's set-up page is refused (403) and the console shows one
    line for it, not a traceback."""
    import logging

    event = make_event("console", tables=4)
    client.force_login(make_user("helper", event, role="assistant"))
    records = []
    handler = logging.getLogger("django").handlers[0]  # the console (standard error)
    logger = logging.getLogger("django.request")
    logger.addHandler(keep := logging.Handler())
    keep.emit = records.append
    try:
        assert client.get(reverse("tournaments:setup", args=[event.slug])).status_code == 403
    finally:
        logger.removeHandler(keep)
    (record,) = records
    assert handler.filter(record)
    line = handler.format(record)
    assert "Forbidden" in line and "Traceback" not in line and "\n" not in line


# ---------------------------------------------------------------- saves that wait


def test_the_grid_draws_the_newest_of_a_long_history_and_all_of_it_on_request(client):
    """A hand corrected 32 times: its grid, drawn again after every save, lists the 30 newest
    entries and a link; the link lists all of them."""
    from tournaments.services import ResultEntry, results_record

    event = make_event("long-history", tables=4)
    for n in range(32):
        results_record(event=event, entries=[ResultEntry(1, 1, n % 14)], actor=None)
        event.refresh_from_db()
    client.force_login(make_user("lead", event))
    url = reverse("tournaments:hand_grid", args=[event.slug, 1])
    page = client.get(url)
    assert len(page.context["history"]) == 30 and "show the whole history" in page.content.decode()
    assert len(client.get(url, {"history": "all"}).context["history"]) == 32
