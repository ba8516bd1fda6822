"""The print page and the PDF downloads.

Leaders and assistants of the event print everything; the standings PDF is public like the
standings page. Printing reads and never writes, so the form is a GET form and a printout
can be bookmarked or reprinted from the browser's history.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST, require_safe

from .. import pdf, permissions, selectors
from ..forms.printing import PrintForm
from ..links import is_loopback, public_base
from ..models import Event
from ..rules.errors import RulesError
from ..services.table_entry import table_tokens_issue


def may_print(request, event: Event):
    """None when the user may print for ``event``; else the login redirect (or a 403)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not permissions.allowed(request.user, event, permissions.ENTER):
        raise PermissionDenied(
            _("Only the leaders and assistants of %(event)s print here.") % {"event": event.name}
        )
    return None


def print_language_note(event: Event) -> str:
    """What the print page says of the printouts' language (set on the set-up page)."""
    names = {
        "en-ca": pgettext("language of the printouts", "English"),
        "fr-ca": pgettext("language of the printouts", "French"),
    }
    language = names.get(event.print_language, event.print_language)
    return _(
        "Printouts are in %(language)s, whatever the language of these pages "
        "(change it under Settings on the set-up page)."
    ) % {"language": language}


def _page(request, event: Event, form: PrintForm, status: int = 200) -> HttpResponse:
    context = {
        "event": event,
        "form": form,
        "whats": pdf.WHATS,
        "table_numbers": range(1, event.tables + 1),
        "public_base": public_base(request),
        "public_base_loopback": is_loopback(public_base(request)),
        "print_language_note": print_language_note(event),
        "can_lead": permissions.allowed(request.user, event, permissions.LEAD),
    }
    return render(request, "tournaments/print.html", context, status=status)


@require_safe
def print_page(request, slug):
    event = selectors.event_by_slug(slug)
    refused = may_print(request, event)
    if refused:
        return refused
    return _page(request, event, PrintForm(event=event, initial={"what": "cards"}))


@require_safe
def print_pdf(request, slug):
    """The printout the form asked for, as a PDF shown in the browser (to print or save)."""
    event = selectors.event_by_slug(slug)
    if request.GET.get("what") != "standings":
        refused = may_print(request, event)
        if refused:
            return refused
    form = PrintForm(request.GET, event=event)
    if not form.is_valid():
        return _page(request, event, form, status=400)
    job = form.job(base_url=public_base(request))
    try:
        body = pdf.render(event, job)
    except RulesError as error:
        form.add_error(error.field if error.field in form.fields else None, error.message)
        return _page(request, event, form, status=400)
    return _pdf_response(event, job, body)


@require_safe
def standings_pdf(request, slug):
    """The standings to post on the wall; public, like the standings page."""
    event = selectors.event_by_slug(slug)
    job = pdf.PrintJob(what="standings", base_url=public_base(request))
    return _pdf_response(event, job, pdf.render(event, job))


@require_POST
def entry_slips(request, slug):
    """Each table's entry slip, with its secret entry code, for its hosts only. A leader's POST
    gives the tables without an entry address one first; a GET never does, and nobody else's
    request prints them at all."""
    event = selectors.event_by_slug(slug)
    refused = may_print(request, event)
    if refused:
        return refused
    if not permissions.allowed(request.user, event, permissions.LEAD):
        raise PermissionDenied(
            _("Only a leader prints entry slips: they carry the tables' secret entry codes.")
        )
    here = reverse("tournaments:print", args=[event.slug])
    if not event.table_entry:
        messages.error(
            request, _("Table entry is turned off for this event (Set-up → Table entry).")
        )
        return redirect(here)
    try:
        tables = pdf.parse_tables(request.POST.get("tables", ""), event.tables)
        table_tokens_issue(event=event, actor=request.user, tables=tables or None)
        job = pdf.PrintJob(what="entry", tables=tables, base_url=public_base(request))
        body = pdf.render(event, job)
    except RulesError as error:
        messages.error(request, _("Nothing printed: %(why)s.") % {"why": error.message})
        return redirect(here)
    return _pdf_response(event, job, body)


def _pdf_response(event: Event, job: pdf.PrintJob, body: bytes) -> HttpResponse:
    """The printout shown in the browser (its print button prints it), under its file name."""
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{pdf.filename(event, job)}"'
    return response
