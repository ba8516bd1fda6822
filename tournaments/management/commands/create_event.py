from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournaments.csv_formats import parse_pattern
from tournaments.models import Level
from tournaments.rules.errors import RulesError
from tournaments.services import event_create

from .import_teams import read_text


def _numbers(text: str, option: str) -> list[int]:
    try:
        numbers = [int(n) for n in text.split(",") if n.strip()]
    except ValueError:
        raise CommandError(
            f"{option}: expected numbers separated by commas, not {text!r}"
        ) from None
    if not numbers:
        raise CommandError(f"{option}: give at least one number")
    return numbers


class Command(BaseCommand):
    help = "Create an event and its rotation, e.g. --tables 16 --hands-per-day 30,20"

    def add_arguments(self, parser):
        parser.add_argument("--name", required=True)
        parser.add_argument("--slug", required=True)
        parser.add_argument("--tables", type=int, required=True)
        parser.add_argument("--hands-per-day", required=True, help="e.g. 30 or 30,20")
        parser.add_argument("--sessions-per-day", help="e.g. 2,1 (default: 2 for 30+ hands)")
        parser.add_argument("--pattern", default="standard", choices=["standard", "custom"])
        parser.add_argument(
            "--pattern-file",
            help="with --pattern custom: CSV with header hand,1,2,...,N giving, for each hand, "
            "the table each home table's travelling pair visits",
        )
        parser.add_argument("--trumps", default="H,S,D,C", help="e.g. H,S,D,C,NT or CUT")
        parser.add_argument(
            "--alternate-pairs",
            action="store_true",
            help="travelling pair alternates AB, XY, AB, ...",
        )
        parser.add_argument("--level", choices=Level.values, default=Level.CLUB)
        parser.add_argument("--flags-per-table", type=int, default=12)

    def handle(self, *args, **o):
        custom = None
        if (o["pattern"] == "custom") != bool(o["pattern_file"]):
            raise CommandError("--pattern custom goes with --pattern-file FILE.csv")
        try:
            if o["pattern_file"]:
                custom = parse_pattern(read_text(o["pattern_file"]), tables=o["tables"])
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
            )
        except RulesError as error:
            raise CommandError(error.message.replace("; ", "\n")) from None
        self.stdout.write(
            f"Created {event.slug}: {event.tables} tables, "
            f"{sum(event.day_hand_counts)} hands ({event.hands_per_day} per day)"
        )
