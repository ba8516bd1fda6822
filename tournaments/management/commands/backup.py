from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments import backups
from tournaments.management.base import AppCommand
from tournaments.models import Event


class Command(AppCommand):
    help = gettext_lazy(
        "Write a backup of every event now to the backups folder; these copies are kept for good."
    )

    def handle(self, *args, **o):
        if backups.folder() is None:
            raise CommandError(gettext("No backups folder: set WHIST_BACKUP_DIR."))
        for event in Event.objects.order_by("slug"):
            path = backups.write_backup(event, kind="manual")
            self.stdout.write(f"{event.slug}: {path}")
