"""The command line of DESIGN.md section 4: create, import teams and results, archive."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import AuditEntry, Event, Hand, HandResult, Team

pytestmark = pytest.mark.django_db


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def write(tmp_path, text, name="file.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def snapshot():
    return (
        list(HandResult.objects.values_list("hand__number", "host_table", "visitor_tricks")),
        list(Team.objects.values_list("home_table", "name")),
    )


def test_create_event_makes_the_whole_rotation():
    """create_event with 30,20 hands per day makes 50 hands over two days."""
    run(
        "create_event",
        "--name",
        "Provincial",
        "--slug",
        "prov",
        "--tables",
        "16",
        "--hands-per-day",
        "30,20",
    )
    event = Event.objects.get(slug="prov")
    assert Hand.objects.filter(event=event).count() == 50
    assert Hand.objects.filter(event=event, day=2).count() == 20


def test_create_event_refuses_one_table():
    """An event of one table is refused with the reason."""
    with pytest.raises(CommandError, match="Tables: from 2 to 250, not 1"):
        run("create_event", "--name", "X", "--slug", "x", "--tables", "1", "--hands-per-day", "30")
    assert not Event.objects.exists()


def test_create_event_refuses_a_slug_in_use(event):
    """A second event with the same short name is refused."""
    with pytest.raises(CommandError, match="already exists"):
        run(
            "create_event",
            "--name",
            "X",
            "--slug",
            event.slug,
            "--tables",
            "4",
            "--hands-per-day",
            "30",
        )


def test_import_teams_reads_registration_csv(db, tmp_path):
    """Teams from the registration CSV land at their tables with their players."""
    run(
        "create_event", "--name", "Area", "--slug", "area", "--tables", "2", "--hands-per-day", "30"
    )
    path = write(
        tmp_path,
        "table,team,zone,player_a,player_b,player_x,player_y\n"
        "1,Perth,East,Ann,Bob,Xena,Yves\n2,Lindsay,East,Al,Bea,Xi,Yo\n",
    )
    assert "Imported 2 teams" in run("import_teams", "area", path)
    team = Team.objects.get(home_table=1)
    assert (team.name, team.player_a, team.player_y) == ("Perth", "Ann", "Yves")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("table,team\n1,Perth\n", "line 1: header missing zone"),
        (
            "table,team,zone,player_a,player_b,player_x,player_y\n9,Perth,,a,b,x,y\n",
            "line 2: table: the event has tables 1..4, not 9",
        ),
        (
            "table,team,zone,player_a,player_b,player_x,player_y\n1,P,,a,b,x,y\n1,Q,,a,b,x,y\n",
            "line 3: table: table 1 is already on line 2",
        ),
        ("", "the file is empty"),
    ],
)
def test_bad_team_files_change_nothing(event, tmp_path, text, message):
    """A bad teams file is refused with its line and reason, and the teams stay as they were."""
    before = snapshot()
    with pytest.raises(CommandError, match=message):
        run("import_teams", event.slug, write(tmp_path, text))
    assert snapshot() == before


def test_import_results_records_flags(event, tmp_path):
    """Imported results count in the standings at once."""
    path = write(tmp_path, "hand,table,visitor_tricks\n1,2,10\n1,3,7\n")
    assert "Imported 2 results" in run("import_results", event.slug, path)
    result = HandResult.objects.get(hand__number=1, host_table=2)
    assert (result.visitor_table, result.visitor_tricks) == (1, 10)


def test_import_results_applies_revoke_penalties_and_keeps_both(event, tmp_path):
    """Tricks as played and revoke counts are kept; the tricks after penalties count."""
    path = write(tmp_path, "hand,table,visitor_tricks,visitor_revokes,host_revokes\n1,2,9,1,\n")
    run("import_results", event.slug, path)
    result = HandResult.objects.get()
    assert (result.tricks_played, result.visitor_revokes, result.visitor_tricks) == (9, 1, 7)


def test_importing_a_result_again_replaces_it_and_is_audited(event, tmp_path):
    """A second row for the same hand and table replaces the first and leaves an audit entry."""
    run("import_results", event.slug, write(tmp_path, "hand,table,visitor_tricks\n1,2,10\n"))
    run("import_results", event.slug, write(tmp_path, "hand,table,visitor_tricks\n1,2,6\n", "b"))
    assert HandResult.objects.get().visitor_tricks == 6
    corrected = AuditEntry.objects.get(action="result corrected")
    assert corrected.before["visitor_tricks"] == 10 and corrected.after["visitor_tricks"] == 6


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("1,2,14", "line 3: visitor_tricks: tricks must be from 0 to 13, not 14"),
        ("1,2,-1", "line 3: visitor_tricks: tricks must be a whole number from 0 to 13, not '-1'"),
        ("1,2,x", "line 3: visitor_tricks: tricks must be a whole number from 0 to 13, not 'x'"),
        ("1,9,7", "line 3: table: the event has tables 1..4, not 9"),
        ("31,2,7", "line 3: hand: the rotation has hands 1..30, not 31"),
        ("1,1,7", "line 3: hand 1 table 1 is already on line 2"),
    ],
)
def test_bad_result_files_change_nothing(event, tmp_path, rows, message):
    """One bad row rejects the whole file, naming its line and reason."""
    path = write(tmp_path, f"hand,table,visitor_tricks\n1,1,8\n{rows}\n")
    before = snapshot()
    with pytest.raises(CommandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        run("import_results", event.slug, path)
    assert snapshot() == before


def test_result_file_with_a_wrong_header_is_refused(event, tmp_path):
    """A results file without the visitor_tricks column is refused."""
    with pytest.raises(CommandError, match="line 1: header missing visitor_tricks"):
        run("import_results", event.slug, write(tmp_path, "hand,table,tricks\n1,1,8\n"))


def test_empty_result_file_is_refused(event, tmp_path):
    """An empty file is refused rather than read as no results."""
    with pytest.raises(CommandError, match="empty"):
        run("import_results", event.slug, write(tmp_path, ""))


def test_unknown_event_is_named(db, tmp_path):
    """Importing into an event that does not exist says so."""
    with pytest.raises(CommandError, match="no event 'nope'"):
        run("import_results", "nope", write(tmp_path, "hand,table,visitor_tricks\n"))


def test_export_import_export_is_byte_identical(two_day_event, tmp_path):
    """An archive imported into an empty installation exports to the very same bytes."""
    results = "hand,table,visitor_tricks,visitor_revokes,host_revokes\n" + "".join(
        f"{h},{t},{(h * 5 + t * 3) % 14},{1 if h == 3 else ''},\n"
        for h in range(1, 41)
        for t in range(1, 5)
    )
    run("import_results", two_day_event.slug, write(tmp_path, results))
    first = run("export_event", two_day_event.slug)
    Event.objects.all().delete()
    archive = write(tmp_path, first, "event.json")
    assert "Imported event two-day" in run("import_event", archive)
    assert run("export_event", two_day_event.slug) == first


def test_importing_an_event_twice_is_refused(event, tmp_path):
    """An archive whose event already exists is refused and nothing changes."""
    archive = write(tmp_path, run("export_event", event.slug), "event.json")
    with pytest.raises(CommandError, match="already exists"):
        run("import_event", archive)
    assert Event.objects.count() == 1


def test_a_file_that_is_not_an_archive_is_refused(db, tmp_path):
    """A JSON file of another kind is refused with a clear message."""
    with pytest.raises(CommandError, match="not a Military Whist Director event archive"):
        run("import_event", write(tmp_path, '{"hello": 1}', "x.json"))


def create_three_table_event(pattern_file):
    """A 3-table, 2-hand event on the leader's own pattern."""
    return run(
        "create_event",
        "--name",
        "Own",
        "--slug",
        "own",
        "--tables",
        "3",
        "--hands-per-day",
        "2",
        "--pattern",
        "custom",
        "--pattern-file",
        pattern_file,
    )


def test_a_custom_pattern_from_a_file_becomes_the_rotation(db, tmp_path):
    """A leader's own movement, one row per hand, is used hand by hand."""
    path = write(tmp_path, "hand,1,2,3\n1,2,3,1\n2,3,1,2\n")
    create_three_table_event(path)
    assert list(Hand.objects.filter(event__slug="own").values_list("moves", flat=True)) == [
        [2, 3, 1],
        [3, 1, 2],
    ]


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("1,2,3,1\n2,1,1,2\n", "line 3: Hand 2: table 1 would host 2 visiting pairs"),
        ("1,2,3,1\n2,1,2,3\n", "line 3: Hand 2: table 1's pair would visit its own table"),
        ("1,2,3,1\n", "The pattern has 1 hands but the event plays 2"),
        ("1,2,3,1\n3,3,1,2\n", "line 3: hand: expected hand 2, not '3'"),
        (
            "1,2,3,x\n2,3,1,2\n",
            "line 2: 3: expected a whole number written with the digits 0-9, not 'x'",
        ),
    ],
)
def test_a_custom_pattern_that_breaks_the_rules_is_refused(db, tmp_path, rows, message):
    """A pattern sending two pairs to one table, or a pair home, creates no event."""
    path = write(tmp_path, "hand,1,2,3\n" + rows)
    with pytest.raises(CommandError, match=message.replace("(", r"\(")):
        create_three_table_event(path)
    assert not Event.objects.exists()
