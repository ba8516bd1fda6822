"""Django's makemessages, also collecting the templates of RulesError messages and the
launcher's console text.

The pure rules cannot import Django's gettext; their messages are marked by being the first
argument of ``RulesError(...)`` or ``Phrase(...)`` (see rules/errors.py), or by the no-op
``gettext_noop`` (which Django's makemessages already collects), and translated when read.
``whistdirector/launch.py``, ``console.py`` (what ``whist-director hall`` prints) and
``config.py`` (its configuration errors) sit outside the app; their strings join the app's
catalog (run from inside tournaments/, as ``make messages`` does).
"""

import os
from pathlib import Path

from django.core.management.commands import makemessages

LAUNCHER = Path(__file__).resolve().parents[3] / "whistdirector"
LAUNCHER_FILES = ("launch.py", "console.py", "config.py")


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=RulesError",
        "--keyword=Phrase",
    ]

    def find_files(self, root):
        files = super().find_files(root)
        if root == "." and self.domain == "django" and os.path.isdir("locale"):
            files += [
                self.translatable_file_class(
                    os.path.relpath(LAUNCHER), name, os.path.abspath("locale")
                )
                for name in LAUNCHER_FILES
            ]
        return sorted(files)
