"""The set-up pages' forms: a new event, its settings, and the words and fields they share
(setting labels in the reader's language, whole numbers typed with the digits 0-9)."""

from __future__ import annotations

from collections.abc import Mapping

from django import forms
from django.conf import settings
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from ..formats.csv_files import PROBLEMS_SHOWN, UPLOAD_MAX, CsvErrors, parse_pattern
from ..formats.file_encodings import decode
from ..models import Event, Level
from ..rules.errors import RulesError
from ..rules.event_settings import (
    CHANGEABLE,
    LABELS,
    NAME_MAX,
    RANGES,
    check_days,
    settings_problems,
    typed_number,
)
from ..rules.rotation import PRESETS

# The setting names and rotation presets are English in rules/ (pure Python); the forms read
# them through the catalog, in the reader's language, when a page is drawn.
_translated = lazy(gettext, str)
_SHOWN_IN_FORMS = (
    gettext_noop("Event name"),
    gettext_noop("Short name"),
    gettext_noop("Level"),
    gettext_noop("First day"),
    gettext_noop("Tables"),
    gettext_noop("Flags per table"),
    gettext_noop("Tricks for 1 flag"),
    gettext_noop("Tricks for 2 flags"),
    gettext_noop("Revoke penalty (tricks per revoke)"),
    gettext_noop("Playoffs for ties in the first places"),
    gettext_noop("Teams advancing"),
    gettext_noop("Paper"),
    gettext_noop("Trump sequence"),
    gettext_noop("Hands per day"),
    gettext_noop("Sessions per day"),
    gettext_noop("30 hands in one day (15 morning, 15 afternoon)"),
    gettext_noop("50 hands over two days (15 + 15, then 20)"),
)


def label(field: str):
    """The label of a setting, translated when the form is drawn."""
    return _translated(LABELS[field])


PATTERN_CHOICES = [
    *((name, _translated(preset.label)) for name, preset in PRESETS.items()),
    ("generated", _("Generated: give hands and sessions per day below")),
]

LEVEL_PRESETS = {
    Level.AREA: "one-day-30",
    Level.ZONE: "one-day-30",
    Level.PROVINCIAL: "two-day-50",
    Level.CLUB: "generated",
}


def _numbers(text: str, name: str) -> list[int]:
    numbers = [typed_number(n) for n in text.replace(" ", "").split(",") if n]
    if None in numbers:
        raise forms.ValidationError(
            gettext("%(name)s: whole numbers separated by commas, such as 30,20") % {"name": name}
        )
    if not numbers or any(n < 1 for n in numbers):
        raise forms.ValidationError(gettext("%(name)s: at least 1 for every day") % {"name": name})
    return numbers


class WholeNumberField(forms.IntegerField):
    """A whole number written with the digits 0-9 only (``typed_number``), as every file and
    the phones are read: Django's own field takes '+7', '-0', '٣' and '7.0' for numbers."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        number = typed_number(str(value))
        if number is None:
            raise forms.ValidationError(
                gettext("Type a whole number with the digits 0-9, not %(value)r")
                % {"value": str(value).strip()[:20]},
                code="invalid",
            )
        return number


def _whole(field: str, **options) -> WholeNumberField:
    """A whole-number setting; its limits are checked by ``rules.event_settings``."""
    return WholeNumberField(label=label(field), **options)


def _add_problems(form: forms.Form, problems: Mapping[str, str]) -> None:
    for name, message in problems.items():
        if name in form.fields and name not in form.errors:
            form.add_error(name, message)


def more_problems(more: int) -> str:
    return ngettext(
        "…and %(n)s more problem not listed. Fix these first, then try again.",
        "…and %(n)s more problems not listed. Fix these first, then try again.",
        more,
    ) % {"n": more}


class EventCreateForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX, label=label("name"))
    slug = forms.CharField(
        label=label("slug"),
        help_text=_("Used in addresses: /events/short-name/ — small letters, digits and hyphens"),
    )
    level = forms.ChoiceField(label=label("level"), choices=Level.choices, initial=Level.AREA)
    tables = _whole("tables", initial=8)
    pattern = forms.ChoiceField(choices=PATTERN_CHOICES, label=_("Rotation"), initial="one-day-30")
    hands_per_day = forms.CharField(
        label=label("hands_per_day"),
        initial="30",
        required=False,
        help_text=_("For a generated rotation, e.g. 30 or 30,20"),
    )
    sessions_per_day = forms.CharField(
        label=label("sessions_per_day"),
        initial="2",
        required=False,
        help_text=_("Sessions each day, e.g. 2 or 2,1"),
    )
    pattern_file = forms.FileField(
        required=False,
        label=_("Your own rotation (optional CSV)"),
        help_text=format_lazy(
            "{} {}",
            _(
                "Header hand,1,2,...,N; one row per hand giving the table each home table's "
                "travelling pair visits. Uses the hands and sessions per day above."
            ),
            format_lazy(_("A rotation file is at most {kb} KB."), kb=UPLOAD_MAX // 1024),
        ),
    )
    trumps = forms.CharField(
        initial="H,S,D,C",
        max_length=60,
        label=label("trumps"),
        help_text=_("H,S,D,C with optional NT, or CUT"),
    )
    alternate_pairs = forms.BooleanField(
        required=False, label=_("Travelling pair alternates AB, XY")
    )
    flags_per_table = _whole("flags_per_table", initial=12)
    one_flag_at = _whole("one_flag_at", initial=7)
    two_flags_at = _whole("two_flags_at", initial=10)
    revoke_penalty = _whole("revoke_penalty", initial=2)
    advancing = _whole("advancing", initial=2)
    starts_on = forms.DateField(
        required=False, label=label("starts_on"), widget=forms.DateInput(attrs={"type": "date"})
    )

    def clean(self):
        data = super().clean()
        pattern = data.get("pattern")
        if pattern in PRESETS:
            data["hands"] = list(PRESETS[pattern].hands_per_day)
            data["sessions"] = list(PRESETS[pattern].sessions_per_day)
        elif pattern:
            try:
                data["hands"] = _numbers(data.get("hands_per_day", ""), gettext("Hands per day"))
                data["sessions"] = _numbers(
                    data.get("sessions_per_day", ""), gettext("Sessions per day")
                )
                check_days(data["hands"])
            except forms.ValidationError as error:
                self.add_error("hands_per_day", error)
                return data
            except RulesError as error:
                self.add_error("hands_per_day", error.message)
                data.pop("hands")
                return data
            if len(data["sessions"]) != len(data["hands"]):
                self.add_error("sessions_per_day", gettext("Give a session count for every day"))
        checked = {
            f: data[f] for f in (*RANGES, "slug", "name") if f in data and f != "playoff_places"
        }
        _add_problems(self, settings_problems(checked, tables=data.get("tables")))
        upload = data.get("pattern_file")
        data["custom_moves"] = None
        if upload and "tables" not in self.errors and data.get("tables") and "hands" in data:
            if pattern in PRESETS:
                self.add_error(
                    "pattern",
                    gettext("Choose 'generated' to give hands per day for your own rotation"),
                )
            try:
                if upload.size > UPLOAD_MAX:
                    too_large = gettext(
                        "The file is %(mb)s MB; a rotation file is at most %(kb)s KB. "
                        "Check that you chose the right file."
                    )
                    size = number_format(upload.size / 1024 / 1024, 1)
                    raise CsvErrors([too_large % {"mb": size, "kb": UPLOAD_MAX // 1024}])
                text = decode(upload.read()).text
                data["custom_moves"] = parse_pattern(text, tables=data["tables"])
            except CsvErrors as error:
                for problem in error.problems[:PROBLEMS_SHOWN]:
                    self.add_error("pattern_file", problem)
                if (more := len(error.problems) - PROBLEMS_SHOWN) > 0:
                    self.add_error("pattern_file", more_problems(more))
        return data


class EventSettingsForm(forms.ModelForm):
    """The settings page: the same names and the same checks as the new-event page."""

    class Meta:
        model = Event
        fields = list(CHANGEABLE)
        labels = {f: label(f) for f in CHANGEABLE}
        field_classes = {f: WholeNumberField for f in CHANGEABLE if f in RANGES}
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"})}

    def clean(self):
        data = super().clean()
        checked = {f: data[f] for f in (*RANGES, "name") if f in data}
        _add_problems(self, settings_problems(checked, tables=self.instance.tables))
        return data

    # Cards for a French hall while the leader works in English, or the other way round.
    print_language = forms.ChoiceField(
        label=_("Printouts in"), choices=settings.LANGUAGES, required=False
    )

    def clean_print_language(self) -> str:
        """Left out of a post (older pages, scripts): the event keeps its language."""
        return self.cleaned_data["print_language"] or self.instance.print_language

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["season"].required = False  # left out of a post: the event keeps its own

    def clean_season(self):
        return self.cleaned_data["season"] or self.instance.season
