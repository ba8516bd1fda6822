"""Every input has a bound, said in words: each upload states its own limit, problem lists
show the first 20 and count the rest, no answer repeats a refused value longer than about 100
characters, and an archive is refused from its size or its first bytes before it is read, on
the web and from the command line alike. The answer to any refused input stays under 64 KB.
"""

from __future__ import annotations

import io
import json
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tests.leader_helpers import make_event, make_user, new_event_body
from tournaments import snapshot
from tournaments.archive.reading import ARCHIVE_MAX
from tournaments.models import AuditEntry, Event, HandResult, Team
from tournaments.services.table_entry import table_tokens_issue

pytestmark = pytest.mark.django_db

ANSWER_MAX = 64 * 1024  # bytes: the longest answer to any refused input
RESULTS = "hand,table,visitor_tricks\n"
TEAMS = "table,team,zone,player_a,player_b,player_x,player_y\n"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(2000)


def upload(raw: bytes, name: str = "file.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, raw, content_type="text/csv")


@pytest.fixture
def leader(client):
    event = make_event("bounds", tables=4)
    client.force_login(make_user("lead", event, is_staff=True))
    return event


def results_url(event: Event) -> str:
    return reverse("tournaments:results_import", args=[event.slug])


def teams_url(event: Event) -> str:
    return reverse("tournaments:teams", args=[event.slug])


# ---------------------------------------------------------------- each upload says its limit


def test_a_results_file_over_the_limit_is_refused_as_a_results_file(client, leader):
    """A 600 KB results upload is refused naming a results file and its 512 KB limit."""
    response = client.post(results_url(leader), {"csv_file": upload(b"x" * 600_000)})
    page = response.content.decode()
    assert "a results file is at most 512 KB" in page and "teams file" not in page


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("teams", "A teams file is at most 512 KB."),
        ("results_import", "A results file is at most 512 KB."),
    ],
)
def test_each_upload_states_its_own_limit_beside_it(client, leader, name, said):
    """The teams and results pages say, beside the file box, how large their file may be."""
    page = client.get(reverse(f"tournaments:{name}", args=[leader.slug])).content.decode()
    assert said in page


def test_the_new_event_page_states_the_rotation_file_limit(client, leader):
    """The new-event page says a rotation file is at most 512 KB."""
    page = client.get(reverse("tournaments:event_new")).content.decode()
    assert "A rotation file is at most 512 KB." in page


def test_a_rotation_file_over_the_limit_is_refused_with_its_size(client, leader):
    """A 2 MB rotation file is refused naming its size and the rotation file's limit."""
    body = new_event_body(pattern_file=upload(b"x" * 2 * 1024 * 1024))
    page = client.post(reverse("tournaments:event_new"), body).content.decode()
    assert "The file is 2.0 MB; a rotation file is at most 512 KB." in page
    assert not Event.objects.filter(slug="club-night").exists()


def test_the_restore_page_states_the_archive_limit(client, leader):
    """The restore page says an event archive is at most 24 MB."""
    page = client.get(reverse("tournaments:event_restore")).content.decode()
    assert f"An event archive is at most {ARCHIVE_MAX // 1024 // 1024} MB." in page


# ---------------------------------------------------------------- problem lists


def test_a_results_file_with_thirty_thousand_repeated_lines_lists_twenty_problems(client, leader):
    """30,000 copies of one result list 20 problems, count the other 29,979, and the page
    stays under 64 KB."""
    text = RESULTS + "1,1,7\n" * 30_000
    response = client.post(results_url(leader), {"csv_file": upload(text.encode())})
    page = response.content.decode()
    assert page.count("is already on line 2") == 40  # in the list, and beside its line
    assert "29999 problems; nothing was imported." in page
    assert "…and 29979 more problems not listed." in page
    assert len(response.content) < ANSWER_MAX


def test_a_refused_file_previews_only_its_lines_with_problems(client, leader):
    """A four-line teams file with one bad line previews that line and counts the others."""
    lines = "".join(f"{t},Club {t},Zone,a,b,x,y\n" for t in (1, 2, 9, 4))
    response = client.post(teams_url(leader), {"csv_text": TEAMS + lines})
    page = response.content.decode()
    assert page.count('class="refused"') == 1 and 'class="ok"' not in page
    assert "…and 3 more lines not shown." in page


def test_a_line_of_thousands_of_commas_is_previewed_short(client, leader):
    """A line of 200,000 commas is refused and previewed with its first values only."""
    response = client.post(
        teams_url(leader), {"csv_file": upload((TEAMS + "1" + "," * 200_000).encode())}
    )
    assert "200001 values but 7 columns" in response.content.decode()
    assert len(response.content) < ANSWER_MAX


# ---------------------------------------------------------------- no long value repeated


def test_a_phone_sending_megabytes_of_tricks_gets_them_back_cut(client, leader):
    """A table's phone sending 2.3 MB of tricks is answered in a few hundred bytes, the value
    cut to its first 99 characters and "…"."""
    token = table_tokens_issue(event=leader, actor=None, tables=[1])[1]
    body = json.dumps({"id": "a" * 16, "hand": 1, "tricks": "7" + "x" * 2_300_000})
    url = reverse("tournaments:table_entry", args=[token])
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == 409 and len(response.content) < 1000
    assert "'7" + "x" * 98 + "…'" in response.json()["error"]
    assert not HandResult.objects.exists()


def test_a_csv_value_is_repeated_in_its_problem_cut_to_a_hundred_characters(client, leader):
    """A table number of 900 digits comes back in its problem as 99 digits and "…"."""
    text = TEAMS + "9" * 900 + ",Club,Zone,a,b,x,y\n"
    response = client.post(teams_url(leader), {"csv_file": upload(text.encode())})
    page = response.content.decode()
    assert "not &#x27;" + "9" * 99 + "…" in page and "9" * 101 not in page


def test_a_name_far_over_its_length_comes_back_cut_in_its_box(client, leader):
    """A 2 MB event name on the new-event page is refused and shown again as its first 99
    characters and "…"; the page stays under 64 KB."""
    body = new_event_body(name="N" * 2_000_000)
    response = client.post(reverse("tournaments:event_new"), body)
    page = response.content.decode()
    assert 'value="' + "N" * 99 + "…" in page and "N" * 101 not in page
    assert len(response.content) < ANSWER_MAX and not Event.objects.filter(slug="club-night")


def test_a_refused_choice_is_named_cut_in_its_message(client, leader):
    """A level of 100,000 characters is refused with Django's message naming it cut short."""
    response = client.post(reverse("tournaments:event_new"), new_event_body(level="L" * 100_000))
    page = response.content.decode()
    assert "L" * 99 + "…" in page and "L" * 101 not in page
    assert len(response.content) < ANSWER_MAX


def test_a_name_that_fits_is_shown_again_whole(client, leader):
    """A 119-character name stays whole in its box when another field is refused."""
    name = "N" * 119
    body = new_event_body(name=name, tables="0")
    page = client.post(reverse("tournaments:event_new"), body).content.decode()
    assert f'value="{name}"' in page


def test_a_long_pasted_file_is_not_shown_again_under_its_problems(client, leader):
    """A refused paste of 200 KB gets its problems without the paste again; a short one is
    kept in its box to be corrected there."""
    long = TEAMS + "".join(f"{t},{'C' * 150} {t},Zone,a,b,x,y\n" for t in range(1, 1300))
    response = client.post(teams_url(leader), {"csv_text": long})
    assert response.context["problems"] and len(response.content) < ANSWER_MAX
    short = TEAMS + "9,Club,Zone,a,b,x,y\n"
    assert short.strip() in client.post(teams_url(leader), {"csv_text": short}).content.decode()


# ---------------------------------------------------------------- archives


def written() -> tuple:
    return (Event.objects.count(), Team.objects.count(), AuditEntry.objects.count())


def test_an_archive_over_the_bound_is_refused_from_its_size(client, leader):
    """A 25 MB upload on the restore page is refused naming its size and the 24 MB bound."""
    before = written()
    raw = b"{" + b" " * ARCHIVE_MAX
    response = client.post(reverse("tournaments:event_restore"), {"archive": upload(raw)})
    assert "The file is 24.0 MB; an event archive is at most 24 MB." in response.content.decode()
    assert written() == before


@pytest.mark.parametrize("raw", [PNG, b"\x00" * 5000, b"PK\x03\x04zip", b"[1, 2]", b""])
def test_a_file_that_is_not_an_archive_is_refused_on_the_restore_page(client, leader, raw):
    """A picture, zeros, a zip, a JSON list or an empty file: refused as not an archive."""
    before = written()
    response = client.post(reverse("tournaments:event_restore"), {"archive": upload(raw)})
    page = response.content.decode()
    assert "not an event archive" in page or "The submitted file is empty" in page
    assert written() == before and len(response.content) < ANSWER_MAX


def import_event(path) -> str:
    began = time.monotonic()
    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(path), stdout=io.StringIO())
    assert time.monotonic() - began < 1
    return str(refused.value)


def test_import_event_refuses_dev_zero_at_once(leader):
    """``import_event /dev/zero`` is refused within a second as not an archive."""
    assert "not an event archive" in import_event("/dev/zero")


def test_import_event_refuses_a_picture_at_once(leader, tmp_path):
    """A picture given to ``import_event`` is refused within a second as not an archive."""
    path = tmp_path / "photo.png"
    path.write_bytes(PNG)
    assert "not an event archive" in import_event(path)


def test_import_event_refuses_a_file_larger_than_the_bound_from_its_size(leader, tmp_path):
    """A 1 GB file (sparse: nothing is written) is refused within a second, naming its size."""
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.write(b"{")
        file.truncate(1024**3)
    assert "The file is 1024.0 MB; an event archive is at most 24 MB." in import_event(path)


def test_import_event_names_a_folder_it_cannot_read(leader, tmp_path):
    """A folder given as the archive is named in a message, not a traceback."""
    assert "Cannot read" in import_event(tmp_path)


def test_an_archive_cut_short_is_refused_by_import_event(leader, tmp_path):
    """A real archive cut in the middle is refused as not JSON and restores nothing."""
    source = make_event("cut", tables=2)
    text = snapshot.archive_text(source)
    source.delete()
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    assert "not JSON" in import_event(path)
    assert not Event.objects.filter(slug="cut").exists()


def test_restore_refuses_a_file_larger_than_the_bound(tmp_path):
    """``restore FILE`` with a 1 GB file is refused within a second, naming the bound."""
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(1024**3)
    began = time.monotonic()
    with pytest.raises(CommandError, match="an event archive is at most 24 MB"):
        call_command("restore", str(path), stdout=io.StringIO())
    assert time.monotonic() - began < 1 and not Event.objects.exists()


def test_restore_from_a_folder_refuses_a_backup_that_is_not_an_archive(tmp_path):
    """``restore --from`` a stick whose newest backup is a picture refuses it by name."""
    folder = tmp_path / "stick" / "area"
    folder.mkdir(parents=True)
    (folder / "area-20260502T140300000000Z-r5.json").write_bytes(PNG)
    with pytest.raises(CommandError, match="not an event archive"):
        call_command("restore", "--from", str(tmp_path / "stick"), stdout=io.StringIO())
    assert not Event.objects.exists()


@pytest.mark.parametrize("typed", ["³", "٣", "9" * 5000, "-1", "x" * 100_000])
def test_the_go_to_hand_box_answers_any_text_with_the_hand_list(client, leader, typed):
    """A hand typed as '³', Arabic digits, 5,000 digits or text goes back to the hand list."""
    response = client.get(reverse("tournaments:hand_jump", args=[leader.slug]), {"hand": typed})
    assert response.status_code == 302
    assert response.url == reverse("tournaments:hands", args=[leader.slug])


def test_a_refused_file_of_characters_the_page_escapes_stays_under_64_kb(client, leader):
    """300 lines of twelve values of 100 apostrophes and "<" (six and four characters each
    on the page), names repeated: still under 64 KB, uploaded or pasted."""
    value = "'" * 50 + "<" * 50
    text = TEAMS + "".join(f"1,{value},{','.join([value] * 10)}\n" for _ in range(300))
    for body in ({"csv_file": upload(text.encode())}, {"csv_text": text[:12_000]}):
        response = client.post(teams_url(leader), body)
        assert response.context["problems"] and len(response.content) < ANSWER_MAX


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["import_teams", "bounds"], "a teams file is at most 512 KB"),
        (["import_results", "bounds"], "a results file is at most 512 KB"),
        (
            ["create_event", "--name", "Z", "--slug", "z", "--tables", "2", "--hands-per-day",
             "2", "--pattern", "custom", "--pattern-file"],
            "a rotation file is at most 512 KB",
        ),
    ],
)  # fmt: skip
def test_each_import_command_refuses_dev_zero_naming_its_limit(leader, command, said):
    """``import_teams``, ``import_results`` and ``create_event --pattern-file`` given
    ``/dev/zero`` refuse it within a second, each naming its own file's limit."""
    began = time.monotonic()
    with pytest.raises(CommandError, match=said):
        call_command(*command, "/dev/zero", stdout=io.StringIO())
    assert time.monotonic() - began < 1 and not Event.objects.filter(slug="z").exists()


def test_import_results_lists_the_first_twenty_problems_and_counts_the_rest(leader, tmp_path):
    """``import_results`` with 30,000 repeated lines names 20 problems and counts 29,979."""
    path = tmp_path / "results.csv"
    path.write_text(RESULTS + "1,1,7\n" * 30_000, encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("import_results", leader.slug, str(path), stdout=io.StringIO())
    said = str(refused.value)
    assert said.count("is already on line 2") == 20
    assert "…and 29979 more problems not listed." in said and not HandResult.objects.exists()


@pytest.mark.parametrize("typed", ["9" * 5000, "٣", "1-" + "9" * 5000])
def test_new_entry_addresses_for_tables_typed_as_thousands_of_digits_are_refused(
    client, leader, typed
):
    """Tables typed as 5,000 digits or Arabic digits on the table entry page are refused with
    a message, the value cut, and no address is issued."""
    url = reverse("tournaments:table_links", args=[leader.slug])
    response = client.post(url, {"action": "issue", "tables": typed}, follow=True)
    page = response.content.decode()
    assert response.status_code == 200 and "is not a table number" in page
    assert "9" * 101 not in page and not leader.table_tokens.exists()


def test_a_results_paste_over_the_limit_is_refused_as_a_results_file(client, leader):
    """Pasting 600 KB of results is refused naming a results file's 512 KB limit, the paste
    shown again only cut."""
    response = client.post(results_url(leader), {"csv_text": RESULTS + "1,1,7\n" * 100_000})
    page = response.content.decode()
    assert "The pasted text is over 512 KB; a results file is at most 512 KB." in page
    assert len(response.content) < ANSWER_MAX
