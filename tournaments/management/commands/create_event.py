from __future__ import annotations

from argparse import ArgumentTypeError
from datetime import date

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.cli.base import AppCommand
from tournaments.formats.csv_files import parse_pattern
from tournaments.models import Level
from tournaments.rules.errors import RulesError
from tournaments.rules.event_settings import typed_number
from tournaments.services import event_create
from tournaments.services.seasons import season_named

from .import_teams import read_csv


def _numbers(text: str, option: str) -> list[int]:
    numbers = [typed_number(n) for n in text.split(",") if n.strip()]
    if None in numbers:
        text = gettext("%(option)s: expected numbers separated by commas, not %(text)r") % {
            "option": option,
            "text": text,
        }
        raise CommandError(text)
    if not numbers:
        raise CommandError(gettext("%(option)s: give at least one number") % {"option": option})
    return numbers


def whole_number(text: str) -> int:
    """An option's whole number, written with the digits 0-9 as everywhere (not '+8')."""
    number = typed_number(text)
    if number is None:
        raise ArgumentTypeError(
            gettext("a whole number with the digits 0-9, not %(text)r") % {"text": text}
        )
    return number


def season_options(o: dict) -> dict:
    """``--season`` and ``--first-day`` as event settings (a bad day names the option)."""
    found = {}
    if o.get("season"):
        found["season"] = season_named(o["season"])
    if o.get("first_day"):
        try:
            found["starts_on"] = date.fromisoformat(o["first_day"])
        except ValueError:
            raise CommandError(
                gettext("--first-day: a date such as 2027-05-14, not %(day)r")
                % {"day": o["first_day"]}
            ) from None
    return found


class Command(AppCommand):
    help = gettext_lazy(
        "Create an event and its rotation, for example with --tables 16 --hands-per-day 30,20."
    )

    def add_arguments(self, parser):
        parser.add_argument("--name", required=True)
        parser.add_argument("--slug", required=True)
        parser.add_argument("--tables", type=whole_number, required=True)
        parser.add_argument("--hands-per-day", required=True, help=gettext("e.g. 30 or 30,20"))
        parser.add_argument(
            "--sessions-per-day", help=gettext("e.g. 2,1 (default: 2 for 30+ hands)")
        )
        parser.add_argument("--pattern", default="standard", choices=["standard", "custom"])
        parser.add_argument(
            "--pattern-file",
            help=gettext(
                "with --pattern custom: CSV with header hand,1,2,...,N giving, for each hand, "
                "the table each home table's travelling pair visits"
            ),
        )
        parser.add_argument("--trumps", default="H,S,D,C", help=gettext("e.g. H,S,D,C,NT or CUT"))
        parser.add_argument(
            "--alternate-pairs",
            action="store_true",
            help=gettext("travelling pair alternates AB, XY, AB, ..."),
        )
        parser.add_argument("--level", choices=Level.values, default=Level.CLUB)
        parser.add_argument("--flags-per-table", type=whole_number, default=12)
        parser.add_argument(
            "--season", help=gettext('e.g. "55 Plus Summer Games 2027" (default: the year)')
        )
        parser.add_argument("--first-day", help=gettext("YYYY-MM-DD, for the season's calendar"))

    def handle(self, *args, **o):
        custom = None
        if (o["pattern"] == "custom") != bool(o["pattern_file"]):
            raise CommandError(gettext("--pattern custom goes with --pattern-file FILE.csv"))
        try:
            if o["pattern_file"]:
                too_large = gettext(
                    "%(file)s: a rotation file is at most %(kb)s KB; this one is larger. "
                    "Check that you chose the right file."
                )
                text = read_csv(o["pattern_file"], too_large).text
                custom = parse_pattern(text, tables=o["tables"])
            event = event_create(
                name=o["name"],
                slug=o["slug"],
                tables=o["tables"],
                hands_per_day=_numbers(o["hands_per_day"], "--hands-per-day"),
                sessions_per_day=(
                    _numbers(o["sessions_per_day"], "--sessions-per-day")
                    if o["sessions_per_day"]
                    else None
                ),
                pattern=o["pattern"],
                custom_moves=custom,
                trumps=o["trumps"],
                alternate_pairs=o["alternate_pairs"],
                level=o["level"],
                flags_per_table=o["flags_per_table"],
                **season_options(o),
            )
        except RulesError as error:
            problems = getattr(error, "problems", None) or [error.message]
            raise CommandError("\n".join(problems)) from None
        text = gettext(
            "Created %(event)s: %(tables)s tables, %(hands)s hands (%(per_day)s per day)"
        )
        self.stdout.write(
            text
            % {
                "event": event.slug,
                "tables": event.tables,
                "hands": sum(event.day_hand_counts),
                "per_day": event.hands_per_day,
            }
        )
