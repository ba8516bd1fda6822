"""The hand grid's rows written by ``jinja2/tournaments/hand_grid_rows.html``: at 250 tables
Django's template language took three quarters of the grid page's time on them. A hand's rows
as saved (no refused typing to show again) are kept for its revision (``snapshot``), shared by
every leader and assistant who opens the hand.

The page a leader lands on after a save is always new (the save moved the revision), so the
rows must also be quick to write: every number and word is filled in here with plain string
formatting (the words are the catalog's; names and typed text are escaped where they go in),
and the template writes them as they are."""

from __future__ import annotations

from django.template import engines
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from markupsafe import escape


def rows_html(rows: list[dict], can_edit: bool) -> str:
    w = _words()
    for row in rows:
        result, waiting, host = row["result"], row["waiting"], row["host"]
        numbers = {"t": host}
        row["h"] = str(host)
        row["who_html"] = _who(row, w)
        row["labels"] = [w[n] % numbers for n in ("tricks", "visitor_revokes", "host_revokes")]
        row["entered_at"] = _at(result.entered_at) if row["from_table"] else ""
        row["after_revokes"] = (
            w["after_revokes"] % {"n": result.visitor_tricks}
            if result and result.visitor_tricks != result.tricks_played
            else ""
        )
        row["waiting_words"] = _waiting_words(waiting, w) if waiting else ""
        was = row.get("corrected")
        row["was_words"] = w["was"] % {"n": int(was)} if was is not None else ""
        row["loan_words"] = (
            ngettext(
                "Table %(t)s borrows %(n)s flag", "Table %(t)s borrows %(n)s flags", row["loan"]
            )
            % {"t": host, "n": row["loan"]}
            if row["loan"]
            else ""
        )
        if row["error"]:
            row["problem"] = w["refused"] % {"t": host, "error": escape(row["error"])}
        else:
            row["problem"] = str(escape(row["conflict"] or ""))
    template = engines["jinja2"].env.get_template("tournaments/hand_grid_rows.html")
    return template.render(rows=rows, can_edit=can_edit, w=w)


def _who(row: dict, w: dict) -> str:
    """The visitors' cell: where they come from, their team's name and the pair's players."""
    team, pair = row["visitor_team"], row["visitor_pair"]
    name = escape(team.name) if team else ""
    pair = escape(pair) if pair else ""
    # No title: hovering or focusing the row shows the whole names (whist.css), and the names
    # once more in every row cost the page's parsing more than they gave.
    return (
        f'<td class="who"><span class="who-line"><span class="from">'
        f"{w['from_table'] % {'t': row['visitor']}}</span>"
        + (f' <strong class="name">{name}</strong>' if team else "")
        + (f' <span class="muted pair">{pair}</span>' if pair else "")
        + "</span></td>"
    )


def _waiting_words(waiting, w: dict) -> str:
    """A table's waiting entry as the box takes it: tricks as played, then its revokes."""
    said = w["table_says"] % {"n": f"<strong>{waiting.tricks_played}</strong>"}
    if waiting.resent:  # the phone sent it again from its journal: the hall held another
        said = w["resent_by"] % {"t": waiting.table} + " " + said
    if waiting.visitor_revokes or waiting.host_revokes:
        said += " " + w["revokes"] % {"v": waiting.visitor_revokes, "h": waiting.host_revokes}
    return f"{said} ({escape(_at(waiting.received_at))})"


def _at(when) -> str:
    return time_format(timezone.localtime(when), _("H:i"))


def _words() -> dict[str, str]:
    """The rows' words in the reader's language, the app's own text written as it reads
    ("visitors'", as ``jinja.own_words``); what is filled into them is a number or escaped."""
    words = {
        "from_table": _("from %(t)s"),
        "tricks": _("Table %(t)s visitors' tricks"),
        "visitor_revokes": _("Table %(t)s visitors' revokes"),
        "host_revokes": _("Table %(t)s hosts' revokes"),
        "after_revokes": _("%(n)s after revokes"),
        "from_the_table": _("from the table"),
        "table_says": _("Table says %(n)s played"),
        "resent_by": _("Resent by table %(t)s:"),
        "revokes": _("· revokes: visitors %(v)s, hosts %(h)s"),
        "was": _("was %(n)s"),
        "accept": _("Accept"),
        "keep": _("Keep the saved result"),
        "refused": _("Table %(t)s: %(error)s. Not saved."),
    }
    return words
