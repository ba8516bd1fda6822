from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.formats.csv_files import PROBLEMS_SHOWN, UPLOAD_MAX, parse_teams
from tournaments.formats.file_encodings import ENCODINGS, Reading, decode
from tournaments.forms.setup import more_problems
from tournaments.management.event_command import EventCommand
from tournaments.rules.errors import RulesError
from tournaments.services import teams_replace


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


class CsvImportCommand(EventCommand):
    """A command that reads one CSV file into an event, as the pages read an upload: nothing
    imported, the file's first problems listed, when any row is wrong. ``import_rows`` reads
    the text into the event and says what it did."""

    file_help = ""  # the file argument's help
    too_large = ""  # the refusal of a file past UPLOAD_MAX, with its %(file)s and %(kb)s

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("file", help=str(self.file_help))
        add_encoding_argument(parser)

    def handle_event(self, event, **o):
        try:
            reading = read_csv(o["file"], str(self.too_large), o["encoding"])
            done = self.import_rows(event, reading.text)
        except RulesError as error:
            raise nothing_imported(o["file"], error) from None
        self.stdout.write(done + read_as(reading))

    def import_rows(self, event, text: str) -> str:
        raise NotImplementedError


class Command(CsvImportCommand):
    help = gettext_lazy(
        "Replace an event's teams from a CSV file with the header "
        "table,team,zone,player_a,player_b,player_x,player_y."
    )
    file_help = gettext_lazy("the teams file (CSV)")
    too_large = gettext_lazy(
        "%(file)s: a teams file is at most %(kb)s KB; this one is larger. "
        "Check that you chose the right file."
    )

    def import_rows(self, event, text):
        teams = teams_replace(event=event, rows=parse_teams(text, tables=event.tables), actor=None)
        values = {"teams": len(teams), "event": event.slug}
        return gettext("Imported %(teams)s teams into %(event)s") % values
