"""Persistence for publishing an event from the hall to the province (DESIGN §5, Followers).

On the province's installation: the keys that allow publishing one event, the copy's state
(which hall publishes it and up to which of the hall's revisions) and a log line per
publication. On the hall's laptop: where an event is published, with which key, and how far
the sending got (the leader's status line reads it).
"""

from __future__ import annotations

from django.db import models

from .events import Event


class PublishingKey(models.Model):
    """Province: a key that allows one thing, publishing ``event`` from its hall. Only the
    key's SHA-256 is kept: the key itself is shown once, when it is issued."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="publishing_keys")
    digest = models.CharField(max_length=64, unique=True)
    hint = models.CharField(max_length=8)  # the key's first characters, to tell keys apart
    issued_by = models.CharField(max_length=150, blank=True)
    issued_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-issued_at"]

    def __str__(self) -> str:
        return f"publishing key {self.hint}… of {self.event_id}"


class PublishedCopy(models.Model):
    """Province: the event is a copy published from a hall, identified by ``source`` (the
    id of the hall's copy), and holds the hall's ``revision``. Only publishing writes it.
    ``refused_at``: when a publication of another hall's copy was last refused."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="published_copy")
    source = models.CharField(max_length=64)
    revision = models.PositiveIntegerField(default=0)
    changed_at = models.DateTimeField()
    refused_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"published copy of {self.event_id} at revision {self.revision}"


class PublicationLog(models.Model):
    """Province: one publication received and applied (its revisions, time and size)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="publications")
    base = models.PositiveIntegerField()
    revision = models.PositiveIntegerField()
    size = models.PositiveIntegerField()  # bytes as they arrived (compressed, when they were)
    received_at = models.DateTimeField()

    class Meta:
        ordering = ["-received_at"]

    def __str__(self) -> str:
        return f"publication of {self.event_id}: {self.base} -> {self.revision}"


class PublishTarget(models.Model):
    """Hall: ``event`` is published to ``url`` with ``key``. ``source`` names this laptop's
    copy of the event (made once); ``sent_revision`` is the revision the province holds.
    ``succeeds``: on a standby that took over, the hall's copy it carries on, until the
    province has taken its first publication."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="publish_target")
    url = models.CharField(max_length=300)
    key = models.CharField(max_length=100)  # a secret of this laptop: never exported
    source = models.CharField(max_length=64)
    sent_revision = models.PositiveIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True)
    failing_since = models.DateTimeField(null=True, blank=True)
    stopped = models.BooleanField(default=False)  # a refusal that resending cannot mend
    succeeds = models.CharField(max_length=64, blank=True)

    def __str__(self) -> str:
        return f"{self.event_id} published to {self.url}"
