"""``standby_code``: on the hall's laptop, a one-time pairing code for its standby laptop
(issue 39), as the leader's Two laptops page shows one."""

from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.cli.base import AppCommand
from tournaments.rules.errors import RulesError
from tournaments.services.standby import CODE_LIFE, issue_code


class Command(AppCommand):
    help = gettext_lazy(
        "Show a one-time pairing code for the standby laptop (good for ten minutes, once)."
    )

    def handle(self, *args, **o):
        try:
            code = issue_code(actor=None)
        except RulesError as error:
            raise CommandError(error.message) from None
        self.stdout.write(code)
        minutes = int(CODE_LIFE.total_seconds() // 60)
        self.stderr.write(
            gettext("Type it on the standby laptop within %(minutes)s minutes; it works once.")
            % {"minutes": minutes}
        )
