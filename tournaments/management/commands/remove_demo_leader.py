from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from tournaments.cli.base import AppCommand
from tournaments.services import accounts


class Command(AppCommand):
    help = gettext_lazy(
        "Delete the demo leader account, whose password is published, and the demo events, "
        "before serving a hall."
    )

    def handle(self, *args, **o):
        events = accounts.demo_events()
        if events:
            text = gettext(
                "Removing the demo events %(events)s: they leave with the demo leader, so no "
                "phone in the hall lists them."
            )
            self.stdout.write(text % {"events": ", ".join(e.slug for e in events)})
        if accounts.demo_leader_remove():
            text = gettext("The demo leader %(user)r is removed.")
            self.stdout.write(text % {"user": accounts.DEMO_USER})
        else:
            text = gettext("There is no demo leader %(user)r.")
            self.stdout.write(text % {"user": accounts.DEMO_USER})
