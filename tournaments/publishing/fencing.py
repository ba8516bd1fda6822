"""The hall's fence: at start and every few seconds, the hall asks its paired standby's
``/standby.json``; once the standby says it took over (role "hall", since after the pairing),
this laptop is "replaced" and refuses every write from then on, naming the standby. Takeover
is a person's step on the standby; the standby never takes over by itself, so two halls exist
only when a person made the second, and the first then steps aside at its next look.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import urllib.request
from datetime import datetime

from django.db import DatabaseError, close_old_connections

from ..models import Event, LaptopRole
from ..services import standby

log = logging.getLogger(__name__)

PACE = 3.0  # seconds between looks at the standby


def look_once(timeout: float = 2.0) -> bool:
    """Ask the paired standby once; True when this laptop is (now) replaced."""
    now = standby.role()
    if now.role == LaptopRole.REPLACED:
        return True
    peer = standby.paired()
    if now.role != LaptopRole.HALL or peer is None:
        return False
    try:
        request = urllib.request.Request(peer.origin.rstrip("/") + "/standby.json")  # noqa: S310
        with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310
            said = json.loads(answer.read(10_000))
        since = datetime.fromisoformat(said["since"]) if said.get("since") else None
    except (OSError, ValueError, TypeError, AttributeError):
        return False  # a standby away: the hall goes on alone
    # A standby is one before it asks for its key, so a laptop that says "hall" with a role
    # change behind it took over: no clocks of the two laptops are compared.
    if said.get("role") != LaptopRole.HALL or since is None:
        return False
    standby.replaced_by(standby=peer.origin, since=since)
    for event in Event.objects.all():
        standby.announce(event)  # the open pages learn where to go (hall.json)
    return True


def _run() -> None:
    while True:
        close_old_connections()
        try:
            if look_once():
                return
        except DatabaseError as error:
            log.warning("fencing: %s", error)
        time.sleep(PACE)


def start() -> threading.Thread:
    thread = threading.Thread(target=_run, name="hall-fence", daemon=True)
    thread.start()
    return thread
