"""Automatic backups: every change reaches the backups folder within a few seconds, closes are
kept for good, a backup is never half-written, and `restore` brings the events back."""

from __future__ import annotations

import io
import json
import time

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.leader_helpers import make_event, make_user, play
from tournaments import snapshot
from tournaments.archive import dumps, export_event
from tournaments.models import Event
from tournaments.publishing import backups
from tournaments.services.closing import day_close

pytestmark = pytest.mark.django_db


@pytest.fixture
def folder(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "usb-stick"
    settings.BACKUP_SECONDS = 0.2
    return settings.BACKUP_DIR


def test_a_backup_is_the_events_archive_written_whole(folder):
    """The file holds exactly the export_event archive with its secrets (entry addresses and
    accounts), and no temporary file is left."""
    event = make_event("spring", tables=4)
    play(event, [1, 2])
    path = backups.write_backup(event)
    assert path.read_text(encoding="utf-8") == dumps(export_event(event, secrets=True))
    assert [p.name for p in path.parent.iterdir()] == [path.name]


def test_the_newest_twenty_are_kept_and_every_close_for_good(folder):
    """Of 25 rolling backups the newest 20 stay; the close's copy stays whatever follows."""
    event = make_event("spring", tables=4)
    closed = backups.write_backup(event, kind="close")
    rolling = [backups.write_backup(event) for _ in range(25)]
    kept = set(backups.backups_of(event.slug))
    assert closed in kept and set(rolling[-20:]) <= kept and len(kept) == 21


@pytest.mark.django_db(transaction=True)
def test_a_saved_hand_is_backed_up_within_seconds(folder):
    """After a hand is saved the backups folder has an archive with that hand in it."""
    event = make_event("spring", tables=4)
    play(event, [1])
    deadline = time.monotonic() + 20
    while not backups.backups_of(event.slug) and time.monotonic() < deadline:
        time.sleep(0.05)
    backups.writer.flush()
    newest = json.loads(backups.backups_of(event.slug)[-1].read_text(encoding="utf-8"))
    assert {r["hand"] for r in newest["results"]} == {1}


@pytest.mark.django_db(transaction=True)
def test_a_close_writes_a_copy_kept_for_good(folder):
    """Closing the day writes a backup marked as the close's."""
    event = make_event("spring", tables=4)
    play(event, range(1, 31))
    day_close(event=event, day=1, close_incomplete=True, actor=None)
    backups.writer.flush()
    assert any(p.name.endswith("-close.json") for p in backups.backups_of(event.slug))


def test_the_leaders_pages_say_where_the_last_backup_went(client, folder):
    """The leader's menu shows the newest backup's time and file."""
    event = make_event("spring", tables=4)
    path = backups.write_backup(event)
    client.force_login(make_user("lee", event))
    page = client.get(reverse("tournaments:hands", args=[event.slug])).content.decode()
    assert "Backed up just now" in page and str(path) in page and "warning" not in page


def test_a_change_long_after_the_last_backup_is_a_warning(folder):
    """A change not backed up for minutes, or a failed backup, is shown as a warning."""
    event = make_event("spring", tables=4)
    backups.write_backup(event)
    found = backups.status(event.slug)
    later = found.at.replace(year=found.at.year + 1)
    assert not found.stale(event.revision, later)
    assert found.stale(event.revision + 1, later)
    assert not found.stale(event.revision + 1, found.at)


def test_restore_brings_back_the_newest_backup_into_an_empty_database(folder):
    """After the database is lost, restore imports each event's newest backup: same standings."""
    event = make_event("spring", tables=4)
    play(event, [1, 2, 3])
    backups.write_backup(event)
    play(event, [4])
    backups.write_backup(event)
    before = snapshot.standings_payload(event)
    Event.objects.all().delete()
    call_command("restore", stdout=open("/dev/null", "w"))  # noqa: SIM115
    restored = Event.objects.get(slug="spring")
    assert snapshot.standings_payload(restored) == before


def test_backup_to_a_spare_stick_writes_every_event_there_for_restore_to_read(folder, tmp_path):
    """backup --to FOLDER writes each event's archive to that folder now, kept for good, and
    restore --from FOLDER brings the events back from it alone."""
    spring, autumn = make_event("spring", tables=4), make_event("autumn", tables=4)
    play(spring, [1, 2])
    spare = tmp_path / "spare-stick"
    call_command("backup", to=str(spare), stdout=open("/dev/null", "w"))  # noqa: SIM115
    for event in (spring, autumn):
        (written,) = (spare / event.slug).iterdir()
        assert written.name.endswith("-manual.json")
        assert written.read_text(encoding="utf-8") == dumps(export_event(event, secrets=True))
    assert not folder.exists()  # the hall's own folder is left alone
    before = snapshot.standings_payload(spring)
    Event.objects.all().delete()
    call_command("restore", source=str(spare), stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert snapshot.standings_payload(Event.objects.get(slug="spring")) == before


def test_a_folder_that_cannot_be_written_is_one_line(folder, tmp_path):
    """backup --to a place that is not a folder says so in one line and writes nothing."""
    make_event("spring", tables=4)
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file", encoding="utf-8")
    with pytest.raises(CommandError, match="No backup written to .*not-a-folder"):
        call_command("backup", to=str(blocked))


def test_backup_with_no_events_says_so(folder):
    """backup in an installation that holds no event says there is nothing to back up."""
    out = io.StringIO()
    call_command("backup", stdout=out)
    assert out.getvalue().strip() == "No events here yet: nothing to back up."
    assert not folder.exists()


def test_restore_refuses_a_database_that_holds_events(folder):
    """restore never mixes a backup into a database in use."""
    event = make_event("spring", tables=4)
    backups.write_backup(event)
    with pytest.raises(CommandError, match="already holds events"):
        call_command("restore")


def test_a_slow_backup_waits_ten_times_as_long_before_the_next(settings):
    """A large event whose archive took 2 s to write is backed up again 20 s later at the
    soonest, so backups never crowd out the phones."""
    settings.BACKUP_SECONDS = 5
    writer = backups._Writer()
    writer.thread = type("Alive", (), {"is_alive": lambda self: True})()  # no thread needed
    writer.took[7], writer.last[7] = 2.0, time.monotonic()
    writer.request(7)
    assert writer.due[7] - writer.last[7] >= 20


def test_a_change_saved_during_a_slow_backup_waits_ten_times_that_backup(settings):
    """A hand saved while a 2-second backup was being written is backed up 20 s after that
    backup ends, not at the pace of the small backup before it."""
    settings.BACKUP_SECONDS = 5
    writer = backups._Writer()
    writer.thread = type("Alive", (), {"is_alive": lambda self: True})()  # no thread needed
    writer.took[7], writer.last[7], writer.writing = 0.1, time.monotonic(), 1
    writer.request(7)  # during the write: paced by the last, 0.1 s, backup
    writer._finished(7, took=2.0)
    assert writer.due[7] - writer.last[7] >= 20 and writer.writing == 0
