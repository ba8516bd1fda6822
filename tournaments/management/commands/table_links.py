from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments import links, pdf
from tournaments.management.event_command import EventCommand
from tournaments.rules.errors import RulesError
from tournaments.services.table_entry import table_tokens_issue


class Command(EventCommand):
    help = gettext_lazy(
        "Print each table's public page and its secret entry address (to send to a table, or "
        "for a leader without a printer). Tables without an entry address get one."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--base-url",
            default="",
            help=gettext(
                "The address phones reach this server at (default WHIST_PUBLIC_URL, else %(url)s)."
            )
            % {"url": pdf.DEFAULT_BASE_URL},
        )
        parser.add_argument(
            "--tables", default="", help=gettext("A subset, e.g. 7 or 3,7 or 9-16.")
        )
        parser.add_argument(
            "--new",
            action="store_true",
            help=gettext(
                "Replace the entry addresses of these tables (the old cards stop working)."
            ),
        )

    def handle_event(self, event, **o):
        try:
            tables = pdf.parse_tables(o["tables"], event.tables)
            tokens = table_tokens_issue(
                event=event, actor=None, tables=tables or None, replace=o["new"]
            )
        except RulesError as error:
            raise CommandError(
                gettext("Nothing changed: %(problem)s") % {"problem": error.message}
            ) from None
        if not event.table_entry:
            self.stderr.write(
                gettext("Table entry is off for this event: the entry addresses refuse.")
            )
        base = o["base_url"].rstrip("/") or links.public_base()
        for table in tables or range(1, event.tables + 1):
            self.stdout.write(
                gettext("Table %(table)s")
                % {"table": table}
                + f"\t{links.table_page_url(base, event.slug, table)}\t"
                f"{links.table_entry_url(base, tokens[table])}"
            )
