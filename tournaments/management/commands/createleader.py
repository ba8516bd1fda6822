from __future__ import annotations

import getpass
import os

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.cli.base import AppCommand
from tournaments.rules.errors import RulesError
from tournaments.services import accounts


class Command(AppCommand):
    help = gettext_lazy(
        "Create the leader's own account (staff: creates events and accounts). Asks for the "
        "password, or reads WHIST_LEADER_PASSWORD where nobody is at the keyboard."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--username", help=gettext("the leader's user name (asked when left out)")
        )

    def handle(self, *args, **o):
        username = o["username"] or input(gettext("Leader's user name: ")).strip()
        password = os.environ.get("WHIST_LEADER_PASSWORD") or getpass.getpass(gettext("Password: "))
        try:
            accounts.leader_create(username=username, password=password)
        except RulesError as error:
            raise CommandError(str(error)) from None
        text = gettext("Leader %(username)r created; log in at /accounts/login/.")
        self.stdout.write(text % {"username": username})
