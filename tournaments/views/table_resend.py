"""The leader's answer to an entry a table's phone resent over a result the hall holds: keep
the result held (the grid's "Keep the saved result"); Accept is the grid's own."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from ..models import Event, Hand
from ..rules.errors import RulesError
from ..rules.event_settings import typed_number
from ..services.table_resend import resent_entry_refuse


def keep_held(request, event: Event, hand: Hand):
    """Refuse the resent entry of the table named by the POST's ``keep``."""
    table = typed_number(request.POST.get("keep", ""), 3)
    try:
        if table is None:
            raise RulesError("No table entry is waiting.")
        resent_entry_refuse(event=event, hand=hand.number, table=table, actor=request.user)
    except RulesError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("Hand %(hand)s, table %(table)s: the saved result stays.")
            % {"hand": hand.number, "table": table},
        )
    return redirect(reverse("tournaments:hand_grid", args=[event.slug, hand.number]))
