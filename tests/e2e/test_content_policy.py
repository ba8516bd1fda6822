"""The Content-Security-Policy holds on every kind of page, in English and in French: the app's
own script and style files run, and the browser refuses no inline script, style or handler.

tests/e2e/conftest.py fails every browser test on a violation any page reports in its console,
so the other browser tests' clicks are held to the policy too: the entry grid saving
(test_entry.py, test_full_hall.py), the table's phone entry (test_table_entry.py), the practice
table's cards, hint, undo and review (test_practice*.py), the projector and movement screens
refreshing (test_leader_day.py, test_full_hall.py), the find-my-team box (test_full_hall.py).
Here every page kind opens in both languages, those interactions run once more in French, and
a page with inline code shows that the watch hears what the browser refuses.
"""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.content_policy import POLICY, directives
from tests.e2e import test_accessibility as axe
from tests.e2e.test_entry import FAST_HASHER
from tests.e2e.waiting import wait_until
from tests.leader_helpers import PASSWORD, make_event, make_user, play
from tests.season_helpers import season
from tournaments.models import Club
from tournaments.services.table_entry import table_tokens_issue

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.urls("tests.e2e.policy_urls")]

LANGUAGES = ["en-CA", "fr-CA"]
# Every page the axe tests open, and those they do not: seasons, clubs, a finished
# provincial, a table's phone entry, the practice tables, the season's and the links' pages,
# and Django's admin.
PUBLIC = [
    *axe.PUBLIC,
    "/seasons/",
    "/seasons/{season}/",
    "/clubs/{club}/",
    "/events/{final}/",
    "/events/{final}/standings/",
    "/events/{final}/playoffs/",
    "/events/{final}/projector/",
    "/events/{final}/projector/playoffs/",
    "/enter/{token}/",
    "/practice/?deal=12&pace=0",
    "/practice/militac/?deal=11&pace=0",
    "/practice/militaire/?deal=4&pace=0",
    "/practice/whist/rules/",
    "/practice/militac/rules/",
    "/practice/militaire/rules/",
]
LEADER = [
    *axe.LEADER,
    "/",
    "/hall/",
    "/events/{slug}/setup/links/",
    "/events/{slug}/setup/clubs/",
    "/events/{final}/playoffs/",
    "/seasons/{season}/",
    "/seasons/{season}/coordinators/",
    "/seasons/{season}/next-level/",
    "/admin/",
    "/admin/tournaments/event/",
    "/admin/tournaments/event/{event_id}/change/",
    "/admin/auth/user/",
    "/admin/auth/user/{leader_id}/change/",
]


@pytest.fixture
def hall(settings):
    """An event two hands in (of four, in two sessions), a finished season around a
    provincial, a club, and table 2's entry address."""
    settings.PASSWORD_HASHERS = FAST_HASHER
    event = make_event("csp-hall", tables=6, hands_per_day=(4,), sessions_per_day=(2,))
    play(event, [1, 2])
    leader = make_user("lead", event, is_staff=True, is_superuser=True)
    leader.set_password(PASSWORD)
    leader.save()
    final = season(areas=1, tables=4)["provincial"]
    return {
        "event": event,
        "leader": leader,
        "slug": event.slug,
        "event_id": event.pk,
        "leader_id": leader.pk,
        "final": final.slug,
        "season": final.season.slug,
        "club": Club.objects.order_by("slug").first().slug,
        "token": table_tokens_issue(event=event, actor=None, tables=[2])[2],
    }


def opened(browser, live_server, locale: str, user=None, **size):
    """A new page in ``locale``, signed in as ``user`` if given (with the session cookie that
    Django's test client makes, so no form in either language needs filling)."""
    viewport = size or {"width": 1366, "height": 768}
    context = browser.new_context(locale=locale, viewport=viewport)
    if user is not None:
        client = Client()
        client.force_login(user)
        session = client.cookies["sessionid"].value
        context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    return context.new_page()


def policy(response) -> dict[str, str]:
    """The answer's Content-Security-Policy, directive by directive."""
    return directives(response.headers.get("content-security-policy"))


def visit(page, url: str, status: int = 200) -> None:
    """Open ``url``: its answer has ``status`` and carries the policy."""
    response = page.goto(url)
    assert response.status == status, url
    assert policy(response) == POLICY, url
    page.wait_for_load_state("load")


@pytest.mark.parametrize("locale", LANGUAGES)
def test_every_public_page_runs_under_the_policy(browser, live_server, hall, locale):
    """A visitor's pages (events, seasons, a club and one of its players, standings,
    projector, movement, hall map, rotation, playoffs, a table, the hall, a table's phone entry, the
    practice room, its three tables and their rules, the login page) carry the policy and
    break none of it."""
    page = opened(browser, live_server, locale)
    for path in PUBLIC:
        visit(page, live_server.url + path.format(**hall))
    visit(page, f"{live_server.url}/clubs/{hall['club']}/")
    player = page.locator("a[href*='/players/']").first.get_attribute("href")
    visit(page, live_server.url + player)
    expect(page.locator("html")).to_have_attribute("lang", locale.lower())


@pytest.mark.parametrize("locale", LANGUAGES)
def test_every_leader_page_and_the_admin_run_under_the_policy(browser, live_server, hall, locale):
    """The leader's pages, set-up to closing, print and delete, a season's coordinators and
    next level, and Django's admin carry the policy and break none of it."""
    page = opened(browser, live_server, locale, hall["leader"])
    for path in LEADER:
        visit(page, live_server.url + path.format(**hall))


@pytest.mark.parametrize("locale", LANGUAGES)
def test_every_error_page_runs_under_the_policy(browser, live_server, hall, locale):
    """Not found, not allowed, a server error, a form whose safety cookie is gone, a paste too
    large and too many wrong passwords: each page carries the policy and breaks none of it."""
    base = live_server.url
    page = opened(browser, live_server, locale)
    visit(page, f"{base}/events/{hall['slug']}/tables/99/", 404)
    visit(page, f"{base}/enter/not-a-table/", 404)
    visit(page, f"{base}/boom/", 500)
    visit(page, f"{base}/accounts/login/")
    page.context.clear_cookies()  # the form's CSRF cookie is gone
    page.locator("#id_username").fill("lead")
    page.locator("#id_password").fill(PASSWORD)
    with page.expect_navigation() as sent:
        page.locator("#id_password").press("Enter")
    assert sent.value.status == 403 and policy(sent.value) == POLICY
    expect(page.locator("h1")).not_to_have_text("")
    visit(page, f"{base}/accounts/login/")
    for _ in range(5):
        page.locator("#id_username").fill("lead")
        page.locator("#id_password").fill("not the password")
        with page.expect_navigation() as sent:
            page.locator("#id_password").press("Enter")
    assert sent.value.status == 429 and policy(sent.value) == POLICY
    stranger = opened(browser, live_server, locale, make_user("stranger"))
    visit(stranger, f"{base}/events/{hall['slug']}/setup/", 403)
    leader = opened(browser, live_server, locale, hall["leader"])
    visit(leader, f"{base}/events/{hall['slug']}/setup/results/")
    leader.locator("textarea[name=csv_text]").evaluate("e => { e.value = 'x'.repeat(3e6); }")
    with leader.expect_navigation() as sent:
        leader.locator("form:has(textarea[name=csv_text]) button[type=submit]").first.click()
    assert sent.value.status == 400 and policy(sent.value) == POLICY


SOUTH = (
    "document.querySelector('#hand button:not([disabled])')"
    " || !document.getElementById('summary').hidden"
)


def test_the_hall_in_french_clicks_through_without_a_violation(browser, live_server, hall):
    """In French: the grid saves a hand, a table's phone enters and confirms the next one, the
    projector, movement and hall map screens refresh, a phone finds its team, and a practice hand is
    played with a hint to its review, the policy broken nowhere."""
    base, slug = live_server.url, hall["slug"]
    leader = opened(browser, live_server, "fr-CA", hall["leader"])
    leader.goto(f"{base}/events/{slug}/hands/3/")
    for table in range(1, 7):
        leader.locator(f"input[name=tricks_{table}]").fill("8")
        leader.locator(f"input[name=tricks_{table}]").press("Enter")
    leader.wait_for_url(f"{base}/events/{slug}/hands/4/")
    phone = opened(browser, live_server, "fr-CA", width=390, height=844)
    phone.goto(f"{base}/enter/{hall['token']}/")
    phone.locator("button[data-tricks='9']").click()
    phone.locator("#confirm-yes").click()
    expect(phone.locator("#next")).to_be_visible()
    leader.goto(f"{base}/events/{slug}/projector/")
    leader.evaluate("document.getElementById('updated').textContent = ''")
    leader.evaluate("window.whistProjectorRefresh()")
    expect(leader.locator("#updated")).not_to_have_text("")
    leader.goto(f"{base}/events/{slug}/projector/movement/")
    leader.evaluate("document.getElementById('movement-updated').textContent = ''")
    leader.evaluate("window.whistMovementRefresh()")
    expect(leader.locator("#movement-updated")).not_to_have_text("")
    leader.goto(f"{base}/events/{slug}/projector/hall/")
    leader.evaluate("document.getElementById('hall-map-updated').textContent = ''")
    leader.evaluate("window.whistHallMapRefresh()")
    expect(leader.locator("#hall-map-updated")).not_to_have_text("")
    phone.goto(f"{base}/events/{slug}/standings/")
    phone.locator("#find").fill("Team 5")
    phone.locator("#find").press("Enter")
    expect(phone.locator("#found-rows tr").first).to_contain_text("Team 5")
    phone.goto(f"{base}/practice/?deal=2024&pace=0&hold=0")
    wait_until(phone, SOUTH)
    phone.locator("#hint-button").click()
    phone.wait_for_selector("#hand button.hinted")
    while phone.locator("#summary").is_hidden():
        phone.locator("#hand button:not([disabled])").first.click()
        wait_until(phone, SOUTH)
    phone.wait_for_selector("#review-waiting[hidden]", state="attached")


def test_the_watch_hears_a_page_that_breaks_the_policy(browser, live_server, no_policy_violations):
    """A page of the app's own server with an inline script, style and handler: the policy
    stops all three and the watch reports each (then forgets them, so this test passes)."""
    page = opened(browser, live_server, "en-CA")
    visit(page, f"{live_server.url}/breaks-the-policy/")
    page.get_by_role("button", name="inline handler").click()
    expect(page).to_have_title("Inline")
    assert page.locator("#styled").evaluate("e => getComputedStyle(e).color") != "rgb(255, 0, 0)"
    heard = " ".join(no_policy_violations)
    for refused in ("inline script", "inline event handler", "inline style"):
        assert refused in heard, refused
    no_policy_violations.clear()
