"""A CSV file uploaded or pasted, read in the encoding found or chosen: the teams file of the
set-up pages; the results file (``forms.records``) is read the same way."""

from __future__ import annotations

import binascii
from base64 import b64decode, b64encode

from django import forms
from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..formats.csv_files import UPLOAD_MAX, CsvErrors
from ..formats.file_encodings import ENCODINGS, decode

# A pasted file is shown again under its problems (to fix a line there) up to this size as the
# page writes it (about a hundred teams); a longer one is pasted again once fixed, so a refused
# paste never comes back as a long page.
PASTE_SHOWN = 12 * 1024
# A refused file's page carries the file back (to read it in another encoding without choosing
# it again) only while it is small: a refused answer stays well under 64 KB.
RAW_KEPT = 32 * 1024


class TeamsCsvForm(forms.Form):
    """A teams CSV, uploaded or pasted; ``ResultsCsvForm`` says the same of a results file."""

    file_help = _("A teams file is at most %(kb)s KB.")
    too_large = _(
        "The file is %(mb)s MB; a teams file is at most %(kb)s KB. "
        "Check that you chose the right file."
    )
    paste_too_large = _(
        "The pasted text is over {kb} KB; a teams list is far shorter. "
        "Check that you pasted the right file."
    )
    nothing = _("Choose a CSV file or paste the teams")

    csv_file = forms.FileField(required=False, label=_("CSV file"))
    csv_text = forms.CharField(
        required=False,
        label=_("…or paste the CSV here"),
        max_length=UPLOAD_MAX,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        kb = UPLOAD_MAX // 1024
        self.fields["csv_file"].help_text = str(self.file_help) % {"kb": kb}
        self.fields["csv_text"].error_messages["max_length"] = format_lazy(
            self.paste_too_large, kb=kb
        )

    def clean_csv_file(self):
        upload = self.cleaned_data.get("csv_file")
        if upload and upload.size > UPLOAD_MAX:
            raise forms.ValidationError(
                str(self.too_large)
                % {"mb": number_format(upload.size / 1024 / 1024, 1), "kb": UPLOAD_MAX // 1024}
            )
        return upload

    # How the file is read: found by the order of file_encodings, or as the leader chooses
    # after seeing the names garbled. The file itself travels with the preview (csv_raw), so
    # the import reads the same bytes the same way.
    encoding = forms.ChoiceField(
        required=False,
        label=_("Read the file as"),
        choices=[("", _("Found by itself (UTF-8, then Windows, Mac or Latin-1)")),
                 *ENCODINGS.items()],
    )  # fmt: skip
    csv_raw = forms.CharField(
        required=False, widget=forms.HiddenInput, max_length=(UPLOAD_MAX + 2) // 3 * 4
    )

    def clean_csv_text(self):
        text = self.cleaned_data.get("csv_text", "")
        if len(text) > PASTE_SHOWN or len(escape(text)) > PASTE_SHOWN:
            self.data = self.data.copy()  # the page shows the problems, not the long paste
            self.data[self.add_prefix("csv_text")] = ""
        return text

    def clean(self):
        try:
            return self._read_file()
        finally:
            # The form itself sends a large file back to nobody: only a good preview carries
            # it on (its import, another encoding), and a refused answer stays short.
            if len(self.data.get("csv_raw", "")) > RAW_KEPT:
                self.data = self.data.copy()
                self.data["csv_raw"] = ""

    def _read_file(self):
        data = super().clean()
        if self.errors:
            return data
        upload = data.get("csv_file")
        raw = upload.read() if upload else None
        if raw is None and data.get("csv_raw"):
            try:
                raw = b64decode(data["csv_raw"], validate=True)
            except (binascii.Error, ValueError):
                raise forms.ValidationError(
                    gettext("The file sent with the preview is damaged; choose the file again")
                ) from None
        data["reading"] = None
        if raw is not None:
            data["csv_raw"] = b64encode(raw).decode("ascii")
            try:
                data["reading"] = decode(raw, data.get("encoding") or None)
            except CsvErrors as error:
                # The page offers the encodings again: keep the file for that next preview.
                self.data = self.data.copy()
                self.data["csv_raw"] = data["csv_raw"]
                raise forms.ValidationError(error.problems[0]) from None
            data["text"] = data["reading"].text
        else:
            data["text"] = data.get("csv_text", "")
        if not data["text"].strip():
            raise forms.ValidationError(self.nothing, code="nothing")
        return data
