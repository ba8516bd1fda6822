"""Results from the tables' phones: each table's secret entry address and the entries it sent."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .events import Event
from .results import TRICKS_VALIDATORS


class TableToken(models.Model):
    """A table's secret entry address: whoever holds it enters that table's results.

    Stored in clear because it is printed on the table's card; revoked (never deleted) when
    the leader issues a new one, so an old card is refused with a clear message.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="table_tokens")
    table = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True)
    issued_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "table", "-issued_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "table"],
                condition=Q(revoked_at__isnull=True),
                name="one_live_token_per_table",
            ),
        ]

    def __str__(self) -> str:
        state = "revoked" if self.revoked_at else "live"
        return f"{self.event} table {self.table} entry token ({state})"


class SubmissionStatus(models.TextChoices):
    COUNTED = "counted", _("Counted")
    WAITING = "waiting", _("Waiting for the leader")
    ACCEPTED = "accepted", _("Accepted by the leader")
    REPLACED = "replaced", _("Replaced")


class TableSubmission(models.Model):
    """One confirmed entry sent by a table's phone, under the id the phone made for it.

    The id makes a retried send harmless: the same id is answered from this row and never
    recorded twice, even when the phone resends it from its journal after a restore. In
    events where table entries wait, the entry waits here until a leader accepts it.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="table_submissions")
    table = models.PositiveSmallIntegerField(help_text=_("The host table that sent it."))
    hand = models.PositiveSmallIntegerField()
    phone_id = models.CharField(max_length=64)
    tricks_played = models.PositiveSmallIntegerField(validators=TRICKS_VALIDATORS)
    visitor_revokes = models.PositiveSmallIntegerField(default=0)
    host_revokes = models.PositiveSmallIntegerField(default=0)
    visitor_tricks = models.PositiveSmallIntegerField(validators=TRICKS_VALIDATORS)
    status = models.CharField(max_length=10, choices=SubmissionStatus)
    # Sent again by the phone from its journal (the hall had lost it): the leader's waiting list
    # names it "resent by table N".
    resent = models.BooleanField(default=False)
    received_at = models.DateTimeField()
    # The event's revision when this row was last written (as ``HandResult.revision``).
    revision = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["event", "hand", "table", "received_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "table", "phone_id"], name="one_submission_per_phone_id"
            ),
        ]
        indexes = [models.Index(fields=["event", "hand", "status"])]

    def __str__(self) -> str:
        return f"Hand {self.hand}, table {self.table}: {self.visitor_tricks} ({self.status})"
