from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.cli.base import AppCommand
from tournaments.models import Event
from tournaments.publishing import backups


class Command(AppCommand):
    help = gettext_lazy(
        "Write a backup of every event now to the backups folder; these copies are kept for good."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--to",
            dest="target",
            metavar=gettext("FOLDER"),
            help=gettext("another folder to write them to, such as a spare USB stick"),
        )

    def handle(self, *args, **o):
        target = Path(o["target"]) if o["target"] else None
        if target is None and backups.folder() is None:
            raise CommandError(gettext("No backups folder: set WHIST_BACKUP_DIR."))
        events = list(Event.objects.order_by("slug"))
        if not events:
            self.stdout.write(gettext("No events here yet: nothing to back up."))
        for event in events:
            try:
                path = backups.write_backup(event, kind="manual", base=target)
            except OSError as error:
                problem = gettext("No backup written to %(folder)s: %(error)s")
                folder = target or backups.folder()
                raise CommandError(problem % {"folder": folder, "error": error}) from None
            self.stdout.write(f"{event.slug}: {path}")
