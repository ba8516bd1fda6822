from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand

from tournaments.archive import dumps, export_event

from .import_teams import event_or_error


class Command(BaseCommand):
    help = "Write an event's complete archive as JSON (to standard output or --out FILE)"

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--out", help="file to write instead of standard output")

    def handle(self, *args, **o):
        text = dumps(export_event(event_or_error(o["slug"])))
        if o["out"]:
            Path(o["out"]).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
