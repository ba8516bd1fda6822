"""Where the hall publishes an event, and with which key: set by ``manage.py publish`` (and
kept in the hall's database, never in an archive: the key is a secret of this laptop and of
its paired standby, which a change of the target reaches at once)."""

from __future__ import annotations

import uuid
from urllib.parse import urlsplit

from ..links import is_loopback
from ..models import Event, PublishTarget
from ..rules.errors import RulesError, gettext_noop
from ..services.audit import bump_revision
from ..services.locks import lock_event, write_transaction

KEY_LONGEST = 100


def checked_url(url: str) -> str:
    """The province's address as the hall keeps it: HTTPS, or HTTP on this machine alone."""
    parts = urlsplit(url.strip())
    host = parts.hostname or ""
    if parts.scheme not in ("http", "https") or not host:
        raise RulesError(
            gettext_noop("%(url)r is not a web address such as https://whist.example.org"),
            field="to",
            url=url,
        )
    if parts.scheme != "https" and not is_loopback(url.strip()):
        raise RulesError(
            gettext_noop(
                "Publishing needs HTTPS (https://%(host)s): the key and the results would "
                "cross the internet in clear."
            ),
            field="to",
            host=host,
        )
    if parts.query or parts.fragment:
        raise RulesError(gettext_noop("The address takes no query string."), field="to")
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def target_set(event: Event, url: str, key: str) -> PublishTarget:
    """Publish ``event`` to ``url`` with ``key`` from now on. Another province starts from
    nothing; the same one resumes where it was. A refusal that stopped the sending is
    cleared (a new key, or the leader's decision to try again)."""
    url = checked_url(url)
    key = key.strip()
    if not key or len(key) > KEY_LONGEST or any(c.isspace() for c in key):
        raise RulesError(
            gettext_noop("The publishing key is not one a province issues."), field="key"
        )
    with write_transaction():
        lock_event(event)
        target = PublishTarget.objects.filter(event=event).first()
        if target is None:
            target = PublishTarget(event=event, source=uuid.uuid4().hex)
        if target.url != url:
            target.sent_revision, target.sent_at = 0, None
        target.url, target.key = url, key
        target.error, target.failing_since, target.stopped = "", None, False
        target.save()
        bump_revision(event)  # the standby learns of it now, not at the next result
    return target


def target_remove(event: Event) -> bool:
    """Stop publishing ``event`` (the province keeps what it has). The key goes; the row
    stays, keyless, so publishing again to that province resumes as the same hall's copy
    (a new copy would be refused there as another hall's)."""
    with write_transaction():
        lock_event(event)
        removed = (
            PublishTarget.objects.filter(event=event)
            .exclude(key="")
            .update(key="", error="", failing_since=None, stopped=False)
        )
        if removed:
            bump_revision(event)
    return bool(removed)


def endpoint(target: PublishTarget, slug: str) -> str:
    return f"{target.url}/events/{slug}/publish/"


def host_of(target: PublishTarget) -> str:
    return urlsplit(target.url).netloc
