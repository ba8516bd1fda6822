"""A browser tab on one practice deal, as the table's script drives the JSON interface: every
request names the game and the deal, and every move says how many moves the tab has seen."""

from __future__ import annotations

import json

from django.test import Client


class Tab:
    def __init__(self, client: Client, game: str, deal: int, **options) -> None:
        self.client = client
        self.base = "/practice/api/" if game == "whist" else f"/practice/{game}/api/"
        self.identity = {"deal": deal, **options}
        self.seen: int | None = None  # moves made when the tab last heard from the server

    def post(self, name: str, body: dict | None = None, *, after: bool = True):
        """POST ``body`` with the deal named (and, for a move, the moves seen)."""
        sent = {**self.identity, **(body or {})}
        if after and self.seen is not None:
            sent["after"] = self.seen
        response = self.client.post(
            f"{self.base}{name}/", json.dumps(sent), content_type="application/json"
        )
        self._heard(response)
        return response

    def get(self, name: str):
        response = self.client.get(f"{self.base}{name}/", self.identity)
        self._heard(response)
        return response

    def start(self, resume: bool = False) -> dict:
        response = self.post("start", {"resume": resume}, after=False)
        assert response.status_code == 200, response.content
        return response.json()

    def send(self, name: str, **body) -> dict:
        """A move the rules allow: its answer."""
        response = self.post(name, body)
        assert response.status_code == 200, response.content
        return response.json()

    def _heard(self, response) -> None:
        if response.get("Content-Type", "").startswith("application/json"):
            made = response.json().get("made")
            if made is not None:
                self.seen = made


def first_legal(state: dict) -> str:
    return next(card["code"] for card in state["hand"] if card["legal"])
