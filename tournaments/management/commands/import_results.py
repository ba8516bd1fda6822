from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from tournaments.cli.base import AppCommand
from tournaments.formats.csv_files import parse_results
from tournaments.models import Hand
from tournaments.rules.errors import RulesError
from tournaments.services import ResultEntry, results_record

from .import_teams import add_encoding_argument, event_or_error, nothing_imported, read_as, read_csv


class Command(AppCommand):
    help = gettext_lazy(
        "Import results from a CSV file with the header hand,table,visitor_tricks and, "
        "if needed, visitor_revokes,host_revokes. A row for a hand and table already "
        "entered replaces it."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help=gettext("the event's short name, such as area-5-2026"))
        parser.add_argument("file", help=gettext("the results file (CSV)"))
        add_encoding_argument(parser)

    def handle(self, *args, **o):
        event = event_or_error(o["slug"])
        hands = Hand.objects.filter(event=event).count()
        try:
            too_large = gettext(
                "%(file)s: a results file is at most %(kb)s KB; this one is larger. "
                "Check that you chose the right file."
            )
            reading = read_csv(o["file"], too_large, o["encoding"])
            rows = parse_results(reading.text, tables=event.tables, hands=hands)
            saved = results_record(
                event=event,
                actor=None,
                action="result imported",
                entries=[
                    ResultEntry(r.hand, r.table, r.tricks_played, r.visitor_revokes, r.host_revokes)
                    for r in rows
                ],
            )
        except RulesError as error:
            raise nothing_imported(o["file"], error) from None
        text = gettext("Imported %(results)s results into %(event)s (%(saved)s new or changed)")
        values = {"results": len(rows), "event": event.slug, "saved": len(saved)}
        self.stdout.write(text % values + read_as(reading))
