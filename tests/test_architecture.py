"""The rules and the card games stay pure Python, testable without Django."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE = sorted((ROOT / "tournaments" / "rules").glob("*.py")) + sorted(
    (ROOT / "tournaments" / "games").rglob("*.py")
)


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", PURE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_pure_modules_import_nothing_from_django(path):
    """No module of the rules or the whist engine imports Django."""
    assert not [m for m in imported_modules(path) if m.split(".")[0] == "django"]
