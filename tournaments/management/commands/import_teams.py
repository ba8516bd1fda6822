from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.csv_formats import parse_teams
from tournaments.file_encodings import ENCODINGS, Reading, decode
from tournaments.management.base import AppCommand
from tournaments.models import Event
from tournaments.rules.errors import RulesError
from tournaments.services import teams_replace


def event_or_error(slug: str) -> Event:
    try:
        return Event.objects.get(slug=slug)
    except Event.DoesNotExist:
        raise CommandError(gettext("There is no event %(slug)r") % {"slug": slug}) from None


def cannot_read(path: str, error: Exception) -> CommandError:
    return CommandError(gettext("Cannot read %(path)s: %(error)s") % {"path": path, "error": error})


def nothing_imported(path: str, error: RulesError) -> CommandError:
    """Every problem of the file on its own line, in the leader's language."""
    problems = getattr(error, "problems", None) or [error.message]
    return CommandError(
        gettext("%(file)s: nothing imported.") % {"file": path} + "\n" + "\n".join(problems)
    )


def read_bytes(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise cannot_read(path, error) from None


def read_csv(path: str, encoding: str | None = None) -> Reading:
    """A CSV file's text and the encoding it was read with, as the pages read an upload:
    the encoding given with ``--encoding``, else UTF-8 or UTF-16 by its mark, UTF-8, then
    Windows (cp1252), Mac or Latin-1, whichever reads as French or English."""
    return decode(read_bytes(path), encoding)


def add_encoding_argument(parser) -> None:
    parser.add_argument(
        "--encoding",
        choices=list(ENCODINGS),
        help=gettext("read the file as this encoding (default: found as the pages find it)"),
    )


def read_as(reading: Reading) -> str:
    """' (read as Windows (cp1252))' after a message, or nothing for a UTF-8 file."""
    if reading.encoding == "utf-8":
        return ""
    return " " + gettext("(read as %(encoding)s)") % {"encoding": reading.label}


def read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise cannot_read(path, error) from None


class Command(AppCommand):
    help = gettext_lazy(
        "Replace an event's teams from a CSV file with the header "
        "table,team,zone,player_a,player_b,player_x,player_y."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help=gettext("the event's short name, such as area-5-2026"))
        parser.add_argument("file", help=gettext("the teams file (CSV)"))
        add_encoding_argument(parser)

    def handle(self, *args, **o):
        event = event_or_error(o["slug"])
        try:
            reading = read_csv(o["file"], o["encoding"])
            rows = parse_teams(reading.text, tables=event.tables)
            teams = teams_replace(event=event, rows=rows, actor=None)
        except RulesError as error:
            raise nothing_imported(o["file"], error) from None
        values = {"teams": len(teams), "event": event.slug}
        text = gettext("Imported %(teams)s teams into %(event)s") % values
        self.stdout.write(text + read_as(reading))
