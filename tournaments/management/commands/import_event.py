from __future__ import annotations

import json

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.archive.reading import read_archive_path
from tournaments.cli.base import AppCommand
from tournaments.cli.hints import manage_hint
from tournaments.rules.errors import RulesError, shortened
from tournaments.services.archive_import import import_event

from .import_teams import cannot_read


def without_password(event) -> str:
    """A line per restored account left unable to log in (it had a published password)."""
    text = gettext(
        "%(name)s came back without its password (it was one printed in the instructions): "
        "give it a new one with %(command)s"
    )
    return "".join(
        text % {"name": name, "command": manage_hint(f"changepassword {name}")} + "\n"
        for name in event.accounts_without_password
    )


class Command(AppCommand):
    help = gettext_lazy("Recreate an event from an archive written by export_event.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=gettext("the archive (.json) to restore"))

    def handle(self, *args, **o):
        try:  # the file's size and first bytes are checked before it is read (reading.py)
            event = import_event(read_archive_path(o["file"]), secrets=True)
        except OSError as error:
            raise cannot_read(o["file"], error) from None
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            text = gettext("%(file)s: not JSON (%(error)s)")
            raise CommandError(text % {"file": o["file"], "error": shortened(str(error))}) from None
        except RulesError as error:
            text = gettext("%(file)s: nothing imported. %(problems)s")
            raise CommandError(text % {"file": o["file"], "problems": error.message}) from None
        self.stdout.write(gettext("Imported event %(event)s") % {"event": event.slug})
        self.stdout.write(without_password(event), ending="")
