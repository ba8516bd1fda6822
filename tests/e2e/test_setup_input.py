"""A leader's set-up in the browser with real-world files: a French spreadsheet's teams, a
template to fill in, a refused playoff form that keeps what was typed, ending play early."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_entry import FAST_HASHER, log_in
from tests.leader_helpers import make_event, make_user
from tournaments.models import Team
from tournaments.services import ResultEntry, results_record

pytestmark = pytest.mark.django_db(transaction=True)

FRENCH = "Table #;Équipe;Zone;Player A;Player B;Player X;Player Y\n1;Les Atouts;Nord;Anne;Béa;Chloé;Dany\n2;Les Plis;Sud;Éric;Fanny;Gilles;Hélène\n"  # noqa: E501


def _leader(event):
    leader = make_user("lead", event)
    leader.set_password("hall-password-1")
    leader.save()


def test_a_semicolon_file_with_spreadsheet_headers_is_previewed_and_imported(
    page, live_server, settings, tmp_path
):
    """The leader uploads a French-language sheet's CSV, sees it read right, and imports it."""
    settings.PASSWORD_HASHERS = FAST_HASHER
    event = make_event("french-e2e", tables=2)
    Team.objects.filter(event=event).delete()
    _leader(event)
    log_in(page, live_server, f"/events/{event.slug}/setup/teams/")
    path = tmp_path / "equipes.csv"
    path.write_bytes(FRENCH.encode("cp1252"))
    page.get_by_label("CSV file").set_input_files(str(path))
    page.get_by_role("button", name="Preview").click()
    expect(page.locator("#encoding")).to_contain_text("Read as Windows (cp1252)")
    expect(page.locator("table.preview")).to_contain_text("Hélène")
    page.get_by_role("button", name="Import these 2 teams").first.click()  # the top one
    expect(page.get_by_text("2 teams imported. Check the tables.")).to_be_visible()
    assert list(Team.objects.filter(event=event).values_list("name", flat=True)) == [
        "Les Atouts",
        "Les Plis",
    ]


def test_names_read_wrong_are_read_again_in_the_encoding_the_leader_chooses(
    page, live_server, settings, tmp_path
):
    """The leader reads a Windows file as Mac, sees the header garbled and the file refused,
    chooses Windows again under the preview (the small file came back with the page), and
    imports the names as written."""
    settings.PASSWORD_HASHERS = FAST_HASHER
    event = make_event("choose-e2e", tables=2)
    Team.objects.filter(event=event).delete()
    _leader(event)
    log_in(page, live_server, f"/events/{event.slug}/setup/teams/")
    path = tmp_path / "equipes.csv"
    path.write_bytes(FRENCH.encode("cp1252"))
    page.get_by_label("CSV file").set_input_files(str(path))
    page.get_by_label("Read the file as").select_option("mac_roman")
    page.get_by_role("button", name="Preview").click()
    expect(page.locator("#encoding")).to_contain_text("Read as Mac (Mac OS Roman)")
    expect(page.locator("ul.problems")).to_contain_text("header missing team")
    page.locator("#encoding").get_by_label("Read the file as").select_option("cp1252")
    page.get_by_role("button", name="Preview again").click()
    expect(page.locator("table.preview")).to_contain_text("Hélène")
    page.get_by_role("button", name="Import these 2 teams").first.click()
    expect(page.get_by_text("2 teams imported. Check the tables.")).to_be_visible()
    assert Team.objects.get(event=event, home_table=2).player_y == "Hélène"


def test_a_refused_playoff_hand_keeps_the_cuts_typed(page, live_server, settings):
    """Tricks of 14 are refused beside the form, and the cuts typed are still in their boxes."""
    settings.PASSWORD_HASHERS = FAST_HASHER
    event = make_event("cuts-e2e", tables=2, hands_per_day=(1,))
    results_record(event=event, entries=[ResultEntry(1, t, 0) for t in (1, 2)], actor=None)
    _leader(event)
    log_in(page, live_server, f"/events/{event.slug}/playoffs/")
    hand = page.locator("#playoff-hand-1")
    hand.get_by_label("Director's trump cut").fill("QH")
    for name, card in {"A1 (table 1, A)": "2C", "B1 (table 1, B)": "5C"}.items():
        hand.get_by_label(name, exact=True).fill(card)
    hand.get_by_label("A2 (table 2, A)", exact=True).fill("9C")
    hand.get_by_label("B2 (table 2, B)", exact=True).fill("KC")
    hand.get_by_label("Table 1 A and B pair's tricks").fill("14")
    hand.get_by_role("button", name="Save playoff hand 1").click()
    hand = page.locator("#playoff-hand-1")
    expect(hand.get_by_role("alert")).to_contain_text("Tricks must be from 0 to 13, not 14")
    expect(hand.get_by_label("Director's trump cut")).to_have_value("QH")
    expect(hand.get_by_label("B2 (table 2, B)", exact=True)).to_have_value("KC")


def test_the_leader_ends_play_early_on_the_set_up_page(page, live_server, settings):
    """Typing 1 in 'End play after hand' ends play; the page then offers to resume."""
    settings.PASSWORD_HASHERS = FAST_HASHER
    event = make_event("end-e2e", tables=2, hands_per_day=(4,))
    results_record(event=event, entries=[ResultEntry(1, t, 0) for t in (1, 2)], actor=None)
    _leader(event)
    log_in(page, live_server, f"/events/{event.slug}/setup/")
    page.get_by_label("End play after hand").fill("1")
    page.get_by_role("button", name="End play").click()
    expect(page.locator("#play-ended")).to_contain_text("Play ended after hand 1")
    expect(page.get_by_role("button", name="Resume play")).to_be_visible()
