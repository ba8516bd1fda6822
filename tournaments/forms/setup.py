"""Forms for the leader's pages. They check input and name the field at fault; writes are
left to services, so a form never changes anything by itself."""

from __future__ import annotations

import binascii
from base64 import b64decode, b64encode
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django import forms
from django.conf import settings
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.html import escape
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from ..archive.reading import ARCHIVE_MAX, ArchiveRefused, read_archive
from ..csv_formats import PROBLEMS_SHOWN, UPLOAD_MAX, CsvErrors, parse_pattern
from ..file_encodings import ENCODINGS, decode
from ..models import Event, Level
from ..rules.errors import RulesError, shortened
from ..rules.event_settings import (
    CHANGEABLE,
    LABELS,
    NAME_MAX,
    RANGES,
    check_days,
    settings_problems,
    typed_number,
)
from ..rules.flags import check_revokes, check_tricks
from ..rules.rotation import PRESETS
from ..services import ResultEntry

# ---------------------------------------------------------------- hand entry grid


def shown_value(tricks: object, visitor_revokes: object = 0, host_revokes: object = 0) -> str:
    """How a row's result is written in the grid's hidden ``was_N`` field ('' when empty)."""
    if tricks in (None, ""):
        return ""
    return f"{tricks},{visitor_revokes or 0},{host_revokes or 0}"


def _normal(text: str) -> str:
    text = (text or "").strip()
    number = typed_number(text)
    return text if number is None else str(number)


@dataclass
class GridInput:
    """The grid as posted: results to save and a message for each refused row."""

    entries: list[ResultEntry] = field(default_factory=list)
    errors: dict[int, str] = field(default_factory=dict)
    typed: dict[int, tuple[str, str, str]] = field(default_factory=dict)
    conflicts: dict[int, str] = field(default_factory=dict)
    unsaved: set[int] = field(default_factory=set)


def parse_grid(data: Mapping[str, str], *, hand: int, tables: Iterable[int]) -> GridInput:
    """Read ``tricks_N``, ``vrev_N``, ``hrev_N``, ``seen_N`` and ``was_N`` for every table.

    Rows the leader did not change are skipped, so a row someone else saved meanwhile is
    not reported as a conflict unless this leader typed over it.
    """
    grid = GridInput()
    for table in tables:
        typed = tuple(
            _normal(data.get(f"{name}_{table}", "")) for name in ("tricks", "vrev", "hrev")
        )
        grid.typed[table] = typed
        was = data.get(f"was_{table}", "")
        if shown_value(*typed) == was or (not typed[0] and not was and not any(typed[1:])):
            continue
        if not typed[0]:
            grid.errors[table] = (
                gettext("type the visitors' tricks; a saved result is corrected, not cleared")
                if was
                else gettext("type the visitors' tricks as well as the revokes")
            )
            continue
        try:
            tricks = check_tricks(typed[0])
            visitor_revokes = check_revokes(typed[1], field="visitor_revokes")
            host_revokes = check_revokes(typed[2], field="host_revokes")
        except RulesError as error:
            grid.errors[table] = error.message
            continue
        seen = data.get(f"seen_{table}", "0")
        grid.entries.append(
            ResultEntry(
                hand,
                table,
                tricks,
                visitor_revokes,
                host_revokes,
                seen_version=typed_number(seen) or 0,
            )
        )
    return grid


# ---------------------------------------------------------------- event set-up

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


# ---------------------------------------------------------------- records from the browser


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
