"""The tests mirror the code, so a newcomer finds a module's tests where the module is:
``tests/tournaments/services/test_results.py`` tests ``tournaments/services/results.py``.
Stories that cross several layers are in ``tests/scenarios/`` (named as the story), the browser
stories in ``tests/e2e/``, and only the few project-wide checks sit directly in ``tests/``."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"

# Stories that cross layers (the hall's, the browser's): named as the story, not as a module.
STORIES = {"scenarios", "e2e"}
# The project-wide checks, read over the whole house rather than one module of it.
MOST_AT_TOP = 3


def _test_files() -> list[Path]:
    return sorted(path for path in TESTS.rglob("test_*.py") if "__pycache__" not in path.parts)


def mirrored(test: Path) -> tuple[Path, Path]:
    """The module and the package a test module in a mirrored folder names:
    tests/a/b/test_c.py -> a/b/c.py, a/b/c/."""
    inside = test.relative_to(TESTS)
    name = inside.name.removeprefix("test_").removesuffix(".py")
    folder = ROOT.joinpath(*inside.parts[:-1])
    return folder / f"{name}.py", folder / name


def test_at_most_three_test_modules_sit_directly_in_tests():
    at_top = [path.name for path in _test_files() if path.parent == TESTS]
    assert len(at_top) <= MOST_AT_TOP, (
        f"{len(at_top)} test modules directly in tests/ (at most {MOST_AT_TOP}): {at_top}; "
        "move each beside the code it tests, or into tests/scenarios/ if it tells a story"
    )


def test_every_test_module_names_a_module_or_package_of_the_code():
    astray = []
    for test in _test_files():
        inside = test.relative_to(TESTS)
        if len(inside.parts) == 1 or inside.parts[0] in STORIES:
            continue
        module, package = mirrored(test)
        if not (module.is_file() or (package / "__init__.py").is_file()):
            astray.append(
                f"tests/{inside.as_posix()}: no {module.relative_to(ROOT).as_posix()} "
                f"nor {package.relative_to(ROOT).as_posix()}/"
            )
    assert astray == [], "\n".join(astray)


def test_every_test_folder_is_a_package():
    """Tests import each other as ``tests.x.y``: every folder holding tests is a package."""
    folders = {path.parent for path in _test_files()}
    missing = [
        folder.relative_to(ROOT).as_posix()
        for folder in sorted(folders)
        if not (folder / "__init__.py").is_file()
    ]
    assert missing == []
