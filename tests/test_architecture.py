"""The rules, the cards and the practice games stay pure Python, testable without Django, and
the two apps keep to their own sides of the shared cards vocabulary."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = sorted((ROOT / "tournaments" / "rules").glob("*.py"))
CARDS = sorted((ROOT / "cards").glob("*.py"))
GAMES = sorted((ROOT / "practice" / "games").rglob("*.py"))
PURE = RULES + CARDS + GAMES


def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


# Parsed while the tests are collected, before any test starts a thread (CPython 3.11's
# ast.parse racing another thread's fails: "AST constructor recursion depth mismatch").
TREES = {
    p: _parse(p)
    for p in {*PURE, *(ROOT / "tournaments").rglob("*.py"), *(ROOT / "practice").rglob("*.py")}
}


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports made absolute."""
    tree = TREES.get(path) or _parse(path)
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            names.add(".".join([*base, *([node.module] if node.module else [])]))
    return names


def _ids(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", PURE, ids=_ids)
def test_pure_modules_import_nothing_from_django(path):
    """No module of the rules, the cards or the practice games imports Django."""
    assert not [m for m in imported_modules(path) if m.split(".")[0] == "django"]


@pytest.mark.parametrize("path", CARDS, ids=_ids)
def test_the_cards_stand_on_nothing_of_either_app(path):
    """The cards vocabulary imports neither the tournament app nor the practice room."""
    assert not [m for m in imported_modules(path) if m.split(".")[0] in ("tournaments", "practice")]


@pytest.mark.parametrize("path", sorted((ROOT / "tournaments").rglob("*.py")), ids=_ids)
def test_the_tournament_app_imports_nothing_of_the_practice_room(path):
    """The event director's app (its rules above all) takes cards from ``cards``, never from
    the practice room's games."""
    assert not [m for m in imported_modules(path) if m.split(".")[0] == "practice"]


@pytest.mark.parametrize("path", sorted((ROOT / "practice").rglob("*.py")), ids=_ids)
def test_the_practice_room_imports_nothing_of_the_tournament_app_but_its_rules(path):
    """The practice room is a product of its own: it needs the cards and the game's pure
    rules (what tricks win flags), not the events."""
    found = [m for m in imported_modules(path) if m.split(".")[0] == "tournaments"]
    assert not [m for m in found if not m.startswith("tournaments.rules")]


def test_relative_imports_are_read_as_absolute():
    """The check above sees through relative imports (``from ..games.whist import x``)."""
    found = imported_modules(ROOT / "practice" / "views" / "whist.py")
    assert "practice.games.whist.search" in found
