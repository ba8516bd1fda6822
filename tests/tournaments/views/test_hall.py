"""What the hall sees of its current hand: hall.json, /hall/, the grid's waiting line, the
movement screen, the rotation a block at a time, a table's phone after it saved, entry slips."""

from __future__ import annotations

import io
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from tests.leader_helpers import make_event, make_user, play, sent_by_phone
from tournaments import selectors
from tournaments.services import ResultEntry, results_record
from tournaments.services.table_entry import table_entry_settings, table_tokens_issue

pytestmark = pytest.mark.django_db


def some_of(event, hand, tables):
    results_record(event=event, entries=[ResultEntry(hand, t, 8) for t in tables], actor=None)


def test_hall_json_gives_the_halls_hand_and_the_tables_it_waits_for(client):
    """After hand 1 and hand 2 at tables 1, 2 and 5: the hall is on hand 2 and waits for
    tables 3, 4, 6, 7 and 8."""
    event = make_event("hall-json", tables=8)
    play(event, [1])
    some_of(event, 2, [1, 2, 5])
    body = client.get(f"/events/{event.slug}/hall.json").json()
    hand = selectors.load_rotation(event).hand(2)
    assert body == {
        "event": event.slug,
        "tables": 8,
        "hand": 2,
        "hands_played": 1,
        "last_hand": 30,
        "day": 1,
        "trump": hand.trump.value,
        "travelling": "AB",
        "waiting": [3, 4, 6, 7, 8],
        "pending": [],
        "day_over": None,
        "all_played": False,
        "announcement": "",
        "clock_ends_at": None,
        "standby": None,
        "replaced_by": None,
    }


def test_the_hall_page_names_the_tables_each_event_waits_for(client):
    """/hall/ says 'Hand 2 · Waiting for tables 3–4, 6–8.' under the event being played, and
    nothing under an event not started."""
    playing = make_event("hall-playing", tables=8)
    play(playing, [1])
    some_of(playing, 2, [1, 2, 5])
    waiting = make_event("hall-waiting", tables=8)
    page = client.get("/hall/").content.decode()
    assert "Hand 2 · Waiting for tables 3–4, 6–8." in page
    after = page.split(waiting.name)[1].split("</li>")[0]
    assert "Waiting for" not in after


def test_the_grid_says_which_tables_the_hand_waits_for_and_its_refresh_too(client):
    """Hand 1 with tables 1-6 in: the grid and rows.json name tables 7 and 8."""
    event = make_event("grid-waits", tables=8)
    some_of(event, 1, range(1, 7))
    client.force_login(make_user("lead", event))
    page = client.get(reverse("tournaments:hand_grid", args=[event.slug, 1])).content.decode()
    assert "Waiting for tables 7–8." in page
    rows = client.get(reverse("tournaments:hand_rows", args=[event.slug, 1])).json()
    assert rows["missing"] == [7, 8]


def test_the_movement_screen_says_in_one_line_how_far_every_pair_moves(client):
    """Hand 1 of the standard rotation moves every pair one table up: one line says so and
    names the table that goes round to table 1."""
    event = make_event("moves-line", tables=8)
    page = client.get(reverse("tournaments:movement_projector", args=[event.slug])).content
    assert "Travelling pairs: move 1 table up — Table 8 goes to Table 1" in page.decode()


def test_the_movement_screen_from_a_tables_page_lists_that_table_first(client):
    """?table=6 puts table 6's line first, marked as the reader's."""
    event = make_event("moves-mine", tables=8)
    url = reverse("tournaments:movement_projector", args=[event.slug])
    page = client.get(url, {"table": "6"}).content.decode()
    moves = page.split('id="movement-moves"')[1]
    first = moves.split("</li>")[0]
    assert "Table 6" in first and 'class="mine"' in first
    table_page = client.get(reverse("tournaments:table", args=[event.slug, 6])).content.decode()
    assert f'href="{url}?table=6"' in table_page


def test_the_hall_map_marks_every_table_waiting_entered_at_the_table_or_in(client):
    """Hand 2 in at tables 1, 2 and 5, table 3's phone entry waiting for the leader: the map
    shows tables 4, 6, 7 and 8 waiting, 3 entered at the table, the rest in, and says so; the
    event's menu links to it."""
    from tournaments.services.table_entry import table_entry_submit

    event = make_event("hall-map", tables=8)
    play(event, [1])
    some_of(event, 2, [1, 2, 5])
    table_entry_settings(event=event, enabled=True, waits=True, actor=None)
    table_entry_submit(event=event, table=3, sent=sent_by_phone("phone-three-0001", 2, 9))
    page = client.get(reverse("tournaments:hall_map", args=[event.slug])).content.decode()
    tiles = page.split('id="hall-map-tables"')[1].split("</ol>")[0]
    marks = {
        n: tiles.split(f'data-table="{n}"')[0].rsplit('class="', 1)[1].split('"')[0]
        for n in range(1, 9)
    }
    assert marks == {n: "in" for n in (1, 2, 5)} | {3: "pending"} | {
        n: "waiting" for n in (4, 6, 7, 8)
    }
    assert "Hand 2 · Waiting for tables 4, 6–8." in page
    home = client.get(reverse("tournaments:event", args=[event.slug])).content.decode()
    assert f'href="{reverse("tournaments:hall_map", args=[event.slug])}">Hall map</a>' in home


def test_the_hall_map_after_the_last_hand_says_every_hand_is_played(client):
    """Once every hand is in, the map shows every table in and says all hands are played."""
    event = make_event("hall-map-done", tables=4, hands_per_day=(2,))
    play(event, [1, 2])
    page = client.get(reverse("tournaments:hall_map", args=[event.slug])).content.decode()
    assert "All 2 hands are played" in page
    assert page.count('class="in"') == 4 and 'class="waiting"' not in page


def test_the_rotation_page_shows_25_home_tables_at_a_time(client):
    """At 60 tables the page shows tables 1-25 with links to 26-50 and 51-60; ?table=40 shows
    table 40's own line first and the block it is in."""
    event = make_event("rotation-blocks", tables=60, hands_per_day=(4,))
    url = reverse("tournaments:rotation", args=[event.slug])
    page = client.get(url).content.decode()
    head = page.split("<thead>")[1].split("</thead>")[0]
    assert "<th>25</th>" in head and "<th>26</th>" not in head
    assert 'href="?tables=26-50"' in page and 'href="?tables=51-60"' in page
    page = client.get(url, {"table": "40"}).content.decode()
    own = page.split('class="own-rotation"')[1].split("</section>")[0]
    rotation = selectors.load_rotation(event)
    for hand in rotation.hands:
        assert f"hand {hand.number}</span> <strong>{hand.moves[40]}</strong>" in own
    assert '<th class="mine">40</th>' in page
    table_page = client.get(reverse("tournaments:table", args=[event.slug, 40])).content.decode()
    assert f'href="{url}?table=40"' in table_page


def test_a_tables_phone_says_where_its_pair_goes_next_after_saving(client):
    """Table 3 saves hand 1: the answer tells where its pair goes in hand 2, who comes, and
    the trump."""
    event = make_event("next-move", tables=8)
    token = table_tokens_issue(event=event, actor=None)[3]
    body = {"id": "phone-next-0001", "hand": 1, "tricks": 8}
    answer = client.post(
        reverse("tournaments:table_entry", args=[token]),
        json.dumps(body),
        content_type="application/json",
    ).json()
    hand = selectors.load_rotation(event).hand(2)
    assert answer["next"] == (
        f"Your travelling pair (A & B) goes to Table {hand.moves[3]}; Table "
        f"{hand.visitor_of(3)}'s pair comes to you; hand 2, trump {hand.trump.symbol}."
    )


def test_a_table_that_is_in_waits_with_the_tables_still_out(client):
    """Table 3 entered hand 1; its phone says hand 1 is in, names the tables the hall waits
    for, and what comes next."""
    event = make_event("phone-waits", tables=4)
    token = table_tokens_issue(event=event, actor=None)[3]
    url = reverse("tournaments:table_entry", args=[token])
    body = {"id": "phone-wait-0001", "hand": 1, "tricks": 8}
    client.post(url, json.dumps(body), content_type="application/json")
    page = client.get(url).content.decode()
    assert "Hand 1 is in" in page
    assert "Hand 1 · Waiting for tables 1–2, 4." in page
    assert "Your travelling pair (A &amp; B) goes to Table" in page


def test_entry_slips_come_four_to_a_page():
    """Six tables' entry slips take two pages."""
    from tournaments import pdf

    event = make_event("four-slips", tables=6)
    table_tokens_issue(event=event, actor=None)
    body = pdf.render(event, pdf.PrintJob("entry"))
    assert len(PdfReader(io.BytesIO(body)).pages) == 2


def test_print_event_prints_entry_slips_and_issues_missing_addresses(tmp_path):
    """print_event --what entry gives every table an address; refused while entry is off."""
    event = make_event("cli-slips", tables=4)
    out = tmp_path / "slips.pdf"
    call_command("print_event", event.slug, "--what", "entry", "--out", str(out), stdout=StringIO())
    assert out.read_bytes().startswith(b"%PDF") and len(selectors.entry_tokens(event)) == 4
    table_entry_settings(event=event, enabled=False, waits=False, actor=None)
    with pytest.raises(Exception, match="turned off"):
        call_command(
            "print_event", event.slug, "--what", "entry", "--out", str(out), stdout=StringIO()
        )


def test_the_projector_names_the_tables_the_hand_waits_for(client):
    """The projector's head says which tables hand 2 waits for."""
    event = make_event("proj-waits", tables=8)
    play(event, [1])
    some_of(event, 2, range(1, 8))
    page = client.get(reverse("tournaments:projector", args=[event.slug])).content.decode()
    assert "Hand 2 · Waiting for table 8." in page
