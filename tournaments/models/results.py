"""Hand results as the tables played them, and the flags the leader loaned a table that ran dry.

Standings and flag balances are derived from these rows (``tournaments.rules``), never stored.
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .events import Event, Hand

TRICKS_VALIDATORS = [MinValueValidator(0), MaxValueValidator(13)]


class HandResult(models.Model):
    """The visitors' tricks at one host table in one hand, as played and after revokes."""

    # No index of their own: (event, hand) and (hand, host_table) lead with them, and every
    # index costs each of a whole hand's 250 new rows.
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="results", db_index=False
    )
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="results", db_index=False)
    host_table = models.PositiveSmallIntegerField()
    visitor_table = models.PositiveSmallIntegerField()
    tricks_played = models.PositiveSmallIntegerField(validators=TRICKS_VALIDATORS)
    visitor_revokes = models.PositiveSmallIntegerField(default=0)
    host_revokes = models.PositiveSmallIntegerField(default=0)
    visitor_tricks = models.PositiveSmallIntegerField(validators=TRICKS_VALIDATORS)
    version = models.PositiveIntegerField(default=1)
    # The event's revision when this row was last written: a standby that holds revision R is
    # sent only the rows above R (``archive.feed.changes_since``), not its hands' 250 results.
    revision = models.PositiveIntegerField(default=0)
    entered_by = models.CharField(max_length=150, blank=True, help_text=_("User name."))
    entered_at = models.DateTimeField()

    class Meta:
        ordering = ["hand__number", "host_table"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "host_table"], name="one_result_per_table"),
            models.CheckConstraint(condition=Q(tricks_played__lte=13), name="played_0_to_13"),
            models.CheckConstraint(condition=Q(visitor_tricks__lte=13), name="tricks_0_to_13"),
            models.CheckConstraint(
                condition=~Q(host_table=F("visitor_table")), name="no_visit_to_own_table"
            ),
        ]
        indexes = [models.Index(fields=["event", "hand"])]

    def __str__(self) -> str:
        return f"Hand {self.hand.number}, table {self.host_table}: {self.visitor_tricks}"


class Loan(models.Model):
    """Flags the leader loaned a host table that ran dry; rebuilt with the day's results."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="loans")
    day = models.PositiveSmallIntegerField()
    hand = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    flags = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["event", "day", "hand", "table"]
        constraints = [
            models.UniqueConstraint(fields=["event", "hand", "table"], name="one_loan_per_hand"),
            models.CheckConstraint(condition=Q(flags__gte=1), name="loan_positive"),
        ]

    def __str__(self) -> str:
        return ngettext(
            "Hand %(hand)s: %(flags)s flag loaned to table %(table)s",
            "Hand %(hand)s: %(flags)s flags loaned to table %(table)s",
            self.flags,
        ) % {"hand": self.hand, "flags": self.flags, "table": self.table}
