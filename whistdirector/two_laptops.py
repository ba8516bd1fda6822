"""The launcher's two-laptop commands (issue 39): ``standby`` pairs this laptop with the hall
once (the leader's pairing code), copies every event in play, then serves as the hall's
standby, following it; ``takeover`` makes this standby the hall, in one step. ``hall`` on a
laptop paired either way starts the follower or the fence by itself (``start_followers``).
"""

from __future__ import annotations

import os
import socket

from tournaments.cli.words import gettext as _
from whistdirector.config import ConfigurationError
from whistdirector.console import say
from whistdirector.listening import is_loopback, listen_address

EVERY_NETWORK = ("0.0.0.0", "::", "")  # noqa: S104 - as the hall's


def add_commands(commands) -> None:
    text = _("Follow the hall from this laptop, ready to take over (pairs it once with a code).")
    command = commands.add_parser("standby", help=text, description=text)
    command.add_argument(
        "--hall",
        required=True,
        metavar=_("ADDRESS"),
        help=_("the hall laptop's address, such as http://192.168.1.12:8000"),
    )
    command.add_argument(
        "--code", metavar=_("CODE"), help=_("the pairing code shown on the hall's Two laptops page")
    )
    command.add_argument("--name", default=socket.gethostname(), help=_("this laptop's name"))
    command.add_argument(
        "--listen",
        default="0.0.0.0:8000",
        type=listen_address,  # noqa: S104
        metavar=_("ADDRESS:PORT"),
        help=_("where to listen (default %(default)s)"),
    )
    command.add_argument("--backups", metavar=_("FOLDER"), help=_("the backups folder"))
    text = _("Make this standby laptop the hall, now (the hall laptop is dead).")
    commands.add_parser("takeover", help=text, description=text)


def own_origin(listen: str) -> str:
    """This laptop's address for the phones, as ``hall`` sets it (before Django is set up)."""
    from whistdirector import network

    host, _colon, port = listen.rpartition(":")
    addresses = network.lan_addresses()
    phones = [] if is_loopback(host) else addresses if host in EVERY_NETWORK else [host]
    os.environ["WHIST_HALL_HOSTS"] = ",".join(network.hall_hosts(addresses))
    os.environ.setdefault("WHIST_PUBLIC_URL", network.hall_url(phones, int(port)))
    return os.environ["WHIST_PUBLIC_URL"]


def standby(options, hall, setup) -> None:
    """Pair (with ``--code``), copy every event, then serve as the standby (``hall``)."""
    origin = own_origin(options.listen)
    setup("hall")
    from django.core.management import call_command

    from tournaments.publishing import standby_follower
    from tournaments.services import standby as laptops
    from tournaments.services import standby_received

    call_command("migrate", interactive=False, verbosity=0)
    if options.code:
        try:
            standby_follower.pair(options.hall, options.code, name=options.name, origin=origin)
        except (OSError, ValueError, standby_follower.KeyRefused) as error:
            raise ConfigurationError(
                _("The hall refused the pairing: %(error)s") % {"error": error}
            ) from None
    if laptops.role().role != "standby":
        raise ConfigurationError(_("This laptop is not paired: give the hall's pairing code."))
    while standby_follower.follow_once(wait=0):
        pass  # every event in play, before the first page is served
    standby_received.apply()
    say(_("Paired with the hall at %(hall)s: this laptop follows it.") % {"hall": options.hall})
    hall(options.listen)


def takeover(setup) -> None:
    setup("hall")
    from tournaments.rules.errors import RulesError
    from tournaments.services import standby_received

    try:
        standby_received.take_over()  # what the standby received, applied first
    except RulesError as error:
        raise ConfigurationError(error.message) from None
    say(_("This laptop is the hall now: phones, the projector and the leader continue here."))


def start_feed(listen: str) -> None:
    """The door the standby asks through: a small server of its own on another port of this
    laptop (``/standby.json`` names it), so the standby's asks never queue behind the phones'
    saves, which wait for those very asks while a standby answers."""
    import threading

    import waitress

    from tournaments.services import standby_sync
    from whistdirector.wsgi import application

    host = listen.rpartition(":")[0] or "0.0.0.0"  # noqa: S104 - as the hall listens
    feed = waitress.create_server(application, host=host.strip("[]"), port=0, threads=2)
    standby_sync.FEED["port"] = feed.effective_port
    threading.Thread(target=feed.run, name="standby-feed", daemon=True).start()


def start_followers() -> None:
    """On a standby, the follower; on a hall, the fence (looked at once before serving, so a
    hall restarted after a takeover refuses writes from its first request; it keeps looking,
    as a standby may be paired while the hall runs)."""
    from tournaments.publishing import fencing, standby_follower
    from tournaments.services import standby as laptops

    role = laptops.role().role
    if role == "standby":
        standby_follower.start()
    elif role == "hall" and not fencing.look_once():
        fencing.start()


def run(options, *, hall, setup) -> None:
    """``hall`` and ``setup``: the launcher's own (it imports this module)."""
    if options.command == "takeover":
        takeover(setup)
    else:
        standby(options, hall, setup)
