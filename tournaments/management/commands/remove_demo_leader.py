from __future__ import annotations

from django.core.management.base import BaseCommand
from django.utils.translation import gettext

from tournaments.services import accounts


class Command(BaseCommand):
    help = "Delete the demo leader account (its password is published), before serving a hall"

    def handle(self, *args, **o):
        if accounts.demo_leader_remove():
            text = gettext("The demo leader %(user)r is removed.")
            self.stdout.write(text % {"user": accounts.DEMO_USER})
        else:
            text = gettext("There is no demo leader %(user)r.")
            self.stdout.write(text % {"user": accounts.DEMO_USER})
