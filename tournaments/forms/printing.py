"""The print page's form: what to print, for which tables, on which paper, for which session."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import pdf, snapshot
from ..models import Event
from ..rules.errors import RulesError

PAPER_CHOICES = [
    ("", gettext_lazy("The event's paper")),
    ("letter", gettext_lazy("Letter")),
    ("a4", "A4"),
]


class PrintForm(forms.Form):
    # Entry slips are printed by a leader's POST only (``entry_slips``), never by this GET form.
    what = forms.ChoiceField(
        label=gettext_lazy("What to print"),
        choices=[(what, label) for what, label in pdf.WHATS.items() if what != "entry"],
        widget=forms.RadioSelect,
    )
    tables = forms.CharField(
        label=gettext_lazy("Tables"),
        required=False,
        max_length=400,
        help_text=gettext_lazy("Blank prints every table. For one card: 7. Several: 3,7 or 9-16."),
    )
    paper = forms.ChoiceField(label=gettext_lazy("Paper"), choices=PAPER_CHOICES, required=False)
    session = forms.ChoiceField(label=gettext_lazy("Flag-count sheets for"), required=False)
    fill = forms.BooleanField(
        label=gettext_lazy("Fill in the expected counts from the results entered"),
        required=False,
    )

    def __init__(self, *args, event: Event, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.event = event
        hands = snapshot.rotation(event).hands
        sessions = dict.fromkeys((h.day, h.session) for h in hands)
        self.fields["session"].choices = [("", _("Every session"))] + [
            (
                f"{day}.{session}",
                _("Day %(day)s · Session %(session)s") % {"day": day, "session": session},
            )
            for day, session in sessions
        ]
        paper = _("The event's paper (%(paper)s)") % {"paper": event.get_paper_display()}
        self.fields["paper"].choices = [("", paper), *PAPER_CHOICES[1:]]

    def clean_tables(self) -> tuple[int, ...]:
        try:
            return pdf.parse_tables(self.cleaned_data["tables"], self.event.tables)
        except RulesError as error:
            raise forms.ValidationError(error.message) from None

    def job(self, base_url: str) -> pdf.PrintJob:
        data = self.cleaned_data
        return pdf.PrintJob(
            what=data["what"],
            tables=data["tables"],
            paper=data["paper"],
            base_url=base_url,
            fill_counts=data["fill"],
            session=pdf.parse_session(data["session"] or ""),
        )
