"""The season pages' forms: naming a coordinator, and creating the next level's event from
the advancing teams of earlier ones."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..models import Level
from ..rules.event_settings import NAME_MAX, SLUG_MAX


class CoordinatorForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("User name"), max_length=150)


class NextLevelForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Event name"), max_length=NAME_MAX)
    slug = forms.CharField(label=gettext_lazy("Short name"), max_length=SLUG_MAX)
    level = forms.ChoiceField(
        label=gettext_lazy("Level"), choices=[(Level.ZONE, Level.ZONE.label),
                                              (Level.PROVINCIAL, Level.PROVINCIAL.label)]
    )  # fmt: skip
    hands_per_day = forms.CharField(
        label=gettext_lazy("Hands per day"), max_length=150, initial="30"
    )
    sources = forms.MultipleChoiceField(
        label=gettext_lazy("From these events (in zone order)"),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, events=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["sources"].choices = [(e.slug, e.name) for e in events]

    def clean_hands_per_day(self) -> list[int]:
        text = self.cleaned_data["hands_per_day"]
        parts = [p.strip() for p in text.split(",")]
        if not all(p.isascii() and p.isdigit() and len(p) <= 4 for p in parts):
            raise forms.ValidationError(_("Whole numbers and commas, such as 30 or 30,20"))
        return [int(p) for p in parts]
