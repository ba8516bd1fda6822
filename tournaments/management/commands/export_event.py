from __future__ import annotations

from pathlib import Path

from django.utils.translation import gettext, gettext_lazy

from tournaments.archive import dumps, export_event
from tournaments.management.event_command import EventCommand


class Command(EventCommand):
    help = gettext_lazy(
        "Write an event's complete archive as JSON, to the screen or to the file that --out names."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--out", help=gettext("file to write instead of standard output"))
        parser.add_argument(
            "--secrets",
            action="store_true",
            help=gettext(
                "with the tables' entry addresses and the event's accounts (password hashes), "
                "as the backups hold them: keep such a file like a key"
            ),
        )

    def handle_event(self, event, **o):
        text = dumps(export_event(event, secrets=o["secrets"]))
        if o["out"]:
            Path(o["out"]).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
