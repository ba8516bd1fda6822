"""A day's (or session's) close: who closed it, each table's flags then, and the verifiers' counts
typed on the close page before it closes."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .events import Event


class DayClose(models.Model):
    """A closed session or day: who closed it, when, and why any mismatch was accepted."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="closes")
    day = models.PositiveSmallIntegerField()
    session = models.PositiveSmallIntegerField(
        default=0, help_text=_("0 when the whole day closed.")
    )
    closed_by = models.CharField(max_length=150, blank=True)
    closed_at = models.DateTimeField()
    override_note = models.TextField(blank=True)

    class Meta:
        ordering = ["event", "day", "session"]
        constraints = [
            models.UniqueConstraint(fields=["event", "day", "session"], name="close_once"),
        ]

    def __str__(self) -> str:
        values = {"event": self.event, "day": self.day, "session": self.session}
        if self.session:
            return gettext("%(event)s day %(day)s session %(session)s closed") % values
        return gettext("%(event)s day %(day)s closed") % values


class DayRecord(models.Model):
    """A table's flags when a day (or session) closed: computed and physically counted."""

    close = models.ForeignKey(DayClose, on_delete=models.CASCADE, related_name="records")
    table = models.PositiveSmallIntegerField()
    on_table = models.PositiveSmallIntegerField()
    loans = models.PositiveSmallIntegerField()
    net_flags = models.SmallIntegerField()
    physical_count = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["close", "table"]
        constraints = [
            models.UniqueConstraint(fields=["close", "table"], name="one_record_per_table"),
        ]

    def __str__(self) -> str:
        return f"Table {self.table}: net {self.net_flags}"


class DraftCount(models.Model):
    """A verifiers' count typed on the close page and not yet closed, kept through a reload.

    When a closed day is reopened, the counts recorded at its close come back as drafts with
    ``closed_on_table``, what the results gave then: a table whose results changed since is
    asked again, every other count stands."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="draft_counts")
    day = models.PositiveSmallIntegerField()
    session = models.PositiveSmallIntegerField(default=0)
    table = models.PositiveSmallIntegerField()
    count = models.PositiveSmallIntegerField()
    closed_on_table = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["event", "day", "session", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "day", "session", "table"], name="one_draft_per_table"
            ),
        ]

    def __str__(self) -> str:
        return f"Day {self.day} table {self.table}: counted {self.count}"
