"""Django's makemessages, also collecting the templates of RulesError messages.

The pure rules cannot import Django's gettext; their messages are marked by being the first
argument of ``RulesError(...)`` (see rules/errors.py) and translated when read.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=RulesError"]
