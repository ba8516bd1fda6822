"""A leader whose browser speaks French: log-in, the entry grid and its messages in French."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.leader_helpers import make_event, make_user

pytestmark = pytest.mark.django_db(transaction=True)

NB = "\u00a0"  # French puts a non-breaking space before « : »


@pytest.fixture
def french_page(browser):
    context = browser.new_context(locale="fr-CA", viewport={"width": 390, "height": 844})
    yield context.new_page()
    context.close()


def test_a_french_leader_saves_a_hand_in_the_french_grid(french_page, live_server, settings):
    """Labels, the running count, the flags preview and the saved message are French, and
    Enter after the last table saves."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event = make_event("laval", tables=4, hands_per_day=(2,))
    leader = make_user("élise", event)
    leader.set_password("mot-de-passe-1")
    leader.save()
    page = french_page
    page.goto(f"{live_server.url}/accounts/login/?next=/events/{event.slug}/hands/1/")
    expect(page.locator("html")).to_have_attribute("lang", "fr-ca")
    page.get_by_label("Nom d'utilisateur").fill("élise")
    page.get_by_label("Mot de passe").fill("mot-de-passe-1")
    page.get_by_label("Mot de passe").press("Enter")
    first = page.get_by_label("Table 1, levées de la paire voyageuse")
    expect(first).to_be_focused()
    page.keyboard.type("7")
    expect(page.locator("#row-1 .flags-preview")).to_have_text(
        re.compile(r"^La table \d prend 1 drapeau à la table 1$")
    )
    page.keyboard.press("Enter")
    for tricks in ["5", "9"]:
        page.keyboard.type(tricks)
        page.keyboard.press("Enter")
    expect(page.locator("#progress")).to_have_text(
        "3 tables saisies sur 4 (3 pas encore enregistrées)"
    )
    page.keyboard.type("13")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/hands/2/$"))
    expect(page.get_by_text(f"Main 1{NB}: 4 tables enregistrées.")).to_be_visible()
    expect(page.get_by_role("button", name="Enregistrer la dernière main")).to_be_visible()


@pytest.mark.parametrize("leader", [None, "marie-thérèse-nguyễn-wałęsa"])
def test_the_french_phone_header_takes_one_line_at_390_pixels(french_page, live_server, leader):
    """On a 390-pixel phone in French the header (home, practice, log in or out, English) is
    one 44-pixel line, for a visitor and for a leader with a long name; every part stays
    tappable and the screen reader still hears "Connexion du responsable"."""
    event = make_event("entete", tables=4, hands_per_day=(2,))
    page = french_page
    if leader:
        user = make_user(leader, event)
        from django.test import Client

        client = Client()
        client.force_login(user)
        page.context.add_cookies(
            [
                {
                    "name": "sessionid",
                    "value": client.cookies["sessionid"].value,
                    "url": live_server.url,
                }
            ]
        )
    page.goto(f"{live_server.url}/events/{event.slug}/tables/1/")
    header = page.locator("header.site").bounding_box()
    assert header["height"] <= 50 and header["width"] <= 390
    for part in page.locator("header.site a, header.site button").all():
        box = part.bounding_box()
        assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    if not leader:
        expect(page.get_by_role("link", name="Connexion du responsable")).to_be_visible()
