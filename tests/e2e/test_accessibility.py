"""axe-core over every page, leader's and public: no serious or critical violation.

The axe-core script comes from the PyPI package axe-playwright-python (a test dependency),
which ships axe-core's own ``axe.min.js``; nothing is fetched while the tests run.
"""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python
import pytest

from tests.e2e.test_entry import FAST_HASHER, log_in
from tests.e2e.waiting import wait_until
from tests.leader_helpers import make_event, make_user, play

pytestmark = pytest.mark.django_db(transaction=True)

AXE = (Path(axe_playwright_python.__file__).with_name("axe.min.js")).read_text()
PUBLIC = [
    "/",
    "/events/{slug}/",
    "/events/{slug}/standings/",
    "/events/{slug}/projector/",
    "/events/{slug}/projector/movement/",
    "/events/{slug}/projector/hall/",
    "/events/{slug}/projector/playoffs/",
    "/events/{slug}/rotation/",
    "/events/{slug}/rotation/?table=2",
    "/events/{slug}/projector/movement/?table=2",
    "/events/{slug}/playoffs/",
    "/events/{slug}/tables/2/",
    "/practice/",
    "/accounts/login/",
    "/hall/",
]
LEADER = [
    "/new-event/",
    "/restore/",
    "/events/{slug}/",
    "/events/{slug}/setup/",
    "/events/{slug}/setup/teams/",
    "/events/{slug}/setup/people/",
    "/events/{slug}/setup/tables/",
    "/events/{slug}/setup/results/",
    "/events/{slug}/hands/",
    "/events/{slug}/hands/1/",
    "/events/{slug}/hands/3/",
    "/events/{slug}/setup/table-entry/",
    "/events/{slug}/setup/publishing/",
    "/events/{slug}/close/",
    "/events/{slug}/close/1/",
    "/events/{slug}/close/1/2/",
    "/events/{slug}/playoffs/",
    "/events/{slug}/print/",
    "/events/{slug}/delete/",
]


@pytest.fixture
def hall(settings):
    settings.PASSWORD_HASHERS = FAST_HASHER
    event = make_event("axe-hall", tables=6, hands_per_day=(4,), sessions_per_day=(2,))
    play(event, [1, 2])
    leader = make_user("lead", event, is_staff=True)
    leader.set_password("hall-password-1")
    leader.save()
    return event


def serious(page, rules: tuple[str, ...] = ()) -> list[str]:
    """The serious and critical violations axe-core finds on the page, one line each; ``rules``
    turns on experimental rules too."""
    page.evaluate(AXE)
    enabled = {rule: {"enabled": True} for rule in rules}
    results = page.evaluate(
        "rules => axe.run(document, {resultTypes: ['violations'], rules})", enabled
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def check(page, url: str) -> list[str]:
    response = page.goto(url)
    assert response.status == 200, url
    return [f"{url}: {problem}" for problem in serious(page)]


def test_every_public_page_passes_axe(page, live_server, hall):
    """A visitor's pages, standings to practice, have no serious or critical axe violation."""
    problems = []
    for path in PUBLIC:
        problems += check(page, live_server.url + path.format(slug=hall.slug))
    assert problems == []


def test_every_leader_page_passes_axe(page, live_server, hall):
    """The leader's pages, set-up to closing, have no serious or critical axe violation."""
    log_in(page, live_server, f"/events/{hall.slug}/")
    problems = []
    for path in LEADER:
        problems += check(page, live_server.url + path.format(slug=hall.slug))
    assert problems == []


def test_a_tables_entry_page_passes_axe_before_and_after_its_entry(page, live_server, hall):
    """A table's phone page, with a hand to enter and once it is in, passes axe."""
    from tournaments.services.table_entry import table_tokens_issue

    token = table_tokens_issue(event=hall, actor=None, tables=[2])[2]
    problems = check(page, f"{live_server.url}/enter/{token}/")
    page.get_by_role("button", name="8", exact=True).click()
    page.get_by_role("button", name="Confirm").click()
    page.get_by_text("Your travelling pair").wait_for()
    problems += [f"saved: {p}" for p in serious(page)]
    problems += check(page, f"{live_server.url}/enter/{token}/")
    assert problems == []


def test_pages_with_refused_input_pass_axe(page, live_server, hall):
    """A refused close and a refused results file, with their messages, still pass axe."""
    log_in(page, live_server, f"/events/{hall.slug}/close/1/")
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Close day 1").click()  # hands and counts missing
    page.get_by_text("not fully entered").first.wait_for()
    problems = [f"close: {p}" for p in serious(page)]
    page.get_by_label("Table 2 flags counted").fill("1")
    page.get_by_role("button", name="Check the counts").click()
    page.get_by_text("differs: ").first.wait_for()
    problems += [f"counts differ: {p}" for p in serious(page)]
    page.goto(f"{live_server.url}/events/{hall.slug}/setup/results/")
    page.get_by_label("…or paste the CSV here").fill("hand,table,visitor_tricks\n1,1,14\n")
    page.get_by_role("button", name="Preview").click()
    page.get_by_text("nothing was imported").wait_for()
    problems += [f"results: {p}" for p in serious(page)]
    assert problems == []


# Buttons named in words ("Queen of spades") whose face shows "Q♠" must not contradict it.
PRACTICE_RULES = ("label-content-name-mismatch",)
SOUTH = (
    "document.querySelector('#hand button:not([disabled])')"
    " || !document.getElementById('summary').hidden"
)


def test_every_practice_page_passes_axe(page, live_server):
    """The practice room, its three rules pages, the whist table mid-hand with a hint, its
    review after the hand, and the Militac and Militaire tables: no serious or critical
    violation, the card buttons' names included."""
    base = live_server.url
    problems = []
    for path in ("/practice/", "/practice/whist/rules/", "/practice/militac/rules/",
                 "/practice/militaire/rules/"):  # fmt: skip
        page.goto(base + path)
        problems += [f"{path}: {p}" for p in serious(page, PRACTICE_RULES)]
    page.goto(f"{base}/practice/?deal=2024&pace=0&hold=0")
    wait_until(page, SOUTH)
    page.get_by_role("button", name="Hint").click()
    page.wait_for_selector("#hand button.hinted")
    problems += [f"whist: {p}" for p in serious(page, PRACTICE_RULES)]
    while page.locator("#summary").is_hidden():
        page.locator("#hand button:not([disabled])").first.click()
        wait_until(page, SOUTH)
    page.wait_for_selector("#review-waiting[hidden]", state="attached")
    problems += [f"whist review: {p}" for p in serious(page, PRACTICE_RULES)]
    page.goto(f"{base}/practice/militac/?deal=11&pace=0")
    wait_until(page, "!document.getElementById('pass-button').disabled")
    problems += [f"militac: {p}" for p in serious(page, PRACTICE_RULES)]
    page.goto(f"{base}/practice/militaire/?deal=4&pace=0")
    page.get_by_role("button", name="Stock").click()
    page.wait_for_selector("#hand button:not([disabled])")
    problems += [f"militaire: {p}" for p in serious(page, PRACTICE_RULES)]
    assert problems == []
