"""The entry grid's rows written by ``jinja2/tournaments/grid_rows.html``: at 250 tables
Django's template language took three quarters of the grid page's time on them. A hand's rows
as saved (no refused typing to show again) are kept for its revision (``snapshot``), shared by
every leader and assistant who opens the hand."""

from __future__ import annotations

from django.template import engines
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from markupsafe import Markup

from ..jinja import own_words


def rows_html(rows: list[dict], can_edit: bool) -> str:
    for row in rows:
        result, waiting = row["result"], row["waiting"]
        row["entered_at"] = _at(result.entered_at) if row["from_table"] else ""
        row["waiting_at"] = _at(waiting.received_at) if waiting else ""
        row["loan_words"] = (
            ngettext(
                "Table %(t)s borrows %(n)s flag", "Table %(t)s borrows %(n)s flags", row["loan"]
            )
            % {"t": row["host"], "n": row["loan"]}
            if row["loan"]
            else ""
        )
    template = engines["jinja2"].env.get_template("tournaments/grid_rows.html")
    return template.render(rows=rows, can_edit=can_edit, w=_words())


def _at(when) -> str:
    return time_format(timezone.localtime(when), _("H:i"))


def _words() -> dict[str, Markup]:
    """The rows' words in the reader's language, the app's own text (written as it reads; the
    numbers and messages filled into them are escaped)."""
    words = {
        "from_table": _("from %(t)s"),
        "tricks_label": _("Table %(t)s visitors' tricks"),
        "visitor_revokes_label": _("Table %(t)s visitors' revokes"),
        "host_revokes_label": _("Table %(t)s hosts' revokes"),
        "after_revokes": _("%(n)s after revokes"),
        "from_the_table": _("from the table"),
        "table_says": _("Table says"),
        "accept": _("Accept"),
        "refused": _("Table %(t)s: %(error)s. Not saved."),
    }
    return own_words(words)
