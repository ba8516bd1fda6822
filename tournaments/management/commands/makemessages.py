"""Django's makemessages, also collecting the templates of RulesError messages.

The pure rules cannot import Django's gettext; their messages are marked by being the first
argument of ``RulesError(...)`` or ``Phrase(...)`` (see rules/errors.py), or by the no-op
``gettext_noop`` (which Django's makemessages already collects), and translated when read.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=RulesError",
        "--keyword=Phrase",
    ]
