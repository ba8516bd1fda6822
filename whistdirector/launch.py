"""Start the app: ``demo`` on the leader's own screen, ``hall`` for the phones of a hall,
``serve`` for a hosted server. ``make run``, ``make hall``, ``make serve`` and the installed
``whist-director`` command all come here.

The production server is waitress in one place (``server.py``): pure Python, so the hall runs
the same on Windows, macOS and Linux, and it never needs ``fork`` or Unix signals.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from pathlib import Path

# Every text below is read after Django is set up: it speaks WHIST_LANGUAGE (default English).
from django.utils.translation import gettext as _

from whistdirector import server

CHECKOUT = (Path(__file__).resolve().parent.parent / "manage.py").exists()


def manage_hint(command: str) -> str:
    """How the leader runs a management command on this installation."""
    prefix = ".venv/bin/python manage.py" if CHECKOUT else "whist-director manage"
    return f"{prefix} {command}"


def say(text: str = "") -> None:
    """Print to the console, replacing what a Windows console cannot show."""
    encoding = sys.stdout.encoding or "ascii"
    print(text.encode(encoding, errors="replace").decode(encoding), flush=True)


def setup(mode: str) -> None:
    os.environ["WHIST_MODE"] = mode
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdirector.settings")
    import django

    django.setup()


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


def prepare(*, ask_for_leader: bool) -> None:
    """Migrate, collect static files, and refuse to serve a network with open doors."""
    from django.core.management import call_command

    from tournaments.services import accounts

    call_command("migrate", interactive=False, verbosity=0)
    open_doors = accounts.published_password_users()
    if open_doors:
        raise SystemExit(
            _(
                "Refusing to start: the account(s) %(names)s still have the demo's published "
                "password, so anyone on the network could log in as a leader.\n"
                "Remove the demo leader: %(remove)s\n"
                "or give the account a new password: %(change)s"
            )
            % {
                "names": ", ".join(open_doors),
                "remove": manage_hint("remove_demo_leader"),
                "change": manage_hint("changepassword " + open_doors[0]),
            }
        )
    if not accounts.leader_exists():
        if not ask_for_leader or not sys.stdin.isatty():
            raise SystemExit(
                _("There is no leader account yet. Create yours first: %(command)s")
                % {"command": manage_hint("createleader")}
            )
        ask_leader()
    if not static_is_current():
        call_command("collectstatic", interactive=False, verbosity=0)
    from tournaments import backups

    backups.catch_up()


def static_is_current() -> bool:
    """The collected, compressed copies are newer than every source file (collecting them again
    takes seconds the hall start need not spend)."""
    from django.conf import settings
    from django.contrib.staticfiles.finders import get_finders

    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if not manifest.exists():
        return False
    newest = max(
        (
            os.path.getmtime(storage.path(path))
            for finder in get_finders()
            for path, storage in finder.list([])
        ),
        default=0,
    )
    return manifest.stat().st_mtime >= newest


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


def announce(url: str, addresses: list[str]) -> None:
    from django.conf import settings

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
    say(_("Data folder: %(folder)s") % {"folder": settings.DATA_DIR})
    say(
        _("Backups after every change: %(folder)s (WHIST_BACKUP_DIR for a USB stick)")
        % {"folder": settings.BACKUP_DIR}
    )
    say(_("Ctrl+C stops it."))


def hall(listen: str) -> None:
    from whistdirector import network

    port = int(listen.rsplit(":", 1)[1])
    addresses = network.lan_addresses()
    os.environ["WHIST_HALL_HOSTS"] = ",".join(network.hall_hosts(addresses))
    os.environ.setdefault("WHIST_PUBLIC_URL", network.hall_url(addresses, port))
    setup("hall")
    prepare(ask_for_leader=True)
    announce(os.environ["WHIST_PUBLIC_URL"].rstrip("/"), addresses)
    server.serve(listen)


def serve(listen: str, workers: int = 1) -> None:
    if workers > 1:
        os.environ["WHIST_WORKERS"] = str(workers)  # settings: a cache the workers share
    setup("serve")
    prepare(ask_for_leader=False)
    say(
        _(
            "Military Whist Director serving on %(listen)s (behind your HTTPS proxy). "
            "Ctrl+C stops it."
        )
        % {"listen": listen}
    )
    if workers > 1:
        server.serve_workers(listen, workers)
    else:
        server.serve(listen, behind_proxy=True)


def demo(listen: str) -> None:
    setup("dev")
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    call_command("load_demo")
    say(
        _("Military Whist Director: open http://%(listen)s/ (Ctrl+C stops it)") % {"listen": listen}
    )
    call_command("runserver", listen, use_reloader=False)


def manage(args: list[str], *, migrate: bool = False) -> None:
    setup(os.environ.get("WHIST_MODE", "dev"))
    from django.core.management import call_command, execute_from_command_line

    if migrate:  # a fresh data folder: the leader's first command makes its database
        call_command("migrate", interactive=False, verbosity=0)
    execute_from_command_line(["whist-director manage", *args])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="whist-director", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, default, text in (
        ("demo", "127.0.0.1:8000", "the demo events on this computer's own screen"),
        ("hall", "0.0.0.0:8000", "serve the hall's phones from this laptop"),  # noqa: S104
        ("serve", "127.0.0.1:8000", "serve a hosted installation behind an HTTPS proxy"),
    ):
        command = commands.add_parser(name, help=text)
        command.add_argument("--listen", default=default, help=f"address:port (default {default})")
        command.add_argument(
            "--backups", help="the backups folder, e.g. a USB stick (WHIST_BACKUP_DIR)"
        )
        if name == "serve":
            command.add_argument(
                "--workers",
                type=int,
                default=1,
                help="processes serving on the one address (Linux, macOS; default 1)",
            )
    shortcuts = {
        "backup": "write a backup of every event now",
        "restore": "bring back the newest backups (or the files given) into an empty database",
        "createleader": "create the leader's own account",
    }
    for name, text in {**shortcuts, "manage": "any management command (manage.py)"}.items():
        commands.add_parser(name, help=text, add_help=False)
    options, rest = parser.parse_known_args(argv)
    if options.command == "manage":
        manage(rest)
    elif options.command in shortcuts:
        manage([options.command, *rest], migrate=True)
    elif rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    else:
        if options.backups:
            os.environ["WHIST_BACKUP_DIR"] = options.backups
        if options.command == "serve":
            serve(options.listen, max(1, options.workers))
        else:
            {"demo": demo, "hall": hall}[options.command](options.listen)


if __name__ == "__main__":
    main()
