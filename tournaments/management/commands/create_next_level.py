from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.cli.base import AppCommand
from tournaments.management.commands.create_event import _numbers, season_options
from tournaments.models import Event, Level
from tournaments.rules.errors import RulesError
from tournaments.services.advancing import next_level_create


class Command(AppCommand):
    help = gettext_lazy(
        "Create a zone or provincial event from the advancing teams of finished events: "
        "each source event is one zone, and the tables follow zone order."
    )

    def add_arguments(self, parser):
        parser.add_argument("--name", required=True)
        parser.add_argument("--slug", required=True)
        parser.add_argument(
            "--from", dest="sources", required=True, help=gettext("e.g. area-1,area-2")
        )
        parser.add_argument("--level", choices=[Level.ZONE, Level.PROVINCIAL], required=True)
        parser.add_argument("--hands-per-day", required=True, help=gettext("e.g. 30 or 30,20"))
        parser.add_argument(
            "--season", help=gettext('e.g. "55 Plus Summer Games 2027" (default: the year)')
        )
        parser.add_argument("--first-day", help=gettext("YYYY-MM-DD, for the season's calendar"))

    def handle(self, *args, **o):
        slugs = [s.strip() for s in o["sources"].split(",") if s.strip()]
        found = {e.slug: e for e in Event.objects.filter(slug__in=slugs)}
        if missing := [s for s in slugs if s not in found]:
            raise CommandError(gettext("--from: no event %(slug)r") % {"slug": missing[0]})
        try:
            event = next_level_create(
                name=o["name"],
                slug=o["slug"],
                sources=[found[s] for s in slugs],
                level=o["level"],
                hands_per_day=_numbers(o["hands_per_day"], "--hands-per-day"),
                **season_options(o),
            )
        except RulesError as error:
            raise CommandError(error.message) from None
        text = gettext(
            "Created %(event)s: %(tables)s advancing teams from %(zones)s zones, "
            "%(hands)s hands (%(per_day)s per day)"
        )
        values = {
            "event": event.slug,
            "tables": event.tables,
            "zones": len(slugs),
            "hands": sum(event.day_hand_counts),
            "per_day": event.hands_per_day,
        }
        self.stdout.write(text % values)
