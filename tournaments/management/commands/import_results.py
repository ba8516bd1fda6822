from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from tournaments.formats.csv_files import parse_results
from tournaments.models import Hand
from tournaments.services import ResultEntry, results_record

from .import_teams import CsvImportCommand


class Command(CsvImportCommand):
    help = gettext_lazy(
        "Import results from a CSV file with the header hand,table,visitor_tricks and, "
        "if needed, visitor_revokes,host_revokes. A row for a hand and table already "
        "entered replaces it."
    )
    file_help = gettext_lazy("the results file (CSV)")
    too_large = gettext_lazy(
        "%(file)s: a results file is at most %(kb)s KB; this one is larger. "
        "Check that you chose the right file."
    )

    def import_rows(self, event, text):
        hands = Hand.objects.filter(event=event).count()
        rows = parse_results(text, tables=event.tables, hands=hands)
        saved = results_record(
            event=event,
            actor=None,
            action="result imported",
            entries=[
                ResultEntry(r.hand, r.table, r.tricks_played, r.visitor_revokes, r.host_revokes)
                for r in rows
            ],
        )
        said = gettext("Imported %(results)s results into %(event)s (%(saved)s new or changed)")
        return said % {"results": len(rows), "event": event.slug, "saved": len(saved)}
