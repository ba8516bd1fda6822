from __future__ import annotations

import re
from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import pdf
from tournaments.links import public_base
from tournaments.management.event_command import EventCommand
from tournaments.rules.errors import RulesError
from tournaments.services.table_entry import table_tokens_issue


class Command(EventCommand):
    help = gettext_lazy(
        "Print an event's table cards, master rotation sheet, movement slips, flag-count "
        "sheets, standings or the tables' entry slips (for their hosts only) to a PDF file."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--what", required=True, choices=list(pdf.WHATS))
        parser.add_argument("--out", required=True, help=_("The PDF file to write."))
        parser.add_argument("--tables", default="", help=_("A subset, e.g. 7 or 3,7 or 9-16."))
        parser.add_argument("--paper", choices=["letter", "a4"], default="")
        parser.add_argument(
            "--base-url",
            default="",
            help=_("Where the tables' QR codes point (default WHIST_PUBLIC_URL, else %(url)s).")
            % {"url": pdf.DEFAULT_BASE_URL},
        )
        parser.add_argument(
            "--fill", action="store_true", help=_("Fill the expected flag counts from the results.")
        )
        parser.add_argument("--session", default="", help=_("Count sheets for one session: 1.2"))
        parser.add_argument(
            "--lang",
            default="",
            choices=sorted(pdf.LANGUAGE_NAMES),
            help=_("The printout's language (default: the event's print language)."),
        )

    def handle_event(self, event, **o):
        try:
            job = pdf.PrintJob(
                what=o["what"],
                tables=pdf.parse_tables(o["tables"], event.tables),
                paper=o["paper"],
                base_url=o["base_url"].rstrip("/") or public_base(),
                fill_counts=o["fill"],
                session=pdf.parse_session(o["session"]),
                language=pdf.LANGUAGE_NAMES.get(o["lang"].lower(), ""),
            )
            if job.what == "entry":  # the command line is the leader at the laptop
                if not event.table_entry:
                    raise CommandError(_("Table entry is turned off for this event."))
                table_tokens_issue(event=event, actor=None, tables=job.tables or None)
            body = pdf.render(event, job)
        except RulesError as error:
            raise CommandError(
                _("Nothing printed: %(problem)s") % {"problem": error.message}
            ) from None
        try:
            Path(o["out"]).write_bytes(body)
        except OSError as error:
            raise CommandError(
                _("Cannot write %(file)s: %(problem)s") % {"file": o["out"], "problem": error}
            ) from None
        pages = len(re.findall(rb"/Type /Page(?!s)", body))
        self.stdout.write(
            _("Wrote %(what)s to %(file)s (%(pages)s pages)")
            % {"what": str(pdf.WHATS[o["what"]]).lower(), "file": o["out"], "pages": pages}
        )
