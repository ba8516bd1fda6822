"""What the launcher says on the leader's console, and the one question it asks (the leader's
own login on a first start). Every text is in the leader's language (WHIST_LANGUAGE)."""

from __future__ import annotations

import getpass
import sys
import textwrap

from tournaments.cli.hints import start_hint
from tournaments.cli.words import gettext as _


def say(text: str = "") -> None:
    """Print to the console, replacing what a Windows console cannot show."""
    encoding = sys.stdout.encoding or "ascii"
    print(text.encode(encoding, errors="replace").decode(encoding), flush=True)


def qr_lines(url: str) -> str | None:
    """The address as a QR code in block characters, or None where the console lacks them."""
    import io

    import segno

    try:
        "▀▄█".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return None
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def ask_leader() -> None:
    """The first hall on an installation: the leader chooses their own login."""
    from tournaments.rules.errors import RulesError
    from tournaments.services import accounts

    say(_("No leader account yet. Choose the user name and password you will log in with."))
    while True:
        username = input(_("Leader's user name: ")).strip()
        password = getpass.getpass(_("Password: "))
        if password != getpass.getpass(_("Password again: ")):
            say(_("The two passwords differ; try again."))
            continue
        try:
            accounts.leader_create(username=username, password=password)
        except RulesError as error:
            say(str(error))
            continue
        say(_("Leader '%(name)s' created.") % {"name": username})
        return


def _where_data_goes() -> None:
    from django.conf import settings

    say(_("Data folder: %(folder)s") % {"folder": settings.DATA_DIR})
    say(
        _("Backups after every change: %(folder)s (WHIST_BACKUP_DIR for a USB stick)")
        % {"folder": settings.BACKUP_DIR}
    )


def announce(url: str, addresses: list[str]) -> None:
    """What the leader reads on the console once the hall serves the phones."""
    say()
    say(_("Military Whist Director is serving the hall."))
    say(_("Phones open: %(url)s") % {"url": url})
    if not addresses:
        say(_("No network found: phones cannot reach this laptop. Join the hall's Wi-Fi, restart."))
    elif len(addresses) > 1:
        say(_("Other addresses of this laptop: %(list)s") % {"list": ", ".join(addresses[1:])})
    lines = qr_lines(url)
    if lines:
        say(lines)
    say(_("Show %(url)s/hall/ on the projector so players can scan the address.") % {"url": url})
    _where_data_goes()
    say(_("Ctrl+C stops it."))


def announce_loopback(url: str, listen: str) -> None:
    """A hall listening on this laptop's own loopback address: no phone can reach it, so no
    phone address is announced."""
    say()
    say(
        _(
            "Military Whist Director is serving this laptop only: it listens on %(listen)s, "
            "which no phone can reach."
        )
        % {"listen": listen}
    )
    say(_("Open %(url)s/ in this laptop's browser.") % {"url": url})
    say(_("To serve the phones, start it with: %(command)s") % {"command": start_hint("hall")})
    _where_data_goes()
    say(_("Ctrl+C stops it."))


def manage_help() -> None:
    """``whist-director manage --help``: the app's own commands, each with its one-line help
    (Django is set up; no database is opened)."""
    from django.core.management import get_commands, load_command_class

    say(_("usage: ") + "whist-director manage COMMAND [...]")
    say()
    say(_("Runs one of the app's commands. Add --help after a command to read about it."))
    say()
    for name, app in sorted(get_commands().items()):
        if app == "tournaments" and name not in ("makemessages", "build_demo"):
            text = str(load_command_class(app, name).help)
            lines = textwrap.wrap(
                text, 78, initial_indent=f"  {name:<19} ", subsequent_indent=" " * 22
            )
            say("\n".join(lines))
    say()
    say(_("Django's own commands work too, such as migrate and changepassword."))
