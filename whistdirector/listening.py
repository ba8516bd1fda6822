"""Where the app listens: the ``--listen`` address as the command line reads it, whether a host
is this computer only, and the waitress server bound there; a port that cannot be had is a
configuration error worded in the leader's language (``tournaments.cli.words``).
"""

from __future__ import annotations

import argparse
import errno
import ipaddress

from tournaments.cli.words import gettext as _
from whistdirector import server
from whistdirector.config import ConfigurationError


def listen_address(text: str) -> str:
    """``--listen``: address:port, as waitress reads it."""
    host, colon, port = text.strip().rpartition(":")
    if not colon or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(
            _("write the address and port as 0.0.0.0:8000 or 127.0.0.1:8000, not %(text)r")
            % {"text": text}
        )
    return f"{host}:{int(port)}"


def is_loopback(host: str) -> bool:
    if host.strip("[]") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def listen_problem(listen: str, error: OSError) -> str:
    host, _colon, port = listen.rpartition(":")
    values = {"listen": listen, "host": host or "0.0.0.0", "port": port}  # noqa: S104
    values["other"] = int(port) + 1
    values["problem"] = error.strerror or str(error)
    if error.errno == errno.EADDRINUSE:
        text = _(
            "Port %(port)s is already in use, perhaps by another whist-director: stop that one, "
            "or choose another port with --listen %(host)s:%(other)s."
        )
    elif error.errno == errno.EADDRNOTAVAIL or error.errno is None:
        text = _(
            "Cannot listen on %(listen)s: %(host)s is not an address of this computer. Use "
            "0.0.0.0:%(port)s for every network, or 127.0.0.1:%(port)s for this computer only."
        )
    else:
        text = _("Cannot listen on %(listen)s (%(problem)s): choose another port, such as 8000.")
    return text % values


def listen_on(listen: str, *, behind_proxy: bool = False):
    """The production server, bound and ready to run; threads serve the phones while the leader
    saves (``server.options``). A port in use is a configuration error, said in one line."""
    import waitress

    from whistdirector.wsgi import application

    try:
        created = waitress.create_server(
            application, listen=listen, **server.options(behind_proxy=behind_proxy)
        )
    except OSError as error:
        raise ConfigurationError(listen_problem(listen, error)) from None
    server.derive_first()
    server.prepare_process()
    return created
