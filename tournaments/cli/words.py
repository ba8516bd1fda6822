"""What the command line says, in the leader's language, before Django is set up.

``--help`` and a configuration error must not open (or create) a database, so they cannot wait
for Django's translation machinery: they read the app's own compiled catalog
(``tournaments/locale``) with Python's gettext, in the language ``WHIST_LANGUAGE`` names
(``fr-ca``: French; default English), as Django's pages and commands do.
"""

from __future__ import annotations

import argparse
import copy
import functools
import gettext as python_gettext
import os
import re
import sys
import textwrap
from pathlib import Path

LOCALE = Path(__file__).resolve().parent.parent / "locale"


@functools.cache
def _catalog(language: str) -> python_gettext.NullTranslations:
    # "fr-ca" is looked up as fr_CA, then fr (the folder the catalog lives in).
    code = language.replace("-", "_")
    head, _, tail = code.partition("_")
    code = f"{head.lower()}_{tail.upper()}" if tail else head.lower()
    return python_gettext.translation("django", LOCALE, languages=[code], fallback=True)


def gettext(text: str) -> str:
    """``text`` in the leader's language: Django's active one once Django is set up (which is
    WHIST_LANGUAGE unless a page or a test chose another), else WHIST_LANGUAGE's."""
    from django.apps import apps

    if apps.ready:
        from django.utils.translation import gettext as django_gettext

        return django_gettext(text)
    return _catalog(os.environ.get("WHIST_LANGUAGE", "en-ca")).gettext(text)


def gettext_noop(text: str) -> str:
    """Mark ``text`` for the catalog; it is translated where it is shown."""
    return text


_ = gettext

# argparse's own words, which argparse reads from a catalog of its own that no system ships
# in French: the formatter below shows them from ours.
ARGPARSE_WORDS = {
    "usage: ": gettext_noop("usage: "),
    "options": gettext_noop("options"),
    "positional arguments": gettext_noop("positional arguments"),
    "show this help message and exit": gettext_noop("show this help message and exit"),
    "the commands": gettext_noop("the commands"),
}

# argparse's own sentences about a mistyped command, read back from the English it writes
# (its catalog has no French): the pattern, then our entry for it.
ARGPARSE_PROBLEMS = (
    (
        r"argument (?P<argument>\S+): (?P<problem>.*)",
        gettext_noop("argument %(argument)s: %(problem)s"),
    ),
    (
        r"invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)",
        gettext_noop("invalid choice: %(value)s (choose from %(choices)s)"),
    ),
    (r"expected one argument", gettext_noop("expected one argument")),
    (
        r"the following arguments are required: (?P<arguments>.+)",
        gettext_noop("the following arguments are required: %(arguments)s"),
    ),
)


def argparse_problem(message: str) -> str:
    """argparse's ``message`` in the leader's language (unchanged if it is not one we know)."""
    for pattern, words in ARGPARSE_PROBLEMS:
        found = re.fullmatch(pattern, message, re.DOTALL)
        if found:
            parts = found.groupdict()
            if "problem" in parts:
                parts["problem"] = argparse_problem(parts["problem"])
            return _(words) % parts
    return message


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, its headings and the line of ``-h`` in the leader's language."""

    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def start_section(self, heading):
        super().start_section(_(ARGPARSE_WORDS.get(heading, heading)) if heading else heading)

    # Command names such as whist-director stay whole on a line.
    def _split_lines(self, text, width):
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text, width, indent):
        text = " ".join(text.split())
        return textwrap.fill(
            text, width, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False
        )

    def add_argument(self, action):
        if action.help in ARGPARSE_WORDS:
            action = copy.copy(action)
            action.help = _(ARGPARSE_WORDS[action.help])
        super().add_argument(action)


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser that words its help and its errors in the leader's language."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):
        refuse(self, message)


def refuse(parser: argparse.ArgumentParser, message: str):
    """End the command on a mistyped line: its usage, then the problem, in the leader's
    language (argparse's own error, which says "error:" in English)."""
    parser.print_usage(sys.stderr)
    problem = argparse_problem(message)
    parser.exit(2, _("%(prog)s: %(problem)s\n") % {"prog": parser.prog, "problem": problem})
