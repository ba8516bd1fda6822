"""The people page's form: a user name, the role to give, and a password for a new account."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import Role


class RoleForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.ASSISTANT)
    password = forms.CharField(
        label=_("Password (only for a new account)"),
        required=False,
        widget=forms.PasswordInput(render_value=False),
    )
