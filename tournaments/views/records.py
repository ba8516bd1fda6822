"""An event's records in the browser: download the archive, restore one (staff), import
results from CSV with a preview, delete an event (staff, typed confirmation)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from .. import permissions, snapshot
from ..formats.csv_files import RESULT_COLUMNS, RESULT_OPTIONAL, CsvErrors, parse_results
from ..forms.records import ArchiveForm, DeleteEventForm, ResultsCsvForm
from ..models import Event
from ..rules.errors import RulesError
from ..rules.event_settings import typed_number
from ..services import records
from .access import event_page
from .results_preview import results_preview
from .setup import file_reading, refused


@require_safe
@event_page(permissions.LEAD)
def event_archive(request, event: Event):
    """The event's complete archive (the backup ``import_event`` and Restore read back)."""
    response = HttpResponse(
        snapshot.archive_text(event), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-archive.json"'
    return response


def _staff_only(request, refusal: str) -> None:
    if not request.user.is_staff:
        raise PermissionDenied(refusal)


@require_http_methods(["GET", "POST"])
@login_required
def event_restore(request):
    _staff_only(request, _("Only staff restore events; ask your site's administrator."))
    form = ArchiveForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():  # the file is read and parsed, in bounds
        try:
            event = records.event_restore(data=form.cleaned_data["archive"], actor=request.user)
        except RulesError as error:
            form.add_error("archive", _("Nothing was restored. %(why)s") % {"why": error.message})
        else:
            messages.success(
                request, _("%(event)s is restored from its archive.") % {"event": event.name}
            )
            return redirect(event.get_absolute_url())
    return render(request, "tournaments/event_restore.html", {"form": form})


@require_http_methods(["GET", "POST"])
@event_page(permissions.LEAD)
def results_import(request, event: Event):
    """Upload or paste results, preview them line by line, then import them all or none."""
    form = ResultsCsvForm(request.POST or None, request.FILES or None)
    columns = (*RESULT_COLUMNS, *RESULT_OPTIONAL)
    context = {"event": event, "form": form, "columns": columns}
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        context.update(file_reading(form))
        hands = len(snapshot.rotation(event).hands)
        try:
            rows = parse_results(text, tables=event.tables, hands=hands)
        except CsvErrors as error:
            context.update(refused(error.problems, text, context.get("raw", "")))
        else:
            if request.POST.get("action") == "import":
                try:
                    changed = records.results_import(event=event, rows=rows, actor=request.user)
                except RulesError as error:
                    context.update(refused([error.message], text, context.get("raw", "")))
                else:
                    messages.success(
                        request,
                        _("%(count)s results imported (%(changed)s new or changed).")
                        % {"count": len(rows), "changed": changed},
                    )
                    return redirect(reverse("tournaments:hands", args=[event.slug]))
            else:
                page = typed_number(request.POST.get("page", ""), 5) or 1  # never '²'
                shown = results_preview(event, rows, page)
                context.update(results=shown, text=text, ready=len(rows))
    return render(request, "tournaments/results_import.html", context)


@require_http_methods(["GET", "POST"])
@event_page(permissions.LEAD)
def event_delete(request, event: Event):
    _staff_only(request, _("Only staff delete events; ask your site's administrator."))
    form = DeleteEventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            records.event_delete(
                event=event, confirm=form.cleaned_data["confirm"], actor=request.user
            )
        except RulesError as error:
            form.add_error("confirm", error.message)
        else:
            messages.success(request, _("%(event)s is deleted.") % {"event": event.name})
            return redirect(reverse("tournaments:event_list"))
    return render(request, "tournaments/event_delete.html", {"event": event, "form": form})
