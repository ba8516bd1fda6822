"""What the README says is refused, is: a team line without a player, a number written with
other digits than 0-9 or with a sign, a name that runs over two lines. Each file, form and
command refuses it with the line or field and the reason, and records nothing."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.leader_helpers import grid_post, make_event, make_user, new_event_body
from tests.scenarios.test_input_checks import HEADER, settings_body
from tournaments.formats.csv_files import parse_results, parse_teams
from tournaments.formats.csv_headers import CsvErrors
from tournaments.models import Event, HandResult, Team
from tournaments.rules.errors import RulesError
from tournaments.services import people
from tournaments.services.seasons import season_named
from tournaments.services.table_entry import table_tokens_issue

pytestmark = pytest.mark.django_db

NOT_DIGITS = ["١", "٣", "+7", "-0", "²", "7.0", "1_0", "７"]
LINE_BREAKS = ["\n", "\r", "\u2028", "\u2029", "\x85", "\x0b", "\x0c"]
RESULTS = "hand,table,visitor_tricks\n"


def _problems(parse, text: str, **sizes) -> str:
    with pytest.raises(CsvErrors) as refused:
        parse(text, **sizes)
    return "\n".join(refused.value.problems)


# ---------------------------------------------------------------- a team line without a player


def test_a_team_line_with_a_blank_player_is_refused_naming_the_line():
    """'1,Les As,Nord,Anne,,Chloé,Dany' is refused: line 2, player_b, give a name."""
    text = HEADER + "1,Les As,Nord,Anne,,Chloé,Dany\n2,Les Rois,Sud,a,b,c,d\n"
    assert _problems(parse_teams, text, tables=2) == "line 2: player_b: give a name"


def test_a_template_line_left_blank_says_only_that_the_team_needs_a_name():
    """A table's line of the template left empty asks for the team's name, once."""
    assert _problems(parse_teams, HEADER + "1,,,,,,\n", tables=2) == (
        "line 2: team: the team needs a name"
    )


# ---------------------------------------------------------------- digits 0-9, no sign


@pytest.mark.parametrize("typed", NOT_DIGITS)
def test_a_results_file_takes_tricks_and_tables_in_digits_0_to_9_only(typed):
    """Tricks or a table written '٣', '+7' or '-0' are refused on their line."""
    tricks = _problems(parse_results, RESULTS + f"1,1,{typed}\n", tables=2, hands=2)
    assert tricks.startswith("line 2: visitor_tricks: tricks must be a whole number")
    table = _problems(parse_results, RESULTS + f"1,{typed},7\n", tables=2, hands=2)
    assert table.startswith("line 2: table: expected a whole number written with the digits")


@pytest.mark.parametrize("typed", ["١", "+1"])
def test_a_teams_file_takes_tables_in_digits_0_to_9_only(typed):
    """A team's table written '١' or '+1' is refused on its line."""
    problems = _problems(parse_teams, HEADER + f"{typed},Les As,N,a,b,c,d\n", tables=2)
    assert problems.startswith("line 2: table: expected a whole number written with the digits")


@pytest.mark.parametrize("typed", ["٣", "+7", "-0"])
def test_the_grid_refuses_tricks_not_written_0_to_9(client, typed):
    """The leader's grid refuses '٣', '+7' and '-0' on their row and saves nothing."""
    event = make_event("grid-digits", tables=4)
    client.force_login(make_user("lead", event))
    response = client.post(
        reverse("tournaments:hand_grid", args=[event.slug, 1]), grid_post(event, 1, {1: typed})
    )
    assert "tricks must be a whole number from 0 to 13" in response.content.decode()
    assert not HandResult.objects.exists()


@pytest.mark.parametrize(
    ("field", "typed"),
    [("tricks", "٣"), ("tricks", "+7"), ("tricks", "-0"), ("visitor_revokes", "١")],
)
def test_a_phone_entry_takes_digits_0_to_9_only(client, field, typed):
    """A phone's entry with tricks or revokes sent as '٣' or '+7' is refused naming the field;
    tricks sent as the number 7 are taken."""
    event = make_event("phone-digits", tables=4)
    token = table_tokens_issue(event=event, actor=None)[1]
    url = reverse("tournaments:table_entry", args=[token])
    body = {"id": "phone-entry-0001", "hand": 1, "tricks": 8, field: typed}
    answer = client.post(url, json.dumps(body), content_type="application/json")
    assert answer.status_code == 409 and answer.json()["field"] == field
    assert not HandResult.objects.exists()
    body[field] = 7
    answer = client.post(url, json.dumps(body), content_type="application/json")
    assert answer.status_code == 200


@pytest.mark.parametrize("typed", ["٨", "+8", "-0", "8.0"])
def test_the_new_event_page_takes_numbers_in_digits_0_to_9_only(client, typed):
    """Tables written '٨' or '+8' are refused on the field; no event is created."""
    client.force_login(make_user("boss", is_staff=True))
    page = client.post(reverse("tournaments:event_new"), new_event_body(tables=typed))
    assert "Type a whole number with the digits 0-9" in page.content.decode()
    assert not Event.objects.exists()


def test_the_new_event_page_takes_hands_per_day_in_digits_0_to_9_only(client):
    """Hands per day written '٣0' is refused on its field."""
    client.force_login(make_user("boss", is_staff=True))
    page = client.post(reverse("tournaments:event_new"), new_event_body(hands_per_day="٣0"))
    assert "whole numbers separated by commas" in page.content.decode()
    assert not Event.objects.exists()


@pytest.mark.parametrize("typed", ["١٢", "+12"])
def test_the_settings_page_takes_numbers_in_digits_0_to_9_only(client, typed):
    """Flags per table written '١٢' or '+12' are refused and the setting stays."""
    event = make_event("settings-digits", tables=4, flags_per_table=10)
    client.force_login(make_user("lead", event))
    url = reverse("tournaments:setup", args=[event.slug])
    page = client.post(url, settings_body(event, flags_per_table=typed))
    assert "Type a whole number with the digits 0-9" in page.content.decode()
    event.refresh_from_db()
    assert event.flags_per_table == 10


@pytest.mark.parametrize(
    "option", [["--tables", "+4"], ["--tables", "٤"], ["--hands-per-day", "٦"]]
)
def test_create_event_takes_numbers_in_digits_0_to_9_only(option):
    """create_event --tables +4 (or ٤, or hands per day ٦) is refused and creates nothing."""
    arguments = {"--name": "X", "--slug": "digits", "--tables": "4", "--hands-per-day": "6"}
    arguments[option[0]] = option[1]
    with pytest.raises(CommandError, match="digits 0-9|numbers separated by commas"):
        call_command("create_event", *[part for pair in arguments.items() for part in pair])
    assert not Event.objects.exists()


def test_the_go_to_hand_box_never_fails_on_a_superscript(client):
    """'²' typed in the go-to-hand box goes back to the hands, never a server error."""
    event = make_event("jump", tables=2)
    client.force_login(make_user("lead", event))
    response = client.get(reverse("tournaments:hand_jump", args=[event.slug]), {"hand": "²"})
    assert response.status_code == 302


# ---------------------------------------------------------------- one line per name


@pytest.mark.parametrize("brk", LINE_BREAKS)
@pytest.mark.parametrize("column", [1, 2, 3])
def test_a_line_break_in_a_teams_files_name_is_refused_on_its_line(brk, column):
    """A team, zone or player name over two lines is refused with its line and column."""
    cells = ["1", "Les As", "Nord", "Anne", "Béa", "Chloé", "Dany"]
    cells[column] = cells[column][:2] + brk + cells[column][2:]
    line = ",".join(f'"{c}"' for c in cells)
    problems = _problems(parse_teams, HEADER + line + "\n", tables=2)
    assert "a name is one line; remove the line break" in problems
    assert HEADER.split(",")[column] in problems


def test_a_tab_inside_a_name_is_refused_as_a_control_character():
    """A tab inside a comma file's team name is refused, named by its code."""
    problems = _problems(parse_teams, HEADER + "1,Les\tAs,N,a,b,c,d\n", tables=2)
    assert "remove the invisible control character U+0009" in problems


def test_spaces_and_line_breaks_around_a_name_are_trimmed():
    """'Les As' followed by a line separator is read as 'Les As'."""
    rows = parse_teams(HEADER + '1,"Les As\u2028",N,a,b,c,d\n', tables=2)
    assert rows[0].team == "Les As"


@pytest.mark.parametrize("brk", ["\n", "\r\n", "\u2028", "\x85"])
def test_the_new_event_page_refuses_a_name_over_two_lines(client, brk):
    """An event named 'Club\\nnight' is refused on its name; no event is created."""
    client.force_login(make_user("boss", is_staff=True))
    page = client.post(reverse("tournaments:event_new"), new_event_body(name=f"Club{brk}night"))
    assert "Event name: a name is one line; remove the line break" in page.content.decode()
    assert not Event.objects.exists()


def test_the_settings_page_refuses_a_name_over_two_lines(client):
    """The settings page refuses 'Club\\u2029night' and keeps the event's name."""
    event = make_event("settings-name", tables=4)
    client.force_login(make_user("lead", event))
    url = reverse("tournaments:setup", args=[event.slug])
    page = client.post(url, settings_body(event, name="Club\u2029night"))
    assert "Event name: a name is one line" in page.content.decode()
    event.refresh_from_db()
    assert event.name == "Event settings-name"


def test_create_event_refuses_a_name_over_two_lines():
    """create_event --name 'Club\\nnight' is refused and creates nothing."""
    with pytest.raises(CommandError, match="a name is one line"):
        call_command(
            "create_event", "--name", "Club\nnight", "--slug", "club", "--tables", "4",
            "--hands-per-day", "6",
        )  # fmt: skip
    assert not Event.objects.exists()


def test_a_season_name_over_two_lines_is_refused():
    """A season named over two lines is refused (the season's pages print it on one)."""
    with pytest.raises(RulesError, match="a name is one line"):
        season_named("Summer\nGames")


def test_the_people_page_refuses_a_user_name_over_two_lines():
    """A helper's user name over two lines is refused by Django's user-name rules."""
    event = make_event("people-lines", tables=2)
    with pytest.raises(RulesError, match="User name"):
        people.role_grant(
            event=event, username="ann\nlee", role="assistant", password="a-long-pass-9",
            actor=None,
        )  # fmt: skip
    assert not Team.objects.filter(name__contains="\n").exists()
