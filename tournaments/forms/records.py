"""The records page's forms: a results file, an event archive to restore, and the confirmation
that deletes an event."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..archive.reading import ARCHIVE_MAX, ArchiveRefused, read_archive
from ..rules.errors import RulesError, shortened
from .csv_upload import TeamsCsvForm


class ResultsCsvForm(TeamsCsvForm):
    """A results CSV (``hand,table,visitor_tricks[,visitor_revokes,host_revokes]``), uploaded
    or pasted, read as the teams file is."""

    file_help = _("A results file is at most %(kb)s KB.")
    too_large = _(
        "The file is %(mb)s MB; a results file is at most %(kb)s KB. "
        "Check that you chose the right file."
    )
    paste_too_large = _(
        "The pasted text is over {kb} KB; a results file is at most {kb} KB. "
        "Check that you pasted the right file."
    )
    nothing = _("Choose a CSV file or paste the results")


class ArchiveForm(forms.Form):
    archive = forms.FileField(
        label=_("Event archive (.json, from Download the archive)"),
        help_text=format_lazy(
            _("An event archive is at most {mb} MB."), mb=ARCHIVE_MAX // 1024 // 1024
        ),
    )

    def clean_archive(self):
        """The archive's JSON, refused before it is parsed when the file is too large or is
        not an archive (``archive.reading``), then read within the bounds of any JSON."""
        upload = self.cleaned_data["archive"]
        try:
            return read_archive(upload, upload.size)
        except ArchiveRefused as error:  # too large, or not an archive at all
            message = gettext("Nothing was restored. %(why)s") % {"why": error.message}
        except RulesError as error:  # nested too deep, a number too long
            message = gettext(
                "Nothing was restored. This file is not an event archive: %(why)s"
            ) % {"why": error.message}
        except ValueError as error:  # not UTF-8, not JSON
            message = gettext("This file is not an event archive (not JSON: %(error)s)") % {
                "error": shortened(str(error))
            }
        raise forms.ValidationError(message)


class DeleteEventForm(forms.Form):
    confirm = forms.CharField(label=_("Type the event's short name to confirm"), max_length=60)
