"""A published event is written by its hall alone (issue 40): on the province, every write to
it is refused with the reason, where every write takes the event's lock (``locks``), but the
publishing's own (``publication``), which runs inside ``applying``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.utils import timezone
from django.utils.formats import time_format

from ..rules.errors import RulesError, gettext_noop

_applying: ContextVar[bool] = ContextVar("publishing", default=False)


@contextmanager
def applying() -> Iterator[None]:
    """The writes made inside are the hall's publication, not a write of the province's."""
    token = _applying.set(True)
    try:
        yield
    finally:
        _applying.reset(token)


def refuse_published(revision: int, changed_at) -> None:
    """Refuse a write to an event published from its hall (``lock_event`` found its copy at
    ``revision``, last changed ``changed_at``), unless it is the publishing's own."""
    if not _applying.get():
        raise RulesError(
            gettext_noop(
                "This event is published from the hall, last change %(time)s, revision "
                "%(revision)s: change it on the hall's laptop."
            ),
            time=time_format(timezone.localtime(changed_at), "H:i"),
            revision=revision,
        )
