from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.csv_formats import decode, parse_teams
from tournaments.models import Event
from tournaments.rules.errors import RulesError
from tournaments.services import teams_replace


def event_or_error(slug: str) -> Event:
    try:
        return Event.objects.get(slug=slug)
    except Event.DoesNotExist:
        raise CommandError(f"There is no event {slug!r}") from None


def read_bytes(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise CommandError(f"Cannot read {path}: {error}") from None


def read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"Cannot read {path}: {error}") from None


class Command(BaseCommand):
    help = "Replace an event's teams from CSV: table,team,zone,player_a,player_b,player_x,player_y"

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file")

    def handle(self, *args, **o):
        event = event_or_error(o["slug"])
        try:
            text, encoding = decode(read_bytes(o["file"]))
            rows = parse_teams(text, tables=event.tables)
            teams = teams_replace(event=event, rows=rows, actor=None)
        except RulesError as error:
            raise CommandError(
                f"{o['file']}: nothing imported.\n" + error.message.replace("; ", "\n")
            ) from None
        read = "" if encoding == "UTF-8" else f" (read as {encoding})"
        self.stdout.write(f"Imported {len(teams)} teams into {event.slug}{read}")
