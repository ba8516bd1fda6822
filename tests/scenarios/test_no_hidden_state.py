"""Only ``tournaments.cache`` and ``tournaments.snapshot`` keep state between requests: no other
module of the event director (nor the launcher, nor the cards) holds a module-level cache (a
dict, list or set filled as it runs, or a memoising decorator) that a second place would have
to keep in step. The practice room derives nothing from events; what it memoises are pure
functions of a deal."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("tournaments", "whistdirector", "cards")
# State that is not derived from an event, each with why it may stay.
ALLOWED = {
    # The backup writer's queue and last failure, per process: a worker, not a cache.
    ("tournaments/publishing/backups.py", "_failures"),
    ("tournaments/publishing/backups.py", "writer"),
    # The catalog's file read once per language, as Django's own translations are: the
    # launcher's words before Django is set up.
    ("tournaments/cli/words.py", "@_catalog"),
    # The hall's one process and its standby: which revisions the standby confirmed and the
    # saves not confirmed yet (a leader's save's answer waits on them), the door the standby
    # asks through.
    # Nothing derived: it starts empty, and a standby's next ask fills it again.
    ("tournaments/services/standby_sync.py", "_confirmed"),
    ("tournaments/services/standby_sync.py", "_committed"),
    ("tournaments/services/standby_sync.py", "_state"),
    ("tournaments/services/standby_sync.py", "_commits"),
    ("tournaments/publishing/standby_follower.py", "_feeds"),
    # The follower's one connection to its hall, kept open between asks: not data.
    ("tournaments/publishing/standby_follower.py", "_kept"),
    # What the hall last sent its standby of each event, at which revision: what the standby
    # holds, not what the hall holds (every round reads the database again). Lost, or asked
    # from any other revision, the next round sends everything.
    ("tournaments/services/standby_sent.py", "_sent"),
    # The mark of the staff accounts sent last: lost, the next round sends them again.
    ("tournaments/services/standby_sent.py", "_accounts"),
}
MEMOISING = {"cache", "lru_cache", "cached_property"}
MUTABLE_CALLS = {"dict", "list", "set", "OrderedDict", "defaultdict", "Counter", "deque"}


def modules() -> list[Path]:
    found = []
    for app in APPS:
        found += [
            p
            for p in sorted((ROOT / app).rglob("*.py"))
            if "migrations" not in p.parts
            and "snapshot" not in p.parts
            and p.parent != ROOT / "tournaments" / "cache"
        ]
    return found


def hidden_state(path: Path) -> list[str]:
    """Module-level names bound to a mutable container, and memoised functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        targets, value = [], None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        if value is not None and _mutable(value):
            found += [t.id for t in targets if isinstance(t, ast.Name)]
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for decorator in node.decorator_list:
                name = decorator.func if isinstance(decorator, ast.Call) else decorator
                if getattr(name, "id", getattr(name, "attr", "")) in MEMOISING:
                    found.append(f"@{node.name}")
        if isinstance(node, ast.Assign) and isinstance(value, ast.Call):
            called = getattr(value.func, "id", "")
            if called and called[0].isupper() and called.startswith("_"):  # _Writer()
                found += [t.id for t in targets if isinstance(t, ast.Name)]
    return found


def _mutable(value: ast.expr) -> bool:
    if isinstance(value, ast.Dict | ast.List | ast.Set | ast.ListComp | ast.DictComp):
        return True
    if isinstance(value, ast.Call):
        return getattr(value.func, "id", getattr(value.func, "attr", "")) in MUTABLE_CALLS
    return False


# Read while the tests are collected, before any test starts a thread: CPython 3.11's ast.parse
# keeps its recursion depth per interpreter, and a parse racing another thread's (a server's
# in a test before) fails with "AST constructor recursion depth mismatch".
FOUND = {path: hidden_state(path) for path in modules()}


@pytest.mark.parametrize("path", list(FOUND), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_outside_the_snapshot_keeps_state(path):
    """A module's top-level names hold constants (upper-case tables of labels and limits);
    state lives in ``tournaments.cache`` and ``tournaments.snapshot``."""
    relative = str(path.relative_to(ROOT))
    found = [
        name
        for name in FOUND[path]
        if (relative, name) not in ALLOWED
        and name not in ("__all__", "urlpatterns")
        and not name.lstrip("_").isupper()
    ]
    assert found == []


def test_the_check_finds_a_cache_where_there_is_one(tmp_path):
    """The walk above flags a module-level dict filled at run time and a memoised function."""
    module = tmp_path / "m.py"
    module.write_text(
        "from functools import lru_cache\n_kept: dict = {}\n"
        "@lru_cache\ndef f(x):\n    return x\nLABELS = {'a': 1}\n"
    )
    assert hidden_state(module) == ["_kept", "@f", "LABELS"]
