"""Start the app: ``demo`` on the leader's own screen, ``hall`` for the phones of a hall,
``serve`` for a hosted server. ``make run``, ``make hall``, ``make serve`` and the installed
``whist-director`` command all come here.

The hall's server is waitress, set for a hall's phones in ``server.py`` and started in
``listening.py``: pure Python, so the hall runs the same on Windows, macOS and Linux, and it never
needs ``fork`` or Unix signals. A hosted ``serve`` runs gunicorn in this process (``province``)
on Linux and macOS, and waitress on Windows. ``--help`` and every
configuration error are worded in the leader's language without opening a database
(``tournaments.cli.words``), and a configuration error is one line and exit status 1.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tournaments.cli.hints import SHORTCUTS, manage_hint, start_hint
from tournaments.cli.words import ArgumentParser
from tournaments.cli.words import gettext as _
from whistdirector import server, two_laptops
from whistdirector.config import ConfigurationError
from whistdirector.console import announce, announce_loopback, ask_leader, manage_help, say
from whistdirector.listening import is_loopback, listen_address, listen_on, listen_problem

# Kept for the tests and scripts that ask whether this is a source checkout.
CHECKOUT = (Path(__file__).resolve().parent.parent / "manage.py").exists()
EVERY_NETWORK = ("0.0.0.0", "::", "")  # noqa: S104 - the hall listens on the hall's Wi-Fi


def setup(mode: str) -> None:
    os.environ["WHIST_MODE"] = mode
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdirector.settings")
    import django

    django.setup()


def prepare(*, ask_for_leader: bool) -> None:
    """Migrate, collect static files, and refuse to serve a network with open doors."""
    from django.core.management import call_command

    from tournaments.services import accounts

    call_command("migrate", interactive=False, verbosity=0)
    open_doors = accounts.published_password_users()
    if open_doors:
        raise SystemExit(
            _(
                "Refusing to start: these accounts still have a password printed in the app's "
                "instructions (the demo's published password), so anyone on the network could "
                "log in with it:"
            )
            + "\n"
            + accounts.open_door_fixes(open_doors)
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
    from tournaments.publishing import backups

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


def hall(listen: str) -> None:
    from whistdirector import network

    host, _colon, port = listen.rpartition(":")
    addresses = network.lan_addresses()
    loopback = is_loopback(host)
    phones = [] if loopback else addresses if host in EVERY_NETWORK else [host]
    os.environ["WHIST_HALL_HOSTS"] = ",".join(network.hall_hosts(addresses))
    os.environ.setdefault("WHIST_PUBLIC_URL", network.hall_url(phones, int(port)))
    setup("hall")
    prepare(ask_for_leader=True)
    from tournaments.publishing import sender

    two_laptops.start_feed(listen)  # the standby's own door, beside the phones'
    two_laptops.start_followers()  # a standby follows its hall; a hall watches its standby
    # After the fence's first look: a hall replaced while it was away publishes nothing.
    sender.start()  # events published to the province: their changes go in the background
    hall_server = listen_on(listen)
    url = os.environ["WHIST_PUBLIC_URL"].rstrip("/")
    if loopback:
        announce_loopback(url, listen)
    else:
        announce(url, phones)
    hall_server.run()


def serve(listen: str, workers: int = 1) -> None:
    """The hosted server: gunicorn with ``workers`` processes (``province``) on Linux and macOS;
    waitress, one process, on Windows, which has no ``fork``."""
    if workers > 1:
        os.environ["WHIST_WORKERS"] = str(workers)  # settings: a cache the workers share
    on_windows = os.name == "nt"
    if on_windows and workers > 1:
        raise ConfigurationError(_("--workers needs Linux or macOS; on Windows run one process."))
    setup("serve")
    prepare(ask_for_leader=False)
    if on_windows:
        single = listen_on(listen, behind_proxy=True)
    else:
        try:
            sock = server.listening_socket(listen)
        except OSError as error:
            raise ConfigurationError(listen_problem(listen, error)) from None
    say(
        _(
            "Military Whist Director serving on %(listen)s (behind your HTTPS proxy). "
            "Ctrl+C stops it."
        )
        % {"listen": listen}
    )
    if on_windows:
        single.run()
    else:
        from whistdirector import province

        province.run(sock.detach(), workers)  # gunicorn owns the socket from here


def demo(listen: str) -> None:
    """The demo on this computer's own screen: its login is published and its pages are debug
    pages, so it never listens where another device could reach it."""
    if not is_loopback(listen.rpartition(":")[0]):
        words = _(
            "the demo answers this computer only: listen on 127.0.0.1:%(port)s, or start "
            "%(hall)s to serve the hall's network."
        )
        values = {"port": listen.rpartition(":")[2], "hall": start_hint("hall")}
        print(f"whist-director: {words % values}", file=sys.stderr)
        raise SystemExit(2)  # a usage mistake, as argparse's own
    setup("dev")
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    call_command("load_demo")
    demo_server = listen_on(listen)
    say(
        _("Military Whist Director: open http://%(listen)s/ (Ctrl+C stops it)") % {"listen": listen}
    )
    demo_server.run()


def manage(args: list[str], *, migrate: bool = False, prog: str = "whist-director manage") -> None:
    """A management command; ``migrate`` first for the leader's first command on a fresh data
    folder, but never for ``--help``, which opens no database."""
    setup(os.environ.get("WHIST_MODE", "dev"))
    from django.core.management import call_command, execute_from_command_line

    if migrate and not {"-h", "--help"} & set(args):
        call_command("migrate", interactive=False, verbosity=0)
    execute_from_command_line([prog, *args])


def parser() -> ArgumentParser:
    top = ArgumentParser(
        prog="whist-director",
        description=_(
            "Military Whist Director runs Military Whist events: the rotation, each hand's "
            "result, flags, standings and playoffs, with the players' phones. Start it in the "
            "hall with “whist-director hall”; “whist-director demo” shows the demo events."
        ),
    )
    commands = top.add_subparsers(
        title=_("the commands"), dest="command", required=True, metavar=_("COMMAND")
    )
    modes = (
        ("demo", "127.0.0.1:8000", _("Show the demo events on this computer's own screen.")),
        ("hall", "0.0.0.0:8000", _("Serve the hall's phones from this laptop.")),  # noqa: S104
        ("serve", "127.0.0.1:8000", _("Serve a hosted installation behind an HTTPS proxy.")),
    )
    for name, default, text in modes:
        command = commands.add_parser(name, help=text, description=text)
        command.add_argument(
            "--listen",
            default=default,
            type=listen_address,
            metavar=_("ADDRESS:PORT"),
            help=_(
                "where to listen (default %(default)s); 0.0.0.0 is every network of this "
                "computer, 127.0.0.1 this computer only"
            ),
        )
        command.add_argument(
            "--backups",
            metavar=_("FOLDER"),
            help=_(
                "the backups folder, such as a USB stick (default: backups in the data folder; "
                "also WHIST_BACKUP_DIR)"
            ),
        )
        if name == "serve":
            command.add_argument(
                "--workers",
                type=int,
                default=1,
                metavar=_("N"),
                help=_(
                    "processes serving the one address, sharing what they derive (Linux and "
                    "macOS; default 1)"
                ),
            )
    two_laptops.add_commands(commands)
    shortcuts = {
        "backup": _("Write a backup of every event now, kept for good."),
        "restore": _(
            "Bring back the newest backup of every event, or the archives named, into an empty "
            "installation."
        ),
        "createleader": _("Create the leader's own account."),
        "publish": _("Publish an event to the province's server while the hall plays."),
        "manage": _("Run any other command of the app, such as import_teams or print_event."),
    }
    for name, text in shortcuts.items():
        commands.add_parser(name, help=text, add_help=False)
    return top


def run(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:  # the command alone: what it can do, rather than an error
        parser().print_help()
        return
    options, rest = parser().parse_known_args(argv)
    if options.command == "manage":
        if not rest or rest in (["-h"], ["--help"], ["help"]):
            setup(os.environ.get("WHIST_MODE", "dev"))
            manage_help()
        else:
            manage(rest)
    elif options.command in SHORTCUTS:
        manage([options.command, *rest], migrate=True, prog="whist-director")
    elif rest:
        parser().error(_("unrecognized arguments: %(args)s") % {"args": " ".join(rest)})
    else:
        if getattr(options, "backups", None):
            os.environ["WHIST_BACKUP_DIR"] = options.backups
        if options.command == "serve":
            serve(options.listen, max(1, options.workers))
        elif options.command in ("standby", "takeover"):
            two_laptops.run(options, hall=hall, setup=setup)
        else:
            {"demo": demo, "hall": hall}[options.command](options.listen)


def main(argv: list[str] | None = None) -> None:
    """The command line: a configuration error or a database that cannot be opened is one
    line, and exit status 1."""
    from django.db import DatabaseError

    try:
        run(argv)
    except ConfigurationError as error:
        raise SystemExit(f"whist-director: {error}") from None
    except DatabaseError as error:
        from tournaments.cli.base import database_problem

        raise SystemExit(f"whist-director: {database_problem(error)}") from None
    except KeyboardInterrupt:
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
