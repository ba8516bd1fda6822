"""The hall's sender: every change of each published event, in order, to the province, whenever
the network answers.

It runs in a thread of its own (started by ``hall``, or by ``publish --follow``), so a save's
answer never waits for it: it looks at the events' revisions once a second and, for an event
the province is behind on, sends one change from the revision the province holds to the
current one (``archive.feed``), at most one every ``GAP`` seconds (what was saved meanwhile
goes in the next one). The province answers with the revision it then holds, or with
the one it needs (the sender resends from there). A network that does not answer is tried
again after 1, 2, 3, then every 5 seconds; a refusal that resending cannot mend (a revoked key,
another hall's copy) stops the sending until the leader runs ``publish`` again. What happened
last is kept on the event's target for the leader's status line (``status``).

Only the hall publishes: a standby holds its hall's targets (``services.standby_publishing``)
and sends nothing until it takes over; a hall that was replaced stops for good.
"""

from __future__ import annotations

import gzip
import json
import logging
import threading
import time
import urllib.error
import urllib.request

from django.db import DatabaseError, connection
from django.utils import timezone

from ..archive.feed import changes_since
from ..models import Event, LaptopRole, PublishTarget
from ..rules.errors import gettext_noop
from ..services import standby
from ..services.locks import write_transaction
from .target import endpoint

log = logging.getLogger(__name__)

PACE = 1.0  # seconds between looks at the events' revisions
GAP = 2.0  # seconds from one publication of an event to the next: a change takes 50 ms to build
BACKOFF = (1, 2, 3, 5)  # seconds before the next try after failures in a row: a province
# back on line gets the changes within seconds, and a try that fails costs one small request
TIMEOUT = 30  # seconds a publication may take to send and be answered
NO_INTERNET = gettext_noop("no internet")
KEY_REFUSED = gettext_noop("the province refused the key (revoked, or another event's)")
REFUSED = gettext_noop("the province refused the change")
STOPPED = gettext_noop("the province refused this laptop's copy")
BEHIND = gettext_noop("this laptop is behind the province (an older archive restored?)")
REPLACED = gettext_noop("this laptop was replaced by its standby, which publishes from now on")


def _record(target: PublishTarget, **values) -> None:
    """Keep the sending's state (a small write, queued with the saves of this process)."""
    with write_transaction():
        PublishTarget.objects.filter(pk=target.pk).update(**values)
    for field, value in values.items():
        setattr(target, field, value)


def _failed(target: PublishTarget, error: str, **values) -> None:
    since = target.failing_since or timezone.now()
    _record(target, error=error[:300], failing_since=since, **values)


def _post(url: str, key: str, body: bytes) -> tuple[int, dict]:
    request = urllib.request.Request(  # noqa: S310 - target.checked_url: http(s) only
        url,
        data=gzip.compress(body, compresslevel=6),
        method="POST",
        headers={
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
            "Content-Encoding": "gzip",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:  # noqa: S310 - checked URL
            return answer.status, json.loads(answer.read(1_000_000) or b"{}")
    except urllib.error.HTTPError as answer:
        try:
            return answer.code, json.loads(answer.read(1_000_000) or b"{}")
        except ValueError:
            return answer.code, {}


def send_once(target: PublishTarget) -> str:
    """One step of publishing ``target``'s event: "sent", "idle" (nothing to send), "resend"
    (the province holds another revision: send from there), "stopped" or "failed" (try
    again later)."""
    if target.stopped:
        return "stopped"
    now = standby.role().role
    if now == LaptopRole.STANDBY:
        return "idle"  # its hall publishes; this laptop carries on after a takeover
    if now == LaptopRole.REPLACED:
        _failed(target, REPLACED, stopped=True)
        return "stopped"
    event = Event.objects.get(pk=target.event_id)
    if event.revision == target.sent_revision:
        return "idle"
    if target.sent_revision > event.revision:
        _failed(target, BEHIND, stopped=True)
        return "stopped"
    change = changes_since(event, target.sent_revision, source=target.source)
    if target.succeeds:  # the first publication after a takeover: the hall's copy carried on
        change["succeeds"] = target.succeeds
    body = json.dumps(change, ensure_ascii=False, separators=(",", ":")).encode()
    try:
        status, answer = _post(endpoint(target, event.slug), target.key, body)
    except (OSError, ValueError) as error:  # URLError, a timeout, a reset: the network
        _failed(target, NO_INTERNET)
        log.info("publishing %s: %s", event.slug, error)
        return "failed"
    message = str(answer.get("error", ""))[:200]
    if status == 200 and answer.get("revision") == change["revision"]:
        _record(
            target,
            sent_revision=change["revision"],
            sent_at=timezone.now(),
            error="",
            failing_since=None,
            succeeds="",
        )
        return "sent"
    if status == 409 and type(answer.get("needs")) is int:
        # The province holds another revision than the sender thought: resend from there.
        _record(target, sent_revision=answer["needs"], error="")
        return "resend"
    if status == 403:
        _failed(target, KEY_REFUSED, stopped=True)
        return "stopped"
    if status == 409:
        _failed(target, f"{STOPPED}: {message}", stopped=True)
        return "stopped"
    _failed(target, f"{REFUSED}: {message}" if message else f"{REFUSED} ({status})")
    return "failed"


class Sender:
    """The thread that publishes every target, each at its own pace."""

    def __init__(self) -> None:
        self.thread: threading.Thread | None = None
        self.failures: dict[int, int] = {}  # failures in a row, by target
        self.next_try: dict[int, float] = {}
        # Each published event's target as the last round left it, by event: the leader's
        # status line reads it here, so a page costs no query for it.
        self.known: dict[int, PublishTarget] = {}
        self.lock = threading.Lock()

    def start(self) -> None:
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self.run, name="publishing", daemon=True)
                self.thread.start()

    def run(self) -> None:
        while True:
            try:
                self.round()
            except DatabaseError:
                connection.close()  # a database that was busy or away: a fresh connection
            except Exception:  # noqa: BLE001 - the sender must outlive any one failure
                log.exception("publishing")
            time.sleep(PACE)

    def round(self) -> None:
        """Send what each target's province is behind on, those not waiting for a retry."""
        if standby.role().role == LaptopRole.STANDBY:
            self.known = {}  # the hall's targets, kept for a takeover: not this laptop's yet
            return
        now = time.monotonic()
        targets = list(PublishTarget.objects.exclude(key=""))  # a stopped one keeps no key
        self.known = {target.event_id: target for target in targets}
        for target in targets:
            if target.stopped or self.next_try.get(target.pk, 0) > now:
                continue
            outcome = send_once(target)
            for _step in range(5):  # the province holds another revision: from there at once
                if outcome != "resend":
                    break
                outcome = send_once(target)
            if outcome == "failed":
                failures = self.failures.get(target.pk, 0)
                self.failures[target.pk] = failures + 1
                self.next_try[target.pk] = now + BACKOFF[min(failures, len(BACKOFF) - 1)]
            else:
                self.failures.pop(target.pk, None)
                # Changes saved meanwhile wait for the next publication, a moment later: a
                # busy hand's saves make one publication every GAP seconds, not one each.
                self.next_try[target.pk] = now + (GAP if outcome == "sent" else 0)


sender = Sender()


def start() -> None:
    """Publish in the background of this process (the hall server)."""
    sender.start()
