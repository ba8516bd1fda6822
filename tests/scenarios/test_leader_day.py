"""The leader's day: event list, final results, table links, records from the browser, and
an admin that cannot change audited records."""

from __future__ import annotations

import datetime
import json

import pytest
from django.urls import reverse

from tests.leader_helpers import make_event, make_user, play
from tests.tournaments.services.test_playoffs import _cut, finished, hand
from tournaments import selectors
from tournaments.archive import dumps, export_event
from tournaments.models import AuditEntry, Event, HandResult, Team
from tournaments.services import ResultEntry, results_record
from tournaments.services.closing import day_close

pytestmark = pytest.mark.django_db


def test_the_event_list_shows_each_events_date_and_how_far_it_has_got(client):
    """Events list their first day and 'Not started', 'playing hand 13 of 30' (the hand the
    hall plays now), 'Day 1 is over: counting the flags' (its last hand in, the day not
    closed) or 'Finished'."""
    waiting = make_event("waiting", tables=4, starts_on=datetime.date(2026, 6, 9))
    playing = make_event("playing", tables=4)
    play(playing, range(1, 13))
    done = make_event("done", tables=4, hands_per_day=(2,))
    play(done, [1, 2])
    two_days = make_event("two-days", tables=4, hands_per_day=(2, 2))
    play(two_days, [1, 2, 3])
    day_over = make_event("day-over", tables=4, hands_per_day=(2, 2))
    play(day_over, [1, 2])
    assert "Day 1 is over: counting the flags" in client.get("/").content.decode()
    day_close(event=two_days, day=1, close_incomplete=True, override_note="later", actor=None)
    page = client.get("/").content.decode()
    assert "Tuesday 9 June 2026" in page and "Not started" in page
    assert "playing hand 13 of 30" in page and "Finished" in page
    assert "Day 2 · playing hand 4 of 4" in page
    assert waiting.name in page and done.name in page


def test_the_event_list_runs_three_queries_however_many_events(client, django_assert_num_queries):
    """The status of every event comes from three queries, for three events or six."""
    for n in range(3):
        play(make_event(f"e{n}", tables=4), [1])
    with django_assert_num_queries(3):
        client.get("/")
    for n in range(3, 6):
        play(make_event(f"e{n}", tables=4), [1, 2])
    with django_assert_num_queries(3):
        client.get("/")


def test_a_hand_entered_ahead_does_not_move_the_event_list():
    """Hands 1 and 5 entered everywhere, hand 2 at one table: the hall plays hand 2."""
    event = make_event("ahead", tables=4)
    play(event, [1, 5])
    results_record(event=event, entries=[ResultEntry(2, 1, 8)], actor=None)
    rows = {row.event.slug: row.status for row in selectors.event_rows()}
    assert rows["ahead"] == "playing hand 2 of 30"


def test_standings_table_numbers_link_to_the_tables_pages(client):
    """Each table number on the standings page opens that table's own page."""
    event = make_event("links", tables=4)
    play(event, [1])
    page = client.get(reverse("tournaments:standings", args=[event.slug])).content.decode()
    for table in range(1, 5):
        assert f'href="/events/{event.slug}/tables/{table}/"' in page


def test_after_the_playoffs_the_event_home_shows_the_final_results(client):
    """Once every playoff is played the home page names the winner and the advancing teams,
    not the playoff call."""
    event = finished(2, advancing=1)
    hand(event, 1, 1, 2, 1, tricks=7, trump_cut="QH", dealer_cut=[_cut(2, 1)])
    page = client.get(reverse("tournaments:event", args=[event.slug])).content.decode()
    assert "Final results" in page and "need a playoff" not in page
    club = f'<a href="/clubs/{event.club_entries.get(team="Team 2").club.slug}/">Team 2</a>'
    assert f"Winner: <strong>{club}</strong>" in page
    assert f"Advancing to the next level: <strong>{club}</strong>." in page


def test_before_the_playoff_the_event_home_still_calls_for_it(client):
    """With the tie not yet played off, the home page asks for the playoff."""
    event = finished(2)
    page = client.get(reverse("tournaments:event", args=[event.slug])).content.decode()
    assert "need" in page and "a playoff" in page and "Final results" not in page


# ------------------------------------------------------------------ records from the browser


def test_a_leader_downloads_the_events_archive_from_its_menu(client):
    """The menu's Archive link gives the same file as export_event."""
    event = make_event("backup", tables=4)
    play(event, [1])
    client.force_login(make_user("lead", event))
    home = client.get(reverse("tournaments:event", args=[event.slug])).content.decode()
    link = reverse("tournaments:event_archive", args=[event.slug])
    assert f'href="{link}" download>Archive' in home
    response = client.get(link)
    assert response["Content-Disposition"] == 'attachment; filename="backup-archive.json"'
    assert response.content.decode() == dumps(export_event(event))


def test_anyone_without_a_role_cannot_download_an_archive(client):
    """A visitor is sent to log in; an assistant is refused the backup."""
    event = make_event("private", tables=4)
    link = reverse("tournaments:event_archive", args=[event.slug])
    assert client.get(link).status_code == 302
    client.force_login(make_user("helper", event, role="assistant"))
    assert client.get(link).status_code == 403


def restore(client, text: str):
    upload = {"archive": _file("event.json", text)}
    return client.post(reverse("tournaments:event_restore"), upload)


def _file(name: str, text: str):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, text.encode(), content_type="application/json")


def test_staff_restore_an_archive_and_get_the_event_back(client):
    """A downloaded archive restored by staff recreates the event byte for byte."""
    event = make_event("moved", tables=4)
    play(event, [1, 2])
    text = dumps(export_event(event))
    event.delete()
    client.force_login(make_user("admin", is_staff=True))
    response = restore(client, text)
    assert response.status_code == 302
    assert dumps(export_event(Event.objects.get(slug="moved"))) == text
    assert AuditEntry.objects.get(action="event restored").actor == "admin"


def test_a_bad_archive_restores_nothing_and_says_why(client):
    """An archive whose slug is taken, or a file that is not JSON, is refused by name."""
    event = make_event("taken", tables=4)
    client.force_login(make_user("admin", is_staff=True))
    page = restore(client, dumps(export_event(event))).content.decode()
    assert "Nothing was restored. An event &#x27;taken&#x27; already exists here" in page
    page = restore(client, "not json").content.decode()
    assert "This file is not an event archive" in page
    assert Event.objects.count() == 1


def test_only_staff_restore(client):
    """A leader without staff rights cannot open the restore page."""
    event = make_event("own", tables=4)
    client.force_login(make_user("lead", event))
    assert client.get(reverse("tournaments:event_restore")).status_code == 403


def results_url(event) -> str:
    return reverse("tournaments:results_import", args=[event.slug])


def test_results_csv_is_previewed_then_imported(client):
    """Pasted results are shown line by line with a tick, then imported in one go."""
    event = make_event("csv", tables=4)
    client.force_login(make_user("lead", event))
    text = "hand,table,visitor_tricks\n" + "".join(f"1,{t},8\n" for t in range(1, 5))
    page = client.post(results_url(event), {"csv_text": text, "action": "preview"})
    assert "Import these 4 results" in page.content.decode()
    assert not HandResult.objects.exists()
    response = client.post(results_url(event), {"csv_text": text, "action": "import"})
    assert response.status_code == 302
    assert HandResult.objects.filter(event=event).count() == 4
    assert AuditEntry.objects.filter(action="result imported").count() == 4


def test_one_bad_results_line_imports_nothing(client):
    """A line with 14 tricks is named in the preview and nothing is imported, even on import."""
    event = make_event("csvbad", tables=4)
    client.force_login(make_user("lead", event))
    text = "hand,table,visitor_tricks\n1,1,8\n1,2,14\n"
    page = client.post(results_url(event), {"csv_text": text, "action": "import"})
    body = page.content.decode()
    assert "nothing was imported" in body and "line 3" in body
    assert not HandResult.objects.exists()


def delete_url(event) -> str:
    return reverse("tournaments:event_delete", args=[event.slug])


def test_deleting_an_event_offers_the_archive_and_needs_its_short_name(client):
    """The delete page offers the archive first; a wrong name deletes nothing; the right one
    deletes the event, with an entry in the log."""
    event = make_event("gone", tables=4)
    client.force_login(make_user("admin", is_staff=True))
    page = client.get(delete_url(event)).content.decode()
    assert reverse("tournaments:event_archive", args=[event.slug]) in page
    page = client.post(delete_url(event), {"confirm": "gon"}).content.decode()
    assert "Type the event&#x27;s short name, gone, to delete it" in page
    assert Event.objects.filter(slug="gone").exists()
    assert client.post(delete_url(event), {"confirm": "gone"}).status_code == 302
    assert not Event.objects.filter(slug="gone").exists()
    assert AuditEntry.objects.get(action="event deleted").target == "gone"


def test_a_leader_who_is_not_staff_cannot_delete_the_event(client):
    """Deleting is for staff; the event's own leader is refused."""
    event = make_event("mine", tables=4)
    client.force_login(make_user("lead", event))
    assert client.post(delete_url(event), {"confirm": "mine"}).status_code == 403
    assert Event.objects.filter(slug="mine").exists()


# ------------------------------------------------------------------ admin


@pytest.mark.parametrize("model", ["team", "handresult", "loan", "auditentry", "hand", "event"])
def test_the_admin_cannot_change_or_delete_audited_records(client, model):
    """Staff see records in the admin but cannot change or delete them, nor 'Delete selected'."""
    event = make_event("admin", tables=4)
    play(event, [1], tricks=13)
    client.force_login(make_user("root", is_staff=True, is_superuser=True))
    listing = client.get(f"/admin/tournaments/{model}/")
    assert listing.status_code == 200
    assert "delete_selected" not in listing.content.decode()
    row = {"team": Team, "handresult": HandResult, "event": Event}.get(model)
    if row is not None:
        pk = row.objects.first().pk
        client.post(f"/admin/tournaments/{model}/{pk}/change/", {"name": "Changed"})
        assert (
            client.post(f"/admin/tournaments/{model}/{pk}/delete/", {"post": "yes"}).status_code
            == 403
        )
        assert row.objects.filter(pk=pk).exists()
    assert not Team.objects.filter(name="Changed").exists()
    assert json.dumps(list(Event.objects.values_list("name", flat=True))) == '["Event admin"]'
