"""The day's closing form: the verifiers' physical flag counts and the override note."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .setup import WholeNumberField


class CountsForm(forms.Form):
    """The verifiers' physical counts, one optional field per table, and an override note."""

    override_note = forms.CharField(
        required=False,
        label=_("Why close despite the differences"),
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    # The page names what is missing beside the tick, so it says exactly what it overrides.
    close_incomplete = forms.BooleanField(required=False, label=_("Close anyway"))

    def __init__(self, *args, tables: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for table in range(1, tables + 1):
            self.fields[f"count_{table}"] = WholeNumberField(
                required=False,
                min_value=0,
                max_value=999,
                label=gettext("Table %(table)s flags counted") % {"table": table},
                widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 3}),
            )
        self.tables = tables

    def counts(self) -> dict[int, int]:
        return {
            t: self.cleaned_data[f"count_{t}"]
            for t in range(1, self.tables + 1)
            if self.cleaned_data.get(f"count_{t}") is not None
        }

    def count_fields(self):
        return [self[f"count_{t}"] for t in range(1, self.tables + 1)]
