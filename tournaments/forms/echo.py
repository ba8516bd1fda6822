"""What a form shows again of what was posted: never a refused value longer than about 100
characters, so a wrong paste or a script's megabytes never come back as a page that long.

Every form of the app draws its fields through ``ShortEchoField`` (the settings'
``FORM_RENDERER`` names ``Renderer``): a value over its field's length, or a refused value
over 100 characters, is shown cut to its start and "…", in its box and in its message
(Django's "Select a valid choice. X is not one of the available choices."). A value that fits
its field is shown whole, so correcting another field never cuts a long name.
"""

from __future__ import annotations

from django.forms.boundfield import BoundField
from django.forms.renderers import DjangoTemplates

from ..rules.errors import SHOWN_MAX, shortened

# A value of a field with no length of its own (a note) is shown again up to this long.
TEXT_SHOWN = 10_000


class ShortEchoField(BoundField):
    def _longest(self) -> int:
        """The longest value shown again whole."""
        if self.form.errors.get(self.name):
            return SHOWN_MAX
        return max(getattr(self.field, "max_length", None) or TEXT_SHOWN, SHOWN_MAX)

    def value(self):
        value = super().value()
        if self.form.is_bound and isinstance(value, str):
            return shortened(value, self._longest())
        return value

    @property
    def errors(self):
        errors = super().errors
        posted = self.data if self.form.is_bound else None
        if not isinstance(posted, str) or len(posted) <= SHOWN_MAX:
            return errors
        cut = str(shortened(posted))
        return self.form.error_class(
            [str(e).replace(posted, cut) for e in errors], renderer=self.form.renderer
        )


class Renderer(DjangoTemplates):
    """Django's own form renderer, drawing fields as ``ShortEchoField``."""

    bound_field_class = ShortEchoField
