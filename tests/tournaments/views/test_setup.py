"""Event set-up in the browser: create, teams from CSV with a preview, table assignment."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.leader_helpers import make_event, make_user
from tournaments.models import AuditEntry, Event, Team
from tournaments.rules.zones import zone_order

pytestmark = pytest.mark.django_db

GOOD_CSV = "table,team,zone,player_a,player_b,player_x,player_y\n" + "".join(
    f"{t},Club {t},Zone {(t - 1) // 2 + 1},A{t},B{t},X{t},Y{t}\n" for t in range(1, 9)
)


def test_staff_create_a_provincial_event_from_the_form(client):
    """Choosing the two-day preset creates 50 hands over two days and makes the creator leader."""
    client.force_login(make_user("boss", is_staff=True))
    body = {
        "name": "Provincial 2026",
        "slug": "prov-26",
        "level": "provincial",
        "tables": "16",
        "pattern": "two-day-50",
        "hands_per_day": "",
        "sessions_per_day": "",
        "trumps": "H,S,D,C",
        "flags_per_table": "12",
        "one_flag_at": "7",
        "two_flags_at": "10",
        "revoke_penalty": "2",
        "advancing": "2",
    }
    response = client.post(reverse("tournaments:event_new"), body)
    assert response.status_code == 302
    event = Event.objects.get(slug="prov-26")
    assert (event.hands.count(), event.hands_per_day) == (50, "30,20")
    assert event.roles.get().user.username == "boss"


def test_a_taken_short_name_is_refused_on_its_field(client):
    """Creating an event with a short name already used names the field and creates nothing."""
    make_event("taken")
    client.force_login(make_user("boss", is_staff=True))
    body = {
        "name": "X",
        "slug": "taken",
        "level": "club",
        "tables": "8",
        "pattern": "generated",
        "hands_per_day": "20",
        "sessions_per_day": "1",
        "trumps": "H,S,D,C",
        "flags_per_table": "12",
        "one_flag_at": "7",
        "two_flags_at": "10",
        "revoke_penalty": "2",
        "advancing": "2",
    }
    page = client.post(reverse("tournaments:event_new"), body).content.decode()
    assert "already exists" in page
    assert Event.objects.count() == 1


@pytest.fixture
def empty_event(client):
    event = make_event("csv", tables=8)
    Team.objects.filter(event=event).delete()
    client.force_login(make_user("lead", event))
    return event


def test_a_csv_with_bad_rows_is_previewed_with_each_bad_row_marked_and_nothing_imported(
    client, empty_event
):
    """Two bad lines are each marked with their reason and no team is imported."""
    bad = GOOD_CSV.replace("3,Club 3", "three,Club 3").replace("5,Club 5", "9,Club 5")
    url = reverse("tournaments:teams", args=[empty_event.slug])
    page = client.post(url, {"csv_text": bad, "action": "import"}).content.decode()
    assert (
        "line 4: table: expected a whole number written with the digits 0-9, not &#x27;three&#x27;"
        in page
    )
    assert "line 6: table: the event has tables 1..8, not 9" in page
    assert page.count('class="refused"') == 2
    assert not Team.objects.filter(event=empty_event).exists()


def test_a_good_csv_upload_is_previewed_then_imported(client, empty_event):
    """An uploaded file shows a preview first; importing it creates the eight teams."""
    url = reverse("tournaments:teams", args=[empty_event.slug])
    upload = SimpleUploadedFile("teams.csv", GOOD_CSV.encode(), content_type="text/csv")
    page = client.post(url, {"csv_file": upload, "action": "preview"}).content.decode()
    assert "Import these 8 teams" in page
    assert not Team.objects.filter(event=empty_event).exists()
    response = client.post(url, {"csv_text": GOOD_CSV, "action": "import"})
    assert response.status_code == 302
    assert Team.objects.filter(event=empty_event).count() == 8


def test_zone_order_puts_first_placed_teams_on_the_first_half_of_the_tables():
    """Zones 1..4 with two teams each: the first of each zone on tables 1..4, second on 5..8."""
    teams = [(100 + t, t, f"Zone {(t - 1) // 2 + 1}") for t in range(1, 9)]
    assert zone_order(teams) == {101: 1, 103: 2, 105: 3, 107: 4, 102: 5, 104: 6, 106: 7, 108: 8}


def test_zone_order_in_one_click(client, empty_event):
    """The Zone order button moves the second team of each zone to the second half."""
    client.post(
        reverse("tournaments:teams", args=[empty_event.slug]),
        {"csv_text": GOOD_CSV, "action": "import"},
    )
    client.post(reverse("tournaments:tables_assign", args=[empty_event.slug]), {"action": "zone"})
    tables = dict(Team.objects.filter(event=empty_event).values_list("name", "home_table"))
    assert (tables["Club 1"], tables["Club 2"], tables["Club 3"], tables["Club 8"]) == (1, 5, 2, 8)


def test_assigning_two_teams_to_one_table_is_refused_and_changes_nothing(client):
    """Typing table 1 for two teams names the table and leaves every team where it was."""
    event = make_event("by-hand", tables=4)
    client.force_login(make_user("lead", event))
    teams = list(Team.objects.filter(event=event).order_by("home_table"))
    body = {"action": "manual", **{f"table_{t.pk}": str(t.home_table) for t in teams}}
    body[f"table_{teams[1].pk}"] = "1"
    page = client.post(
        reverse("tournaments:tables_assign", args=[event.slug]), body
    ).content.decode()
    assert "table 1 has Team 1 and Team 2" in page and "table 2 has no team" in page
    assert [t.home_table for t in Team.objects.filter(event=event).order_by("pk")] == [1, 2, 3, 4]


def test_swapping_two_teams_by_hand_is_saved_and_audited(client):
    """Swapping tables 1 and 2 by hand moves both teams and leaves an audit entry."""
    event = make_event("swap", tables=4)
    client.force_login(make_user("lead", event))
    teams = list(Team.objects.filter(event=event).order_by("home_table"))
    body = {"action": "manual", **{f"table_{t.pk}": str(t.home_table) for t in teams}}
    body[f"table_{teams[0].pk}"], body[f"table_{teams[1].pk}"] = "2", "1"
    client.post(reverse("tournaments:tables_assign", args=[event.slug]), body)
    assert Team.objects.get(pk=teams[0].pk).home_table == 2
    assert AuditEntry.objects.filter(action="tables assigned").exists()


def test_settings_changes_are_saved_and_audited(client):
    """Changing the tricks for 2 flags to 11 is saved with an audit entry."""
    event = make_event("settings", tables=4)
    client.force_login(make_user("lead", event))
    body = {
        "name": event.name,
        "level": event.level,
        "flags_per_table": "12",
        "one_flag_at": "7",
        "two_flags_at": "11",
        "revoke_penalty": "2",
        "advancing": "2",
        "paper": "letter",
    }
    assert client.post(reverse("tournaments:setup", args=[event.slug]), body).status_code == 302
    event.refresh_from_db()
    assert event.two_flags_at == 11
    assert AuditEntry.objects.get(action="settings changed").after == {"two_flags_at": "11"}


def _custom_event_body(upload):
    return {
        "name": "Club night",
        "slug": "club-own",
        "level": "club",
        "tables": "3",
        "pattern": "generated",
        "hands_per_day": "2",
        "sessions_per_day": "1",
        "pattern_file": upload,
        "trumps": "H,S,D,C",
        "flags_per_table": "12",
        "one_flag_at": "7",
        "two_flags_at": "10",
        "revoke_penalty": "2",
        "advancing": "2",
    }


def test_staff_create_an_event_with_their_own_rotation(client):
    """An uploaded pattern becomes the event's rotation, hand by hand."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(make_user("boss", is_staff=True))
    upload = SimpleUploadedFile("own.csv", b"hand,1,2,3\n1,3,1,2\n2,2,3,1\n")
    assert (
        client.post(reverse("tournaments:event_new"), _custom_event_body(upload)).status_code == 302
    )
    event = Event.objects.get(slug="club-own")
    assert event.pattern == "custom"
    assert [h.moves for h in event.hands.order_by("number")] == [[3, 1, 2], [2, 3, 1]]


def test_an_uploaded_rotation_that_sends_a_pair_home_is_refused_with_its_line(client):
    """A pattern breaking the derangement rule shows the line and creates nothing."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(make_user("boss", is_staff=True))
    upload = SimpleUploadedFile("own.csv", b"hand,1,2,3\n1,3,1,2\n2,1,3,2\n")
    page = client.post(reverse("tournaments:event_new"), _custom_event_body(upload))
    assert "line 3: Hand 2: table 1&#x27;s pair would visit its own table" in page.content.decode()
    assert not Event.objects.filter(slug="club-own").exists()
