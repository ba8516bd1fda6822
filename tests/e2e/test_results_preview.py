"""The results file's preview on a 1366 × 768 laptop at 250 tables: a 6,500-row file shows
its counts and the rows that replace a result first, then a page of 100 rows and how many
more; Import is on the first screen; the page passes axe."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_accessibility import serious
from tests.e2e.test_entry import FAST_HASHER, log_in
from tests.hall_size import LAPTOP, hall_at_hand_eight
from tournaments.models import HandResult

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = "/tmp/whist-grid-shots"  # noqa: S108 - screenshots to look at, not kept


@pytest.fixture
def hall(settings):
    """Hands 1-7 played at all 250 tables; hand 8 at 8 tricks but at seven tables; a leader."""
    settings.PASSWORD_HASHERS = FAST_HASHER
    return hall_at_hand_eight("results-preview")


def whole_file() -> str:
    """Hands 8 to 33 at every table: hand 8 repeats its 8 tricks but for tables 240-244
    (now 9), the other hands are new: 6,500 rows."""
    lines = ["hand,table,visitor_tricks"]
    lines += [f"8,{t},{9 if 240 <= t <= 244 else 8}" for t in range(1, 251)]
    lines += [f"{h},{t},7" for h in range(9, 34) for t in range(1, 251)]
    return "\n".join(lines) + "\n"


def test_a_6500_row_file_shows_counts_replacements_first_and_a_page(page, live_server, hall):
    """The preview counts 6 257 new, 5 replacing and 238 unchanged, lists tables 240-244
    first as 'replaces 8 → 9' with their hand, table and flags, shows 100 rows and 'and 6 400
    more rows', has Import on its first screen, pages on, and passes axe."""
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server, f"/events/{hall.slug}/setup/results/")
    page.get_by_label("CSV file").set_input_files(
        files=[{"name": "hands-8-33.csv", "mimeType": "text/csv", "buffer": whole_file().encode()}]
    )
    page.get_by_role("button", name="Preview").click()
    counts = page.locator("#import-counts")
    expect(counts).to_have_text(
        "6\u00a0500 results in the file: 6\u00a0257 new, 5 replacing a result already entered, "
        "238 unchanged."
    )
    importing = page.get_by_role("button", name="Import these 6\u00a0500 results")
    expect(importing.first).to_be_in_viewport()
    rows = page.locator("table.results-preview tbody tr")
    expect(rows).to_have_count(100)
    first = rows.first.locator("td")
    expect(first.nth(1)).to_have_text("8")
    expect(first.nth(2)).to_have_text("240")
    expect(first.nth(6)).to_have_text(re.compile(r"^Table \d+ takes 1 flag from Table 240$"))
    expect(first.last).to_have_text("replaces 8 → 9")
    expect(page.locator("table.results-preview tr.replaces")).to_have_count(5)
    expect(page.get_by_text(re.compile(r"^and 6\u00a0400 more rows: "))).to_be_visible()
    page.screenshot(path=f"{SHOTS}/results-preview.png")
    problems = serious(page)
    page.get_by_role("button", name="Page 2 →").click()
    expect(page.get_by_text("Rows 101–200 of 6\u00a0500.")).to_be_visible()
    assert problems + serious(page) == []
    assert not HandResult.objects.filter(event=hall, hand__number=9).exists()
    importing.first.click()
    expect(page.get_by_text("6500 results imported")).to_be_visible(timeout=30000)
    assert HandResult.objects.filter(event=hall, hand__number=33).count() == 250
