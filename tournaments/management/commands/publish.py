"""``publish SLUG --to URL --key KEY``: publish an event to the province's server (issue 40)."""

from __future__ import annotations

import time

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.management.event_command import EventCommand
from tournaments.models import PublishTarget
from tournaments.publishing import sender, target
from tournaments.publishing.status import publish_status
from tournaments.rules.errors import RulesError


class Command(EventCommand):
    help = gettext_lazy(
        "Publish an event to the province's server with the key its leader issued there: "
        "the hall server then sends every change whenever it has internet. --follow sends "
        "from this command until Ctrl+C; --stop stops publishing."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--to", help=gettext("the province's address, https://..."))
        parser.add_argument("--key", help=gettext("the publishing key the province issued"))
        parser.add_argument(
            "--follow", action="store_true", help=gettext("keep sending until Ctrl+C")
        )
        parser.add_argument("--stop", action="store_true", help=gettext("stop publishing"))

    def handle_event(self, event, **o):
        if o["stop"]:
            target.target_remove(event)
            self.stdout.write(gettext("%(event)s: not published any more") % {"event": event.slug})
            return
        try:
            if o["to"] or o["key"]:
                if not (o["to"] and o["key"]):
                    raise CommandError(gettext("Give both --to and --key."))
                target.target_set(event, o["to"], o["key"])
        except RulesError as error:
            raise CommandError(error.message) from None
        found = PublishTarget.objects.filter(event=event).exclude(key="").first()
        if found is None:
            raise CommandError(
                gettext("%(event)s is not published: give --to and --key.") % {"event": event.slug}
            )
        if o["follow"]:
            self._follow()
        sender.send_once(found)
        self.stdout.write(self._line(event, found))

    def _follow(self) -> None:
        self.stdout.write(gettext("Publishing; Ctrl+C stops."))
        try:
            while True:
                sender.sender.round()
                time.sleep(sender.PACE)
        except KeyboardInterrupt:
            return

    @staticmethod
    def _line(event, target: PublishTarget) -> str:
        event.refresh_from_db()
        found = publish_status(event, target)
        if found.stopped or found.error:
            text = gettext("%(event)s: not published to %(host)s: %(error)s")
            return text % {"event": event.slug, "host": found.host, "error": found.error}
        text = gettext("%(event)s: published to %(host)s (revision %(revision)s)")
        return text % {"event": event.slug, "host": found.host, "revision": found.revision}
