"""The practice room in French: the pages, the rules and the whist table's words from the
server (card names, briefing, refusals, summary)."""

from __future__ import annotations

import json
import re

import pytest

from tests.scenarios.french.leftovers import english_left, visible_text

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-CA,fr;q=0.9"}


def main_text(html: str) -> str:
    """The visible text of the page's own content (the shared frame is the pages' work)."""
    match = re.search(r'<main id="main"[^>]*>(.*)</main>', html, re.S)
    return visible_text(match.group(1) if match else html)


def post(client, name: str, body: dict):
    return client.post(
        f"/practice/api/{name}/", json.dumps(body), content_type="application/json", **FRENCH
    )


def texts(value) -> list[str]:
    """Every string in a JSON answer except codes and symbols."""
    if isinstance(value, dict):
        return [
            t for key, v in value.items() if key not in {"code", "suit", "seat"} for t in texts(v)
        ]
    if isinstance(value, list):
        return [t for v in value for t in texts(v)]
    return [value] if isinstance(value, str) else []


PAGES = [
    "/practice/",
    "/practice/?deal=1234",
    "/practice/?deal=1234&trump=NT&level=strong",
    "/practice/whist/rules/",
    "/practice/militac/rules/",
    "/practice/militaire/rules/",
    "/practice/militac/?deal=12",
    "/practice/militaire/?deal=12&pack=army&players=3",
    "/practice/militaire/?deal=12&pack=french",
]


@pytest.mark.parametrize("url", PAGES)
def test_the_practice_pages_read_in_french(client, url):
    """Each practice page's own text has no English word of the app left for a French reader."""
    response = client.get(url, **FRENCH)
    assert response.status_code == 200
    text = main_text(response.content.decode())
    assert english_left(text) == [], text


def test_the_rules_pages_are_translated_whole():
    """The rules of Military Whist, Militac and Militaire say their key words in French."""
    from django.test import Client

    client = Client()
    whist = main_text(client.get("/practice/whist/rules/", **FRENCH).content.decode())
    assert "paire voyageuse" in whist and "renonce" in whist and "drapeaux" in whist
    militac = main_text(client.get("/practice/militac/rules/", **FRENCH).content.decode())
    militaire = main_text(client.get("/practice/militaire/rules/", **FRENCH).content.decode())
    assert "escouades" in militac and "Infanterie" in militac and "enchères" in militac
    assert "pioche" in militaire and "Sergent-major" in militaire and "Sortir" in militaire


def test_the_hand_names_its_cards_in_french(client):
    """South's cards are named "Dame de pique", "10 de cœur", "As de trèfle" in French."""
    state = post(client, "start", {"deal": 1234}).json()
    words = [card["words"] for card in state["hand"]]
    pattern = re.compile(r"^(As|Roi|Dame|Valet|10|[2-9]) de (pique|cœur|carreau|trèfle)$")
    assert all(pattern.match(w) for w in words), words
    faces = {card["rank"] for card in state["hand"]}
    assert not faces & {"Q", "K", "J"}


def test_the_table_speaks_french_from_deal_to_summary(client):
    """Briefing, trump, steps and the closing summary come in French with no English left."""
    state = post(client, "start", {"deal": 1235}).json()
    assert state["briefing"]["dealer"] in {"Nord", "Est", "Sud", "Ouest"}
    assert "Vous et Nord" in state["briefing"]["task"]
    seen = texts(state)
    while not state["finished"]:
        card = next(c["code"] for c in state["hand"] if c["legal"])
        state = post(client, "play", {"deal": 1235, "card": card}).json()
        seen += texts(state)
    assert "levées" in state["summary"]["text"]
    review = client.get("/practice/api/review/", {"deal": 1235}, **FRENCH)
    while review.status_code == 202:
        review = client.get("/practice/api/review/", {"deal": 1235}, **FRENCH)
    seen += texts({k: v for k, v in review.json().items() if k != "costs"})
    assert english_left("\n".join(seen)) == []


def test_a_refused_card_is_explained_in_french(client):
    """Playing a card South does not hold is refused with a French reason."""
    state = post(client, "start", {"deal": 1234}).json()
    held = {c["code"] for c in state["hand"]}
    missing = next(f"{r}{s}" for s in "SHDC" for r in "AKQJT98765432" if f"{r}{s}" not in held)
    response = post(client, "play", {"deal": 1234, "card": missing})
    assert response.status_code == 400
    assert "n'a pas cette carte" in response.json()["error"]


def room_post(client, game: str, name: str, body: dict):
    return client.post(
        f"/practice/{game}/api/{name}/",
        json.dumps(body),
        content_type="application/json",
        **FRENCH,
    )


@pytest.mark.parametrize(
    "game, body",
    [
        ("militac", {"deal": 12}),
        ("militaire", {"deal": 12, "pack": "french", "players": 4}),
        ("militaire", {"deal": 13, "pack": "army", "players": 3}),
    ],
)
def test_militac_and_militaire_tables_speak_french(client, game, body):
    """The other practice games' cards and sentences come in French until the player's turn."""
    state = room_post(client, game, "start", body).json()
    seen = texts({k: v for k, v in state.items() if k not in {"game", "phase", "pack"}})
    assert english_left("\n".join(seen)) == [], seen
    words = " ".join(card["words"] for card in state["hand"])
    assert re.search(r"\b(de|Le Président|Sergent|Caporal|Joker|Capitaine|Général)\b", words)


def test_a_refused_militaire_move_is_explained_in_french(client):
    """Discarding before drawing is refused with the reason in French."""
    state = room_post(client, "militaire", "start", {"deal": 12, "pack": "french"}).json()
    assert state["your_turn"] and state["phase"] == "draw"
    card = state["hand"][0]["code"]
    response = room_post(
        client, "militaire", "move", {"deal": 12, "pack": "french", "move": f"discard {card}"}
    )
    assert response.status_code == 400
    assert response.json()["error"].startswith("Piochez d'abord une carte")
