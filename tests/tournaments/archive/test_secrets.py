"""A backup is a key: it holds the tables' entry addresses and the event's accounts, so a spare
laptop restored from the stick keeps every printed slip working and every leader's login, while
the archive a leader downloads or shares leaves them out."""

from __future__ import annotations

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.leader_helpers import make_event, make_user, play
from tournaments.archive import dumps, export_event
from tournaments.models import Event, EventRole, HandResult, Role, TableToken
from tournaments.publishing import backups
from tournaments.rules.errors import RulesError
from tournaments.services import accounts
from tournaments.services.archive_import import import_event
from tournaments.services.table_entry import table_tokens_issue

pytestmark = pytest.mark.django_db
PASSWORD = "Count-The-Flags-77"


@pytest.fixture
def folder(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "usb-stick"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return settings.BACKUP_DIR


def hall_event():
    """A 4-table event with a staff leader and an assistant who have passwords, entry slips
    printed (table 2's replaced once) and two hands played."""
    event = make_event("spring", tables=4)
    for name, role, staff in (("margaret", Role.LEADER, True), ("helper", Role.ASSISTANT, False)):
        user = make_user(name, event, role, is_staff=staff)
        user.set_password(PASSWORD)
        user.save()
    table_tokens_issue(event=event, actor=None)
    table_tokens_issue(event=event, actor=None, tables=[2], replace=True)
    play(event, [1, 2])
    return event


def lose_the_laptop() -> None:
    Event.objects.all().delete()
    get_user_model().objects.all().delete()


def test_a_restore_from_the_stick_keeps_every_entry_slip_and_every_login(folder):
    """The laptop is lost: restore from the backups folder into an empty installation brings
    the same entry addresses (table 2's old slip still refused as replaced) and the leader and
    assistant, who log in with their own passwords; no leader has to be created again."""
    event = hall_event()
    live = {t.table: t.token for t in TableToken.objects.filter(revoked_at__isnull=True)}
    old = TableToken.objects.get(table=2, revoked_at__isnull=False).token
    backups.write_backup(event)
    lose_the_laptop()
    out = io.StringIO()
    call_command("restore", source=str(folder), stdout=out)
    restored = Event.objects.get(slug="spring")
    assert accounts.leader_exists()
    client = Client()
    for token in live.values():
        assert client.get(reverse("tournaments:table_entry", args=[token])).status_code == 200
    body = {"id": "phone-entry-0003", "hand": 3, "tricks": 9}
    answer = client.post(
        reverse("tournaments:table_entry", args=[live[3]]), json.dumps(body), "application/json"
    )
    assert answer.status_code == 200, answer.content
    assert HandResult.objects.get(event=restored, hand__number=3).entered_by == "table 3"
    page = client.get(reverse("tournaments:table_entry", args=[old])).content.decode()
    assert "replaced" in page
    for name, role in (("margaret", Role.LEADER), ("helper", Role.ASSISTANT)):
        user = get_user_model().objects.get(username=name)
        assert user.check_password(PASSWORD) and user.is_staff == (name == "margaret")
        assert EventRole.objects.get(event=restored, user=user).role == role
    login = Client().post("/accounts/login/", {"username": "margaret", "password": PASSWORD})
    assert login.status_code == 302


def test_the_downloaded_archive_and_export_event_leave_the_secrets_out(client, folder):
    """archive.json (a leader's download) and export_event carry no entry address and no
    password hash; export_event --secrets does, as the backups do."""
    event = hall_event()
    token = TableToken.objects.filter(event=event).first().token
    client.force_login(get_user_model().objects.get(username="margaret"))
    downloaded = client.get(reverse("tournaments:event_archive", args=[event.slug]))
    out = io.StringIO()
    call_command("export_event", event.slug, stdout=out)
    hash_ = get_user_model().objects.get(username="helper").password
    for text in (downloaded.content.decode(), out.getvalue()):
        assert token not in text and hash_ not in text and '"secrets"' not in text
    kept = io.StringIO()
    call_command("export_event", event.slug, "--secrets", stdout=kept)
    assert token in kept.getvalue() and hash_ in kept.getvalue()


def test_an_archive_with_its_secrets_round_trips_byte_for_byte(folder):
    """export --secrets, import, export --secrets: the same bytes."""
    event = hall_event()
    first = dumps(export_event(event, secrets=True))
    lose_the_laptop()
    second = dumps(export_event(import_event(json.loads(first), secrets=True), secrets=True))
    assert first == second


def test_the_web_restore_and_a_plain_import_bring_back_no_account(folder):
    """Only the command line restores secrets: an import without them (the staff's web
    restore) makes the event with no entry address and no account."""
    event = hall_event()
    text = dumps(export_event(event, secrets=True))
    lose_the_laptop()
    import_event(json.loads(text))
    assert not TableToken.objects.exists() and not get_user_model().objects.exists()


def test_an_account_here_keeps_its_password_and_a_published_one_never_comes_back(folder):
    """Restoring where 'margaret' already exists keeps her own password (and gives her the
    role); an account whose backed-up password is the demo's comes back unable to log in,
    and restore says which and the command that fixes it."""
    event = hall_event()
    helper = get_user_model().objects.get(username="helper")
    helper.set_password(accounts.DEMO_PASSWORD)  # set behind the validators' back
    helper.save()
    backups.write_backup(event)
    lose_the_laptop()
    mine = get_user_model().objects.create_user("margaret", password="Another-One-2026")
    out = io.StringIO()
    call_command("restore", source=str(folder), stdout=out)
    mine.refresh_from_db()
    assert mine.check_password("Another-One-2026") and not mine.check_password(PASSWORD)
    assert EventRole.objects.get(user=mine).role == Role.LEADER
    helper = get_user_model().objects.get(username="helper")
    assert not helper.has_usable_password()
    assert "helper came back without its password" in out.getvalue()
    assert "changepassword helper" in out.getvalue()


def test_issuing_entry_addresses_is_a_change_that_reaches_the_backups(folder):
    """Printing the slips (issuing addresses) moves the event's revision on, so the backup
    follows at once instead of waiting for the next result."""
    event = make_event("autumn", tables=4)
    before = Event.objects.get(pk=event.pk).revision
    table_tokens_issue(event=event, actor=None)
    assert Event.objects.get(pk=event.pk).revision == before + 1
    table_tokens_issue(event=event, actor=None)  # nothing new: nothing changes
    assert Event.objects.get(pk=event.pk).revision == before + 1


@pytest.mark.parametrize(
    ("field", "value"),
    [("role", "admin"), ("username", " "), ("password", "")],
)
def test_a_damaged_secrets_section_is_refused_whole(folder, field, value):
    """An account with an unknown role, a blank name or no password refuses the archive,
    naming the field; nothing is imported."""
    event = hall_event()
    archive = json.loads(dumps(export_event(event, secrets=True)))
    archive["secrets"]["accounts"][0][field] = value
    lose_the_laptop()
    with pytest.raises(RulesError, match=f"secrets.accounts.*{field}"):
        import_event(archive, secrets=True)
    assert not Event.objects.exists()
