from __future__ import annotations

import json

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.archive import import_event
from tournaments.json_input import read_json
from tournaments.management.base import AppCommand
from tournaments.rules.errors import RulesError

from .import_teams import read_text


class Command(AppCommand):
    help = gettext_lazy("Recreate an event from an archive written by export_event.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=gettext("the archive (.json) to restore"))

    def handle(self, *args, **o):
        try:
            event = import_event(read_json(read_text(o["file"])))
        except json.JSONDecodeError as error:
            text = gettext("%(file)s: not JSON (%(error)s)")
            raise CommandError(text % {"file": o["file"], "error": error}) from None
        except RulesError as error:
            text = gettext("%(file)s: nothing imported. %(problems)s")
            raise CommandError(text % {"file": o["file"], "problems": error.message}) from None
        self.stdout.write(gettext("Imported event %(event)s") % {"event": event.slug})
