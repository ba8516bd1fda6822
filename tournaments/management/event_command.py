"""What the commands about one event share: the event's short name as their first argument,
and one line (never a traceback) when there is no such event."""

from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext

from ..cli.base import AppCommand
from ..models import Event


def event_or_error(slug: str) -> Event:
    try:
        return Event.objects.get(slug=slug)
    except Event.DoesNotExist:
        raise CommandError(gettext("There is no event %(slug)r") % {"slug": slug}) from None


class EventCommand(AppCommand):
    """A command about one event: ``handle_event`` is given the event its short name names;
    ``add_arguments`` adds the command's own options after the short name."""

    def add_arguments(self, parser):
        parser.add_argument("slug", help=gettext("the event's short name, such as area-5-2026"))

    def handle(self, *args, **o):
        self.handle_event(event_or_error(o["slug"]), **o)

    def handle_event(self, event: Event, **o) -> None:
        raise NotImplementedError
