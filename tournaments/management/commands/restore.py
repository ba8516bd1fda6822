from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments import snapshot
from tournaments.archive.reading import read_archive_path
from tournaments.cli.base import AppCommand
from tournaments.models import Event
from tournaments.publishing import backups
from tournaments.rules.errors import RulesError, shortened
from tournaments.services.archive_import import import_event

from .import_event import without_password


class Command(AppCommand):
    help = gettext_lazy(
        "Bring events back into an empty database: the newest backup of every event in "
        "the backups folder, or the archive files given."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "files", nargs="*", help=gettext("archives to restore (default: the newest)")
        )
        parser.add_argument(
            "--from", dest="source", help=gettext("the backups folder (a USB stick)")
        )

    def handle(self, *args, **o):
        if Event.objects.exists():
            raise CommandError(
                gettext(
                    "This database already holds events. Restore into an empty one: a new "
                    "laptop, or another WHIST_DATA_DIR."
                )
            )
        base = Path(o["source"]) if o["source"] else backups.folder()
        paths = [Path(f) for f in o["files"]] or self.newest(base)
        if not paths:
            raise CommandError(gettext("No backups found in %(folder)s.") % {"folder": base})
        for path in paths:
            try:  # the size and first bytes of each file are checked before it is read
                event = import_event(read_archive_path(path), secrets=True)
            except (OSError, ValueError, RulesError) as error:  # RulesError is a ValueError
                why = error.message if isinstance(error, RulesError) else shortened(str(error))
                raise CommandError(f"{path}: {why}") from None
            played = snapshot.hands_played(event)
            text = gettext("Restored %(event)s (up to hand %(hand)s) from %(path)s")
            self.stdout.write(text % {"event": event.slug, "hand": played, "path": path})
            self.stdout.write(without_password(event), ending="")

    def newest(self, base: Path | None) -> list[Path]:
        if base is None or not base.is_dir():
            return []
        found = (backups.backups_of(d.name, base) for d in sorted(base.iterdir()) if d.is_dir())
        return [b[-1] for b in found if b]
