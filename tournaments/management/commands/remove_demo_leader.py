from __future__ import annotations

from django.core.management.base import BaseCommand

from tournaments.services import accounts


class Command(BaseCommand):
    help = "Delete the demo leader account (its password is published), before serving a hall"

    def handle(self, *args, **o):
        if accounts.demo_leader_remove():
            self.stdout.write(f"The demo leader {accounts.DEMO_USER!r} is removed.")
        else:
            self.stdout.write(f"There is no demo leader {accounts.DEMO_USER!r}.")
