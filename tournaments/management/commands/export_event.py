from __future__ import annotations

from pathlib import Path

from django.utils.translation import gettext, gettext_lazy

from tournaments.archive import dumps, export_event
from tournaments.cli.base import AppCommand

from .import_teams import event_or_error


class Command(AppCommand):
    help = gettext_lazy(
        "Write an event's complete archive as JSON, to the screen or to the file that --out names."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help=gettext("the event's short name, such as area-5-2026"))
        parser.add_argument("--out", help=gettext("file to write instead of standard output"))
        parser.add_argument(
            "--secrets",
            action="store_true",
            help=gettext(
                "with the tables' entry addresses and the event's accounts (password hashes), "
                "as the backups hold them: keep such a file like a key"
            ),
        )

    def handle(self, *args, **o):
        text = dumps(export_event(event_or_error(o["slug"]), secrets=o["secrets"]))
        if o["out"]:
            Path(o["out"]).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
