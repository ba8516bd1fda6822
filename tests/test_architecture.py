"""The rules, the cards and the practice games stay pure Python, testable without Django, and
the two apps keep to their own sides of the shared cards vocabulary. The project's modules stand
in layers (``LAYERS``): none imports a module of a higher layer, no two import each other even
by a detour, and none imports a module of the project inside a function to dodge a loop."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = sorted((ROOT / "tournaments" / "rules").glob("*.py"))
CARDS = sorted((ROOT / "cards").glob("*.py"))
GAMES = sorted((ROOT / "practice" / "games").rglob("*.py"))
PURE = RULES + CARDS + GAMES
PROJECT = ("cards", "tournaments", "practice", "whistdirector")
SOURCES = sorted(p for package in PROJECT for p in (ROOT / package).rglob("*.py"))


def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


# Parsed while the tests are collected, before any test starts a thread (CPython 3.11's
# ast.parse racing another thread's fails: "AST constructor recursion depth mismatch").
TREES = {p: _parse(p) for p in {*PURE, *SOURCES}}


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


# The project's layers, from the bottom up: a module imports from its own layer and the ones
# below. A name stands for a module, or a package and everything in it; the app's root
# ("tournaments") stands for its __init__ alone, so a new module at the root needs a place here.
LAYERS = (
    ("cards",),
    ("tournaments.rules",),
    ("tournaments.cli",),  # words and hints the launcher prints before Django is set up
    ("tournaments.formats",),  # the files leaders exchange: read and written by the rules
    (
        "tournaments",
        "tournaments.models",
        "tournaments.migrations",
        "tournaments.links",
        "tournaments.jinja",
        "tournaments.permissions",
    ),
    ("tournaments.cache",),
    ("tournaments.archive",),
    ("tournaments.selectors",),
    ("tournaments.snapshot",),
    ("tournaments.services",),
    ("tournaments.publishing",),  # what the hall sends out: backups, the province, the standby
    ("tournaments.pdf",),
    ("tournaments.forms",),
    ("tournaments.shared_pages",),
    ("tournaments.views", "tournaments.templatetags"),
    ("tournaments.urls", "tournaments.admin", "tournaments.apps"),
    ("tournaments.management",),
    ("practice",),
    ("whistdirector",),
)
APP_ROOTS = ("tournaments",)
# The only modules that import the project inside a function, and why.
INSIDE_FUNCTIONS = {
    "tournaments.apps": "Django imports an AppConfig before the app's models: ready() wires them",
    "tournaments.views.seasons": "reportlab (0.2 s) loads when a PDF is asked for, as pdf.build's",
    "whistdirector": "the launcher reads its options before Django is set up, the app after",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in SOURCES}


def _within(name: str, entry: str) -> bool:
    return name == entry or name.startswith(f"{entry}.")


def layer_of(module: str) -> int | None:
    """The index of ``module``'s layer, or None."""
    name = module
    found = [
        (len(entry), i)
        for i, entries in enumerate(LAYERS)
        for entry in entries
        if name == entry or (_within(name, entry) and entry not in APP_ROOTS)
    ]
    return max(found)[1] if found else None


def _statements(tree: ast.AST, inside: bool = False):
    """Every import statement of ``tree``, and whether it runs inside a function."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, inside
        function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        yield from _statements(node, inside or function)


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The project's modules an import statement of ``module`` runs: the modules it names
    (``from package import submodule`` names the submodule), and the packages above them."""
    if isinstance(node, ast.Import):
        named = {alias.name for alias in node.names}
    else:
        package = (
            module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]
        )
        base = package[: len(package) - node.level + 1] if node.level else []
        source = ".".join([*base, *([node.module] if node.module else [])])
        subs = {f"{source}.{a.name}" for a in node.names if f"{source}.{a.name}" in MODULES}
        named = subs if len(subs) == len(node.names) else {source, *subs}
    found = set()
    for name in named:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        parts = name.split(".")
        found |= {".".join(parts[:n]) for n in range(1, len(parts) + 1)}
    return {t for t in found if t in MODULES and not _within(module, t)}


def _graph() -> tuple[dict[str, set[str]], list[tuple[str, int, str]]]:
    edges, inside = {m: set() for m in MODULES}, []
    for module, path in MODULES.items():
        for node, in_function in _statements(TREES[path]):
            found = _targets(module, node)
            edges[module] |= found
            inside += [(module, node.lineno, t) for t in sorted(found) if in_function]
    return edges, inside


EDGES, INSIDE = _graph()


def test_every_module_of_the_project_has_a_layer():
    """A new module at the app's root, or a new package, is given its place in ``LAYERS``."""
    assert not [m for m in MODULES if layer_of(m) is None]


def test_no_module_imports_a_module_of_a_higher_layer():
    """Imports point down (or stay within a layer): the rules know nothing of the database,
    the writes nothing of the pages, the app nothing of the launcher."""
    up = [
        f"{module} -> {target}"
        for module, targets in sorted(EDGES.items())
        for target in sorted(targets)
        if (layer_of(target) or 0) > (layer_of(module) or 0)  # no layer: the test above says
    ]
    assert not up


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, by a detour or directly (Tarjan)."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while not group or group[-1] != v:
                group.append(stack.pop())
                on_stack.discard(group[-1])
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return groups


def test_no_modules_of_the_project_import_one_another():
    """No import cycle, however long, among the project's modules (imports inside functions
    and the packages an import runs counted)."""
    assert not _cycles(EDGES)


def test_the_cycle_finder_sees_a_detour():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_imports_the_project_inside_a_function():
    """Imports stand at the top of the module, where a reader sees what it stands on; an import
    hidden in a function to dodge a loop hides a layer pointing the wrong way."""
    found = [
        f"{module}:{line} imports {target}"
        for module, line, target in INSIDE
        if not any(_within(module, m) for m in INSIDE_FUNCTIONS)
    ]
    assert not found


def test_the_import_graph_reads_the_archive_import_as_a_write():
    """The graph sees through relative imports: the records' service imports the archive's
    importer, the archive format package does not."""
    assert "tournaments.services.archive_import" in EDGES["tournaments.services.records"]
    assert "tournaments.services.archive_import" not in EDGES["tournaments.archive"]
    assert layer_of("tournaments.services.archive_import") > layer_of("tournaments.archive")
