"""A table's entry address, the leader's table-entry page, table_links, cards and the grid."""

from __future__ import annotations

import html
import io
import json
import re
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from tests.leader_helpers import make_event, make_user, play
from tournaments import pdf, selectors, snapshot
from tournaments.models import HandResult, TableToken
from tournaments.services.closing import day_close
from tournaments.services.table_entry import table_tokens_issue
from tournaments.views.table_entry import WRONG_TOKENS_ALLOWED

pytestmark = pytest.mark.django_db


def entry_url(token: str) -> str:
    return reverse("tournaments:table_entry", args=[token])


def post(client, token, **body):
    body = {"id": "phone-entry-0001", "hand": 1, "tricks": 8, **body}
    return client.post(entry_url(token), json.dumps(body), content_type="application/json")


@pytest.fixture
def hall():
    event = make_event("te-views", tables=8)
    return event, table_tokens_issue(event=event, actor=None)


def test_the_entry_page_shows_the_hand_the_visitors_and_the_trump(client, hall):
    """Table 3's page shows hand 1, the visiting table and its pair, and the trump."""
    event, tokens = hall
    hand = snapshot.rotation(event).hand(1)
    visitor = hand.visitor_of(3)
    page = client.get(entry_url(tokens[3])).content.decode()
    assert "Hand 1" in page and f"Visitors: <strong>Table {visitor} · Team {visitor}" in page
    assert f"A{visitor} &amp; B{visitor}" in page and "Hearts" in page
    assert "Visitors, confirm?" in page


def test_a_posted_entry_is_recorded_for_the_tokens_table_only(client, hall):
    """Table 5's token records hand 1 at host table 5, entered by "table 5"."""
    event, tokens = hall
    answer = post(client, tokens[5], tricks=10)
    assert answer.status_code == 200 and answer.json()["saved"] is True
    row = HandResult.objects.get(event=event)
    assert (row.host_table, row.visitor_tricks, row.entered_by) == (5, 10, "table 5")


@pytest.mark.parametrize(("tricks", "said"), [(1, "1</strong> trick "), (8, "8</strong> tricks")])
def test_the_phone_names_its_last_entry_in_tricks_singular_or_plural(client, hall, tricks, said):
    """After entering 1 trick the table's phone says "took 1 trick", never "1 tricks"."""
    event, tokens = hall
    post(client, tokens[5], tricks=tricks)
    page = client.get(entry_url(tokens[5])).content.decode()
    assert f"took <strong>{said}" in page


def test_a_bad_trick_count_is_refused_naming_the_field(client, hall):
    """14 tricks is refused with a message about tricks; nothing is recorded."""
    event, tokens = hall
    answer = post(client, tokens[1], tricks=14)
    assert answer.status_code == 409
    assert answer.json() == {"error": "tricks must be from 0 to 13, not 14", "field": "tricks"}
    assert not HandResult.objects.exists()


def test_an_entry_of_a_hand_the_hall_has_not_reached_is_refused_for_the_phone_to_keep(client, hall):
    """A hall that went back (restored from the stick) answers a hand it has not reached with
    ``waits``: the phone keeps the entry and sends it again (table_entry.js)."""
    event, tokens = hall
    answer = post(client, tokens[2], hand=2)
    assert answer.status_code == 409
    assert answer.json()["waits"] is True and "The hall is on hand 1" in answer.json()["error"]
    assert not HandResult.objects.filter(event=event).exists()
    assert "waits" not in post(client, tokens[2], tricks=14).json()  # a wrong entry: not kept


def test_an_unreadable_entry_is_refused(client, hall):
    """A body that is not an entry gets a message, never a server error."""
    _, tokens = hall
    answer = client.post(entry_url(tokens[1]), "[1,2]", content_type="application/json")
    assert answer.status_code == 400 and "reload the page" in answer.json()["error"]


def test_a_wrong_token_is_refused_and_then_rate_limited(client, hall):
    """Unknown tokens get 404; after too many, even a right token from that address waits."""
    _, tokens = hall
    for n in range(WRONG_TOKENS_ALLOWED):
        assert client.get(entry_url(f"guess-{n}")).status_code == 404
    refused = client.get(entry_url(tokens[1]))
    assert refused.status_code == 429 and b"Wait ten minutes" in refused.content
    cache.clear()
    assert client.get(entry_url(tokens[1])).status_code == 200


def test_a_replaced_token_is_refused_with_a_message(client, hall):
    """After the leader issues a new address for table 2, the old card says so."""
    event, tokens = hall
    table_tokens_issue(event=event, actor=None, tables=[2], replace=True)
    answer = client.get(entry_url(tokens[2]))
    assert answer.status_code == 403 and b"was replaced" in answer.content
    assert post(client, tokens[2]).status_code == 403


def test_no_other_page_accepts_a_token(client, hall):
    """The grid with a token in its address or body still sends the visitor to log in."""
    event, tokens = hall
    grid = reverse("tournaments:hand_grid", args=[event.slug, 1])
    answer = client.post(f"{grid}?token={tokens[1]}", {"token": tokens[1], "tricks_1": "8"})
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]
    assert not HandResult.objects.exists()


def entry_page_queries(client, tables: int) -> int:
    event = make_event(f"q-{tables}", tables=tables)
    play(event, [1, 2])
    token = table_tokens_issue(event=event, actor=None)[1]
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        assert client.get(entry_url(token)).status_code == 200
    return len(captured)


def test_the_entry_page_runs_the_same_queries_for_8_and_64_tables(client):
    """A table's entry page for 64 tables runs no more queries than for 8."""
    small, large = entry_page_queries(client, 8), entry_page_queries(client, 64)
    assert small == large and small <= 14  # cold: the revision read around each value built


def test_table_links_prints_each_tables_public_page_and_entry_address():
    """One line per table: its public page and its entry address on the base address."""
    event = make_event("links", tables=3)
    out = StringIO()
    call_command("table_links", event.slug, "--base-url", "http://192.168.1.20:8000", stdout=out)
    tokens = selectors.entry_tokens(event)
    lines = out.getvalue().splitlines()
    assert lines[1] == (
        "Table 2\thttp://192.168.1.20:8000/events/links/tables/2/\t"
        f"http://192.168.1.20:8000/enter/{tokens[2]}/"
    )
    assert len(lines) == 3


def test_the_card_carries_the_public_code_only(monkeypatch):
    """Table 2's card has one QR code, its public page; the entry address is not on it."""
    event = make_event("card-codes", tables=2)
    tokens = table_tokens_issue(event=event, actor=None)
    drawn = []
    monkeypatch.setattr("tournaments.pdf.cards.draw_qr", lambda c, url, *a, **k: drawn.append(url))
    job = pdf.PrintJob(what="cards", tables=(2,), base_url="http://hall.local:8000")
    body = pdf.render(event, job)
    assert drawn == ["http://hall.local:8000/events/card-codes/tables/2/"]
    text = PdfReader(io.BytesIO(body)).pages[0].extract_text()
    assert tokens[2] not in text and "Enter this table's" not in text


def test_the_entry_slip_carries_the_entry_code_for_the_hosts_only(monkeypatch):
    """Table 2's entry slip has its entry address as a QR code and says it is for the
    table's hosts only."""
    event = make_event("slip-codes", tables=2)
    tokens = table_tokens_issue(event=event, actor=None)
    drawn = []
    monkeypatch.setattr(
        "tournaments.pdf.entry_slips.draw_qr", lambda c, url, *a, **k: drawn.append(url)
    )
    job = pdf.PrintJob(what="entry", tables=(2,), base_url="http://hall.local:8000")
    text = PdfReader(io.BytesIO(pdf.render(event, job))).pages[0].extract_text()
    assert drawn == [f"http://hall.local:8000/enter/{tokens[2]}/"]
    assert "For the table's hosts only" in text and "never leave it on the table" in text


@pytest.mark.parametrize(
    "base_url",
    [
        "http://192.168.1.20:8000",
        "https://whist.association-des-aines-de-rouyn-noranda.example.org",
    ],
)
def test_the_entry_slip_prints_its_secret_whole_on_one_line(base_url):
    """The address under the slip's QR code can be typed: its secret is never broken across
    lines, however long the hall's address (on a hosted server's long name, it has a line
    of its own)."""
    event = make_event("slip-line", tables=2)
    token = table_tokens_issue(event=event, actor=None)[1]
    job = pdf.PrintJob(what="entry", tables=(1,), base_url=base_url)
    lines = PdfReader(io.BytesIO(pdf.render(event, job))).pages[0].extract_text().splitlines()
    assert any(token in line for line in lines)
    assert f"{base_url}/enter/{token}/" in "".join(lines).replace(" ", "")


def slips(client, event, method="post", **data):
    url = reverse("tournaments:entry_slips", args=[event.slug])
    return getattr(client, method)(url, data)


def test_a_leaders_post_issues_the_missing_entry_addresses_and_prints_the_slips(client):
    """Printing entry slips as a leader gives every table an address and returns the PDF."""
    event = make_event("slips-post", tables=4)
    client.force_login(make_user("lead", event))
    response = slips(client, event)
    assert response["Content-Type"] == "application/pdf"
    assert sorted(selectors.entry_tokens(event)) == [1, 2, 3, 4]


def test_no_get_and_no_assistant_issues_entry_addresses(client):
    """A GET of the slips, a GET of the table cards and an assistant's POST issue no entry
    address (today a card printed by an assistant issued them on a GET)."""
    event = make_event("slips-get", tables=4)
    client.force_login(make_user("helper", event, role="assistant"))
    assert slips(client, event, method="get").status_code == 405
    cards = client.get(reverse("tournaments:print_pdf", args=[event.slug]), {"what": "cards"})
    assert cards.status_code == 200
    assert (
        client.get(
            reverse("tournaments:print_pdf", args=[event.slug]), {"what": "entry"}
        ).status_code
        == 400
    )
    assert slips(client, event).status_code == 403
    assert selectors.entry_tokens(event) == {}
    assert not TableToken.objects.exists()


def test_the_print_page_says_the_entry_slips_are_for_the_hosts_only(client):
    """The print page tells the leader the cards carry the public code only and offers the
    entry slips as a form that posts."""
    event = make_event("slips-page", tables=4)
    client.force_login(make_user("lead", event))
    page = client.get(reverse("tournaments:print", args=[event.slug])).content.decode()
    assert "Table cards carry only the public code" in page
    assert "never leave it on" in page
    form = page.split('id="entry-slips"')[1].split("</form>")[0]
    assert 'method="post"' in form and "Print entry slips" in form


def test_the_leader_turns_table_entry_off_and_on(client, hall):
    """Unticking the box turns table entry off: the table's address then refuses."""
    event, tokens = hall
    client.force_login(make_user("lead", event))
    page = reverse("tournaments:table_links", args=[event.slug])
    assert tokens[4] in client.get(page).content.decode()
    client.post(page, {"action": "settings"})
    assert client.get(entry_url(tokens[4])).status_code == 403
    client.post(page, {"action": "settings", "table_entry": "on"})
    assert client.get(entry_url(tokens[4])).status_code == 200


def test_the_leader_issues_new_entry_addresses(client, hall):
    """ "Issue new entry addresses" for table 6 revokes its old token only."""
    event, tokens = hall
    client.force_login(make_user("lead", event))
    client.post(
        reverse("tournaments:table_links", args=[event.slug]),
        {"action": "replace", "tables": "6"},
    )
    assert TableToken.objects.get(token=tokens[6]).revoked_at is not None
    assert TableToken.objects.get(token=tokens[5]).revoked_at is None


def test_the_grid_marks_a_table_entry_and_its_refresh_reports_it(client, hall):
    """The grid says "from the table" and counts it; rows.json carries the row."""
    event, tokens = hall
    post(client, tokens[3], tricks=9)
    client.force_login(make_user("lead", event))
    grid = client.get(reverse("tournaments:hand_grid", args=[event.slug, 1])).content.decode()
    assert "1 of 8 reported from the table" in grid and "from the table ·" in grid
    rows = client.get(reverse("tournaments:hand_rows", args=[event.slug, 1])).json()
    row = next(r for r in rows["rows"] if r["host"] == 3)
    assert (rows["from_tables"], row["from_table"], row["typed"][0], row["version"]) == (
        1,
        True,
        "9",
        1,
    )


def test_the_revoke_boxes_are_in_the_tab_order(client, hall):
    """No input of the grid is taken out of the Tab order."""
    event, _ = hall
    client.force_login(make_user("lead", event))
    grid = client.get(reverse("tournaments:hand_grid", args=[event.slug, 1])).content.decode()
    revokes = re.findall(r'<input class="revokes"[^>]*>', grid)
    assert revokes and not [r for r in revokes if 'tabindex="-1"' in r]


def test_the_table_page_says_what_to_do_now(client):
    """After hand 1, table 2's page leads with hand 2, its trump and both movements."""
    event = make_event("now", tables=8)
    play(event, [1])
    hand = snapshot.rotation(event).hand(2)
    page = client.get(reverse("tournaments:table", args=[event.slug, 2])).content.decode()
    now = re.search(r'<p class="now-line">(.*?)</p>', page, re.S).group(1)
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", "", now)).split())
    assert text == (
        f"Hand 2 · trump ♠ · your travelling pair (A & B) goes to Table {hand.moves[2]} · "
        f"Table {hand.visitor_of(2)}'s pair comes to you"
    )


def test_a_waiting_entry_shows_in_the_grid_until_the_leader_accepts_it(client, hall):
    """With entries waiting, the grid says "Table says 11"; Accept records it for the table."""
    event, tokens = hall
    event.table_entry_waits = True
    event.save(update_fields=["table_entry_waits"])
    assert post(client, tokens[2], tricks=11).json()["status"] == "waiting"
    assert not HandResult.objects.exists()
    client.force_login(make_user("lead", event))
    grid = client.get(reverse("tournaments:hand_grid", args=[event.slug, 1])).content.decode()
    assert "Table says <strong>11</strong>" in grid and "1 waiting for you" in grid
    client.post(reverse("tournaments:hand_accept", args=[event.slug, 1]), {"table": "2"})
    row = HandResult.objects.get(event=event)
    assert (row.host_table, row.visitor_tricks, row.entered_by) == (2, 11, "table 2")


def test_a_card_has_no_entry_code_while_table_entry_is_off(monkeypatch):
    """With table entry off, the card carries only the public code."""
    event = make_event("card-off", tables=2, table_entry=False)
    table_tokens_issue(event=event, actor=None)
    drawn = []
    monkeypatch.setattr("tournaments.pdf.cards.draw_qr", lambda c, url, *a, **k: drawn.append(url))
    pdf.render(event, pdf.PrintJob(what="cards", tables=(1,), base_url="http://h"))
    assert drawn == ["http://h/events/card-off/tables/1/"]


def test_table_links_new_replaces_the_addresses_of_the_tables_named():
    """`table_links SLUG --new --tables 2` gives table 2 a new address and revokes the old."""
    event = make_event("links-new", tables=3)
    old = table_tokens_issue(event=event, actor=None)
    call_command("table_links", event.slug, "--new", "--tables", "2", stdout=StringIO())
    now = selectors.entry_tokens(event)
    assert now[2] != old[2] and (now[1], now[3]) == (old[1], old[3])
    assert TableToken.objects.get(token=old[2]).revoked_at is not None


def test_a_phone_without_the_sites_cookies_still_saves(hall):
    """The token is the only key: a send without CSRF cookie (cleared phone) is recorded."""
    from django.test import Client

    event, tokens = hall
    answer = post(Client(enforce_csrf_checks=True), tokens[7], tricks=3)
    assert answer.status_code == 200
    assert HandResult.objects.get(event=event).entered_by == "table 7"


def test_the_demo_events_come_with_entry_addresses():
    """After load_demo every table of both demo events has an entry address."""
    from tournaments.models import Event

    call_command("load_demo", stdout=StringIO())
    for event in Event.objects.filter(slug__endswith="-demo"):
        assert sorted(selectors.entry_tokens(event)) == list(range(1, event.tables + 1))


def test_the_phones_journal_reads_what_the_hall_holds_of_its_own_table_only(client, hall):
    """?held=1 answers table 3's results and entry ids, nothing of table 4's."""
    event, tokens = hall
    post(client, tokens[3], id="phone-3-hand-1", tricks=9, host_revokes=1)
    post(client, tokens[4], id="phone-4-hand-1", tricks=5)
    held = client.get(entry_url(tokens[3]), {"held": "1"}).json()
    assert held == {"closed_days": [], "held": {"1": [9, 0, 1]}, "ids": ["phone-3-hand-1"]}
    page = client.get(entry_url(tokens[6])).content.decode()
    assert 'data-day="1"' in page  # the journal keeps each entry's day, dropped once closed


def test_a_resend_fills_what_the_hall_lost_and_a_difference_waits_resent_by_the_table(client, hall):
    """After the hall moved on, table 2's resent hand 1 fills the lost result; table 5's resend
    that differs from the result held waits, "Resent by table 5" on the grid, until the leader
    keeps the saved result."""
    event, tokens = hall
    play(event, [1, 2])
    HandResult.objects.filter(event=event, hand__number=1, host_table=2).delete()
    refused = post(client, tokens[2], id="phone-2-hand-1", tricks=10)
    assert refused.status_code == 409
    answer = post(client, tokens[2], id="phone-2-hand-1", tricks=10, resend=True)
    assert answer.status_code == 200 and answer.json()["status"] == "counted"
    assert HandResult.objects.get(event=event, hand__number=1, host_table=2).visitor_tricks == 10
    differs = post(client, tokens[5], id="phone-5-hand-1", tricks=3, resend=True)
    assert differs.json()["status"] == "waiting"
    assert HandResult.objects.get(event=event, hand__number=1, host_table=5).visitor_tricks == 8
    client.force_login(make_user("lead", event))
    grid = client.get(reverse("tournaments:hand_grid", args=[event.slug, 1])).content.decode()
    assert "Resent by table 5: Table says <strong>3</strong>" in grid
    assert "1 waiting for you" in grid
    rows = client.get(reverse("tournaments:hand_rows", args=[event.slug, 1])).json()
    assert next(r for r in rows["rows"] if r["host"] == 5)["waiting"]["resent_by"] == 5
    assert 'name="keep" value="5"' in grid  # "Keep the saved result", beside Accept
    kept = client.post(
        reverse("tournaments:hand_accept", args=[event.slug, 1]), {"keep": "5"}, follow=True
    ).content.decode()
    assert "Hand 1, table 5: the saved result stays." in kept and "waiting for you" not in kept
    assert HandResult.objects.get(event=event, hand__number=1, host_table=5).visitor_tricks == 8
    again = post(client, tokens[5], id="phone-5-hand-1", tricks=3, resend=True).json()
    assert again["repeated"] is True  # its id is known: the phone is answered, nothing waits


def test_a_resend_for_a_closed_day_is_refused_with_why(client):
    """Day 1 closed: the phone's resend of a day-1 hand gets a 409 that says so."""
    event = make_event("te-closed", tables=4, hands_per_day=(2, 2))
    tokens = table_tokens_issue(event=event, actor=None)
    play(event, [1])
    day_close(event=event, day=1, override_note="hand 2 lost", close_incomplete=True, actor=None)
    answer = post(client, tokens[1], id="phone-1-hand-2", hand=2, tricks=7, resend=True)
    assert answer.status_code == 409
    assert answer.json()["error"] == (
        "Hand 2's day is closed: this phone's entry for it is not sent again. Nothing changed."
    )
    assert client.get(entry_url(tokens[1]), {"held": "1"}).json()["closed_days"] == [1]
    assert not HandResult.objects.filter(event=event, hand__number=2).exists()
