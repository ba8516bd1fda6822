"""Django's makemessages, also collecting the templates of RulesError messages and the
launcher's console text.

The pure rules cannot import Django's gettext; their messages are marked by being the first
argument of ``RulesError(...)`` (or of its ``AheadOfTheHall``) or ``Phrase(...)`` (see
rules/errors.py), or by the no-op ``gettext_noop`` (which Django's makemessages already
collects), and translated when read.
``whistdirector/launch.py``, ``console.py`` (what ``whist-director hall`` prints) and
``config.py`` (its configuration errors), and the practice room's app (``practice/``: its
pages, messages and scripts) sit outside this app; their strings join its catalog, so the
product keeps one French catalog and one glossary (run from inside tournaments/, as ``make
messages`` does).
"""

import os
from pathlib import Path

from django.core.management.commands import makemessages

ROOT = Path(__file__).resolve().parents[3]
LAUNCHER = ROOT / "whistdirector"
LAUNCHER_FILES = ("launch.py", "listening.py", "console.py", "config.py", "server.py")
PRACTICE = ROOT / "practice"


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=RulesError",
        "--keyword=AheadOfTheHall",  # a RulesError the phone keeps its entry for
        "--keyword=Phrase",
    ]

    def find_files(self, root):
        files = super().find_files(root)
        if root == "." and os.path.isdir("locale"):
            # Files outside this app go to its catalog (makemessages' default locale folder).
            # Walked by absolute path (a relative "../" one matches the ignored ".*"), then
            # named relative to this app, as the catalog's locations are.
            files += [
                self.translatable_file_class(os.path.relpath(f.dirpath), f.file, f.locale_dir)
                for f in super().find_files(str(PRACTICE))
            ]
            if self.domain == "django":
                files += [
                    self.translatable_file_class(
                        os.path.relpath(LAUNCHER), name, os.path.abspath("locale")
                    )
                    for name in LAUNCHER_FILES
                ]
        return sorted(files)
