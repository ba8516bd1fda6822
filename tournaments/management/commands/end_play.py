from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.management.event_command import EventCommand
from tournaments.rules.errors import RulesError
from tournaments.services.end_play import play_end, play_resume

from .create_event import whole_number


class Command(EventCommand):
    help = gettext_lazy(
        "End play early at the leader's direction (rule 11(d)): the event is finished after "
        "hand N. --resume takes it back while no playoff is recorded."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("--after-hand", type=whole_number, help=gettext("the last hand played"))
        group.add_argument("--resume", action="store_true", help=gettext("play every hand again"))

    def handle_event(self, event, **o):
        try:
            if o["resume"]:
                play_resume(event=event, actor=None)
                text = gettext("%(event)s: play resumed; every hand of the rotation")
                self.stdout.write(text % {"event": event.slug})
            else:
                play_end(event=event, after_hand=o["after_hand"], actor=None)
                text = gettext("%(event)s: play ends after hand %(hand)s")
                self.stdout.write(text % {"event": event.slug, "hand": o["after_hand"]})
        except RulesError as error:
            raise CommandError(error.message) from None
