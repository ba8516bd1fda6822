from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournaments.management.commands.create_event import _numbers
from tournaments.models import Event, Level
from tournaments.rules.errors import RulesError
from tournaments.services.advancing import next_level_create


class Command(BaseCommand):
    help = (
        "Create a zone or provincial event from the advancing teams of finished events, "
        "each source event one zone, tables in zone order"
    )

    def add_arguments(self, parser):
        parser.add_argument("--name", required=True)
        parser.add_argument("--slug", required=True)
        parser.add_argument("--from", dest="sources", required=True, help="e.g. area-1,area-2")
        parser.add_argument("--level", choices=[Level.ZONE, Level.PROVINCIAL], required=True)
        parser.add_argument("--hands-per-day", required=True, help="e.g. 30 or 30,20")

    def handle(self, *args, **o):
        slugs = [s.strip() for s in o["sources"].split(",") if s.strip()]
        found = {e.slug: e for e in Event.objects.filter(slug__in=slugs)}
        if missing := [s for s in slugs if s not in found]:
            raise CommandError(f"--from: no event {missing[0]!r}")
        try:
            event = next_level_create(
                name=o["name"],
                slug=o["slug"],
                sources=[found[s] for s in slugs],
                level=o["level"],
                hands_per_day=_numbers(o["hands_per_day"], "--hands-per-day"),
            )
        except RulesError as error:
            raise CommandError(error.message) from None
        self.stdout.write(
            f"Created {event.slug}: {event.tables} advancing teams from {len(slugs)} zones, "
            f"{sum(event.day_hand_counts)} hands ({event.hands_per_day} per day)"
        )
