from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.utils.translation import gettext, gettext_lazy

from tournaments.cli.base import AppCommand
from tournaments.cli.hints import start_hint
from tournaments.management.demo import DEMO_ARCHIVES
from tournaments.models import Event, EventRole, Role
from tournaments.services.accounts import DEMO_PASSWORD, DEMO_USER
from tournaments.services.archive_import import import_event
from tournaments.services.table_entry import table_tokens_issue


class Command(AppCommand):
    help = gettext_lazy(
        "Load the demo events into an empty database and create the demo leader account."
    )

    def handle(self, *args, **o):
        if not Event.objects.exists():
            for path in sorted(DEMO_ARCHIVES.glob("*-demo.json")):
                event = import_event(json.loads(path.read_text(encoding="utf-8")))
                table_tokens_issue(event=event, actor=None)  # ready for phones at the tables
                self.stdout.write(gettext("Loaded demo event %(event)s") % {"event": event.slug})
        users = get_user_model().objects
        if not users.filter(username=DEMO_USER).exists():
            # Not staff: the demo leader leads the demo events and nothing else.
            users.create_user(DEMO_USER, password=DEMO_PASSWORD)
        leader = users.get(username=DEMO_USER)
        for event in Event.objects.filter(slug__endswith="-demo"):
            EventRole.objects.get_or_create(
                event=event, user=leader, defaults={"role": Role.LEADER}
            )
        text = gettext(
            "Demo leader login: user %(user)r, password %(password)r "
            "(leads the demo events only; %(hall)s asks for your own leader login)"
        )
        values = {"user": DEMO_USER, "password": DEMO_PASSWORD, "hall": start_hint("hall")}
        self.stdout.write(text % values)
