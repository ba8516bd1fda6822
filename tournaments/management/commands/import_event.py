from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from tournaments.archive import import_event
from tournaments.rules.errors import RulesError

from .import_teams import read_text


class Command(BaseCommand):
    help = "Recreate an event from an archive written by export_event"

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **o):
        try:
            event = import_event(json.loads(read_text(o["file"])))
        except json.JSONDecodeError as error:
            text = gettext("%(file)s: not JSON (%(error)s)")
            raise CommandError(text % {"file": o["file"], "error": error}) from None
        except RulesError as error:
            text = gettext("%(file)s: nothing imported. %(problems)s")
            raise CommandError(text % {"file": o["file"], "problems": error.message}) from None
        self.stdout.write(gettext("Imported event %(event)s") % {"event": event.slug})
