"""The leader's table-entry page: turn table entry on or off, choose whether entries wait for
the leader, see each table's public and entry addresses, issue new entry addresses."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import links, pdf, permissions, selectors, snapshot
from ..models import Event
from ..rules.errors import RulesError
from ..services import table_entry
from .access import event_page


@require_http_methods(["GET", "POST"])
@event_page(permissions.LEAD)
def table_links_page(request, event: Event):
    here = reverse("tournaments:table_links", args=[event.slug])
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "settings":
                table_entry.table_entry_settings(
                    event=event,
                    enabled=request.POST.get("table_entry") == "on",
                    waits=request.POST.get("table_entry_waits") == "on",
                    actor=request.user,
                )
                messages.success(request, _("Table entry settings saved."))
            elif action in ("issue", "replace"):
                text = request.POST.get("tables", "")
                tables = pdf.parse_tables(text, event.tables) or None
                table_entry.table_tokens_issue(
                    event=event, actor=request.user, tables=tables, replace=action == "replace"
                )
                which = (
                    _("tables %(tables)s") % {"tables": text.strip()}
                    if tables
                    else _("every table")
                )
                messages.success(
                    request,
                    _(
                        "New entry addresses for %(which)s: the old ones no longer work. "
                        "Print those entry slips again."
                    )
                    % {"which": which}
                    if action == "replace"
                    else _("Every table has an entry address."),
                )
        except RulesError as error:
            messages.error(request, _("Nothing changed: %(why)s.") % {"why": error.message})
        return redirect(here)
    base = links.public_base(request)
    tokens = selectors.entry_tokens(event)
    teams = snapshot.teams_by_table(event)
    rows = [
        {
            "table": t,
            "team": teams.get(t),
            "public": links.table_page_url(base, event.slug, t),
            "entry": links.table_entry_url(base, tokens[t]) if t in tokens else "",
        }
        for t in range(1, event.tables + 1)
    ]
    context = {"event": event, "rows": rows, "missing": len(rows) - len(tokens)}
    return render(request, "tournaments/table_links.html", context)
