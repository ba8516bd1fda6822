from __future__ import annotations

from django.core.management.base import CommandError
from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from tournaments.archive import dumps, export_event
from tournaments.cli.base import AppCommand
from tournaments.management.demo import DEMO_ARCHIVES, build_area, build_provincial
from tournaments.models import Event


class Command(AppCommand):
    help = gettext_lazy(
        "Rebuild the demo archives in fixtures/ from their fixed seeds, on an empty database."
    )

    def handle(self, *args, **o):
        if Event.objects.filter(slug__in=["provincial-demo", "area-demo"]).exists():
            raise CommandError(
                gettext("The demo events exist already; run this on an empty database")
            )
        out = DEMO_ARCHIVES
        for build in (build_provincial, build_area):
            with transaction.atomic():
                event = build()
            path = out / f"{event.slug}.json"
            path.write_text(dumps(export_event(event)), encoding="utf-8")
            self.stdout.write(gettext("Wrote %(path)s") % {"path": path})
