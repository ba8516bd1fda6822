"""A practice hand in French in a real browser: French card names, a card played by click, the
table's messages in French (the JavaScript catalog)."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.waiting import wait_until
from tests.scenarios.french.leftovers import english_left

pytestmark = pytest.mark.django_db(transaction=True)

CARD_NAME = re.compile(r"^(As|Roi|Dame|Valet|10|[2-9]) de (pique|cœur|carreau|trèfle)$")


def test_a_practice_hand_plays_in_french_on_a_phone(browser: Browser, live_server):
    """A French phone sees French card names, plays one by click and reads a French message."""
    context = browser.new_context(
        locale="fr-CA",
        extra_http_headers={"Accept-Language": "fr-CA,fr;q=0.9"},
        viewport={"width": 390, "height": 844},
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/practice/?deal=1234&pace=0&hold=60000")
    expect(page.locator("#briefing-deal")).to_have_text(
        re.compile(r"^(Nord|Est|Sud|Ouest) distribue et (Nord|Est|Sud|Ouest) entame\.$")
    )
    wait_until(page, "document.querySelector('#hand button:not([disabled])')")
    expect(page.get_by_role("button", name=CARD_NAME)).to_have_count(13)
    expect(page.locator("#turn")).to_have_text(re.compile(r"^À vous — levée 1 sur 13$"))
    card = page.locator("#hand button:not([disabled])").first
    name = card.locator(".visually-hidden").text_content()
    card.click()
    expect(page.locator("#played-S [role=img]")).to_have_attribute(
        "aria-label", re.compile(rf"^Sud\s:\s{re.escape(name)}$")
    )
    # The trick is held until the table is tapped: its closing message is French.
    expect(page.locator("#trick-note")).to_have_text(
        re.compile(
            r"^(Vous gagnez|(Nord|Est|Ouest) gagne) la levée pour (Nord-Sud|Est-Ouest)\."
            r" Touchez pour continuer\.$"
        )
    )
    page.screenshot(path=Path(tempfile.gettempdir()) / "practice-fr-390.png", full_page=True)
    page.locator("#table").click()
    wait_until(
        page,
        "document.querySelector('#hand button:not([disabled])')"
        " || !document.getElementById('summary').hidden",
    )
    text = page.locator("main").inner_text()
    assert "Atout" in text and "Vos cartes" in text
    assert english_left(text) == [], text
    context.close()
