"""``publishing_key SLUG``: on the province's server, issue (or list, or revoke) the key that
lets the event's hall publish it (issue 40)."""

from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from tournaments.management.event_command import EventCommand
from tournaments.rules.errors import RulesError
from tournaments.services.publishing_keys import copy_release, key_issue, key_revoke, keys_of

from .create_event import whole_number


class Command(EventCommand):
    help = gettext_lazy(
        "Issue a key that lets the event's hall publish it here (shown once), --list the "
        "event's keys, --revoke one, or --release the event from the hall it follows (the "
        "next hall to publish it sends it whole)."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        group = parser.add_mutually_exclusive_group()
        group.add_argument("--list", action="store_true", help=gettext("list the event's keys"))
        group.add_argument("--revoke", type=whole_number, help=gettext("the key's number"))
        group.add_argument(
            "--release", action="store_true", help=gettext("stop following the hall's copy")
        )

    def handle_event(self, event, **o):
        try:
            if o["release"]:
                released = copy_release(event=event, actor=None)
                text = (
                    gettext(
                        "%(event)s no longer follows a hall; the next publication sends it whole."
                    )
                    if released
                    else gettext("%(event)s follows no hall.")
                )
                self.stdout.write(text % {"event": event.slug})
            elif o["revoke"]:
                key_revoke(event=event, key_id=o["revoke"], actor=None)
                self.stdout.write(gettext("Key %(key)s revoked.") % {"key": o["revoke"]})
            elif o["list"]:
                for row in keys_of(event):
                    used = row.last_used_at.isoformat(" ", "minutes") if row.last_used_at else "-"
                    state = gettext("revoked") if row.revoked_at else gettext("valid")
                    self.stdout.write(f"{row.pk}  {row.hint}…  {state}  {used}")
            else:
                _row, key = key_issue(event=event, actor=None)
                self.stdout.write(key)
                self.stderr.write(gettext("Shown once: give it to the hall's leader."))
        except RulesError as error:
            raise CommandError(error.message) from None
