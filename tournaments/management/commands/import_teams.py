from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.cli.base import AppCommand
from tournaments.formats.csv_files import PROBLEMS_SHOWN, UPLOAD_MAX, parse_teams
from tournaments.formats.file_encodings import ENCODINGS, Reading, decode
from tournaments.forms.setup import more_problems
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
    """The file's first problems each on its own line, in the leader's language, and how many
    more there are (as the pages list them)."""
    problems = getattr(error, "problems", None) or [error.message]
    shown = problems[:PROBLEMS_SHOWN]
    if len(problems) > PROBLEMS_SHOWN:
        shown.append(more_problems(len(problems) - PROBLEMS_SHOWN))
    return CommandError(
        gettext("%(file)s: nothing imported.") % {"file": path} + "\n" + "\n".join(shown)
    )


def read_bytes(path: str, too_large: str) -> bytes:
    """The file's bytes, refused with ``too_large`` (its ``%(file)s`` and ``%(kb)s`` filled)
    past ``UPLOAD_MAX``: at most one byte more is read, so ``/dev/zero`` is refused at once."""
    try:
        with open(path, "rb") as file:
            raw = file.read(UPLOAD_MAX + 1)
    except OSError as error:
        raise cannot_read(path, error) from None
    if len(raw) > UPLOAD_MAX:
        raise CommandError(too_large % {"file": path, "kb": UPLOAD_MAX // 1024})
    return raw


def read_csv(path: str, too_large: str, encoding: str | None = None) -> Reading:
    """A CSV file's text and the encoding it was read with, as the pages read an upload and
    within the same bound: the encoding given with ``--encoding``, else UTF-8 or UTF-16 by its
    mark, UTF-8, then Windows (cp1252), Mac or Latin-1, whichever reads as French or English."""
    return decode(read_bytes(path, too_large), encoding)


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
            too_large = gettext(
                "%(file)s: a teams file is at most %(kb)s KB; this one is larger. "
                "Check that you chose the right file."
            )
            reading = read_csv(o["file"], too_large, o["encoding"])
            rows = parse_teams(reading.text, tables=event.tables)
            teams = teams_replace(event=event, rows=rows, actor=None)
        except RulesError as error:
            raise nothing_imported(o["file"], error) from None
        values = {"teams": len(teams), "event": event.slug}
        text = gettext("Imported %(teams)s teams into %(event)s") % values
        self.stdout.write(text + read_as(reading))
