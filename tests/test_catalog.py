"""The French catalog is complete and current: the build fails on any string left untranslated,
any translation gone stale, or a compiled catalog older than its source."""

from __future__ import annotations

import gettext
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parent.parent / "tournaments"
MESSAGES = APP / "locale" / "fr" / "LC_MESSAGES"
DOMAINS = ("django", "djangojs")


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> Path:
    """The app's marked strings collected afresh (makemessages) into a copy of its catalog."""
    copy = tmp_path_factory.mktemp("catalog") / "tournaments"
    shutil.copytree(APP, copy, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    manage = APP.parent / "manage.py"
    for domain in DOMAINS:
        subprocess.run(  # noqa: S603
            [
                sys.executable,
                str(manage),
                "makemessages",
                "-l",
                "fr",
                "-d",
                domain,
                "--add-location",
                "file",
                "--no-obsolete",
            ],
            cwd=copy,
            check=True,
            capture_output=True,
            timeout=300,
        )
    return copy / "locale" / "fr" / "LC_MESSAGES"


def _entries(po: Path, *flags: str) -> str:
    """The entries of ``po`` that msgattrib selects with ``flags`` (empty when none)."""
    return subprocess.run(  # noqa: S603
        ["msgattrib", *flags, "--no-obsolete", "--no-wrap", str(po)],  # noqa: S607
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout


def _ids(po: Path) -> set[str]:
    """The msgids of ``po`` (with their context and plural), header aside."""
    catalog = subprocess.run(  # noqa: S603
        ["msgcat", "--no-wrap", "--no-location", "--sort-output", str(po)],  # noqa: S607
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    return {block.split("\nmsgstr", 1)[0].strip() for block in catalog.split("\n\n")[1:]}


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_string_of_the_app_is_translated(collected, domain):
    """No marked string (page, message, printout, practice script) lacks its French."""
    assert _entries(collected / f"{domain}.po", "--untranslated") == ""


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_translation_is_a_guess(collected, domain):
    """No entry is fuzzy: an English string that changed has had its French checked again."""
    assert _entries(collected / f"{domain}.po", "--only-fuzzy") == ""


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_catalog_holds_exactly_the_strings_of_the_app(collected, domain):
    """The committed catalog has every string the app marks and none it no longer uses:
    `make messages` has been run since the last change."""
    assert _ids(MESSAGES / f"{domain}.po") == _ids(collected / f"{domain}.po")


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_compiled_catalog_matches_its_source(tmp_path, domain):
    """The .mo the app reads says what the .po says (`make messages` compiles it)."""
    fresh = tmp_path / f"{domain}.mo"
    subprocess.run(  # noqa: S603
        ["msgfmt", "--check", "-o", str(fresh), str(MESSAGES / f"{domain}.po")],  # noqa: S607
        check=True,
        timeout=60,
    )
    with fresh.open("rb") as source, (MESSAGES / f"{domain}.mo").open("rb") as compiled:
        assert gettext.GNUTranslations(compiled)._catalog == (
            gettext.GNUTranslations(source)._catalog
        )
