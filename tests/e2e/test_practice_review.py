"""The whist review's trick table names every card's cost: a quiet ✓ on each of your best
cards and a red −1 on a costly one, words for a screen reader on all 52 cards, and a line that
says when the costs are still being worked out or cannot be."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from practice.views import whist_review
from tests.e2e.test_accessibility import PRACTICE_RULES, serious
from tests.e2e.test_practice_coach import FAST, play_first, south_to_play

pytestmark = pytest.mark.django_db(transaction=True)

# Deal 101 at the strong level, South playing the hinted card each time: only trick 7's 6♦
# cost a trick (double dummy, worked out with the solver).
HINTED = ["4H", "4S", "5D", "8C", "6S", "QC", "6D", "6C", "7C", "KC", "TD", "KS", "KD"]
COSTLY_TRICK = 7


def souths_cells(page: Page):
    return page.locator("#review-tricks tbody td[data-seat='S']")


def cost_words(page: Page) -> list[str]:
    """What a screen reader hears of each card's cost, row by row, North to West."""
    return page.locator("#review-tricks tbody td").evaluate_all(
        "cells => cells.map(c => [...c.querySelectorAll('.visually-hidden.cost-mark')]"
        ".map(s => s.textContent).join(''))"
    )


def test_each_of_your_cards_shows_what_it_cost(page: Page, live_server):
    """Deal 101 played with the hints: twelve of South's cards carry a quiet ✓ and the words
    "cost no trick", trick 7's 6♦ a red −1 and "cost 1 trick"; every card of the four seats
    has its cost in words."""
    pytest.importorskip("endplay")
    page.goto(f"{live_server.url}/practice/?deal=101&level=strong&{FAST}")
    for code in HINTED:
        assert south_to_play(page)
        page.locator(f"#hand button[data-code='{code}']").click()
    assert not south_to_play(page)
    expect(page.locator("#review-tricks")).to_have_attribute("data-costs", "shown")
    expect(page.locator("#review-costs")).to_be_hidden()
    cells = souths_cells(page)
    expect(cells).to_have_count(13)
    for trick in range(1, 14):
        cell = cells.nth(trick - 1)
        mark = cell.locator("[aria-hidden='true'].cost-mark")
        if trick == COSTLY_TRICK:
            expect(cell.locator(".review-card")).to_have_text("6♦")
            expect(mark).to_have_text("−1")
            expect(cell).to_contain_text(", cost 1 trick")
        else:
            expect(mark).to_have_text("✓")
            expect(mark).to_have_class("cost-best cost-mark")
            expect(cell).to_contain_text(", cost no trick")
    words = cost_words(page)
    assert len(words) == 52
    assert all(w in (", cost no trick", ", cost 1 trick", ", cost 2 tricks") for w in words)


def test_while_the_costs_are_worked_out_each_card_says_so(page: Page, live_server, monkeypatch):
    """While the server still answers 202, every card's cost is "still being worked out" and
    a line by the trick table says the costs are coming; the page passes axe."""
    monkeypatch.setattr(whist_review, "begin", lambda game: None)
    monkeypatch.setattr(whist_review, "costs", lambda game, wait: None)
    page.goto(f"{live_server.url}/practice/?deal=102&{FAST}")
    while south_to_play(page):
        play_first(page)
    expect(page.locator("#review-tricks")).to_have_attribute("data-costs", "pending")
    expect(page.locator("#review-costs")).to_have_text("Working out what each card cost…")
    expect(page.locator("#review-waiting")).to_be_visible()
    assert cost_words(page) == [", cost still being worked out"] * 52
    expect(page.locator("#review-tricks [aria-hidden='true'].cost-mark")).to_have_count(0)
    assert serious(page, PRACTICE_RULES) == []


def test_without_the_solver_each_cards_cost_is_unavailable(page: Page, live_server, monkeypatch):
    """On a Python without the double-dummy solver every card's cost is "unavailable" and the
    line by the trick table says the costs need the solver; the page passes axe."""
    from practice.views import whist as views

    monkeypatch.setattr(views, "endplay_available", lambda: False)
    monkeypatch.setattr(whist_review, "endplay_available", lambda: False)
    page.goto(f"{live_server.url}/practice/?deal=103&{FAST}")
    while south_to_play(page):
        play_first(page)
    expect(page.locator("#review-tricks")).to_have_attribute("data-costs", "unavailable")
    expect(page.locator("#review-costs")).to_contain_text("needs the double-dummy solver")
    expect(page.locator("#review-waiting")).to_be_hidden()
    assert cost_words(page) == [", cost unavailable"] * 52
    assert serious(page, PRACTICE_RULES) == []
