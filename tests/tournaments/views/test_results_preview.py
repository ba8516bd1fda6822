"""The results file's preview shows what goes in: each row's hand, table, visitors, tricks,
revokes and flags, the rows that replace a result (old → new) first, counts of new, replaced
and unchanged rows, a page at a time, in a fixed number of queries."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.leader_helpers import make_event, make_user, play
from tournaments import snapshot
from tournaments.formats.csv_files import TEAM_COLUMNS
from tournaments.models import HandResult
from tournaments.services import ResultEntry, results_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(client):
    event = make_event("preview", tables=8)
    client.force_login(make_user("lead", event))
    return event


def preview(client, event, text: str, **extra):
    url = reverse("tournaments:results_import", args=[event.slug])
    return client.post(url, {"csv_text": text, "action": "preview", **extra})


def cells(page: str, line: int) -> list[str]:
    """The preview row of the file's ``line``, as its cells' text."""
    table = page[page.index('class="compact preview results-preview"') :]
    for row in re.findall(r"<tr class=\"\w+\">(.*?)</tr>", table, re.S):
        found = [
            " ".join(re.sub(r"<[^>]+>", "", c).split())
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        if found and found[0] == str(line):
            return found
    raise AssertionError(f"no row for line {line}")


def test_each_row_shows_its_hand_table_tricks_revokes_and_flags(client, event):
    """Line 2, '1,5,10,1,0', reads hand 1, table 5, its visitors, 10 played (8 after
    revokes), revokes 1 · 0, the flag it moves and 'new'."""
    visitor = snapshot.rotation(event).hand(1).visitor_of(5)
    page = preview(
        client, event, "hand,table,visitor_tricks,visitor_revokes,host_revokes\n1,5,10,1,0\n"
    )
    assert cells(page.content.decode(), 2) == [
        "2", "1", "5", f"from {visitor}", "10 (8 after revokes)", "1 · 0",
        f"Table {visitor} takes 1 flag from Table 5", "new",
    ]  # fmt: skip


def test_a_row_that_replaces_a_result_shows_old_and_new_and_comes_first(client, event):
    """Hand 1 entered at 8 everywhere: a file changing table 6 to 9 and repeating table 2's 8
    lists table 6 first, 'replaces 8 → 9', and counts 1 new, 1 replacing, 1 unchanged."""
    play(event, [1], tricks=8)
    text = "hand,table,visitor_tricks\n1,2,8\n2,3,7\n1,6,9\n"
    page = preview(client, event, text).content.decode()
    assert cells(page, 4)[-1] == "replaces 8 → 9"
    assert page.index(">4</td>") < page.index(">2</td>")  # line 4 before line 2
    assert cells(page, 2)[-1] == "unchanged" and cells(page, 3)[-1] == "new"
    counts = " ".join(
        re.sub(r"<[^>]+>", "", re.search(r'id="import-counts">(.*?)</p>', page, re.S)[1]).split()
    )
    assert (
        counts == "3 results in the file: 1 new, 1 replacing a result already entered, 1 unchanged."
    )


def test_thousands_of_rows_show_a_page_and_count_the_rest(client, settings):
    """A 250-table event's 6,500-row file previews 100 rows and says 'and 6 400 more rows:
    6 400 new'; page 2 shows rows 101–200."""
    big = make_event("preview-big", tables=250, hands_per_day=(30,))
    client.force_login(make_user("lead-big", big))
    text = "hand,table,visitor_tricks\n" + "".join(
        f"{h},{t},7\n" for h in range(1, 27) for t in range(1, 251)
    )
    page = preview(client, big, text).content.decode()
    assert page.count('<tr class="new">') == 100
    # Canadian English groups thousands with a (no-break) space, as French does.
    assert "and 6\u00a0400 more rows: 6\u00a0400 new." in page
    assert "6\u00a0500 results in the file:" in page
    second = preview(client, big, text, page="2").content.decode()
    assert "Rows 101–200 of 6\u00a0500." in second and "and 6\u00a0300 more rows" in second


def test_the_preview_runs_the_same_queries_for_10_rows_and_2000(
    client, event, django_assert_max_num_queries
):
    """Previewing 2,000 rows takes no more queries than previewing 10."""
    play(event, [1, 2])

    def lines(n):
        return "hand,table,visitor_tricks\n" + "".join(
            f"{1 + i // 8},{1 + i % 8},7\n" for i in range(n)
        )

    preview(client, event, lines(10))  # the rotation is read once, then kept
    with django_assert_max_num_queries(12) as few:
        preview(client, event, lines(10))
    with django_assert_max_num_queries(len(few.captured_queries)):
        preview(client, event, lines(240))


def test_the_import_button_is_above_the_rows_and_below_them(client, event):
    """The Import button comes before the preview's first row and again after its last."""
    page = preview(client, event, "hand,table,visitor_tricks\n1,1,8\n1,2,9\n").content.decode()
    buttons = [m.start() for m in re.finditer(r'name="action" value="import"', page)]
    table = page.index("results-preview")
    assert len(buttons) == 2 and buttons[0] < table < buttons[1]
    assert not HandResult.objects.exists()


def test_the_teams_preview_has_its_import_button_at_the_top_too(client, event):
    """The teams file's Import button comes before the preview's rows and after them."""
    text = ",".join(TEAM_COLUMNS) + "\n"
    text += "".join(f"{t},Team {t},Zone,A{t},B{t},X{t},Y{t}\n" for t in range(1, 9))
    url = reverse("tournaments:teams", args=[event.slug])
    page = client.post(url, {"csv_text": text, "action": "preview"}).content.decode()
    buttons = [m.start() for m in re.finditer(r'name="action" value="import"', page)]
    table = page.index("compact preview")
    assert len(buttons) == 2 and buttons[0] < table < buttons[1]


def test_an_imported_file_still_replaces_results(client, event):
    """After the preview, Import records the file (a replaced result changes)."""
    results_record(event=event, entries=[ResultEntry(1, 6, 8)], actor=None)
    url = reverse("tournaments:results_import", args=[event.slug])
    client.post(url, {"csv_text": "hand,table,visitor_tricks\n1,6,9\n", "action": "import"})
    assert HandResult.objects.get(event=event, host_table=6).tricks_played == 9
