"""The audit log: who changed what and when."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .events import Event


class AuditEntry(models.Model):
    """Who changed what and when; results keep their old and new values here.

    Users are kept by name (not a foreign key) so an event archive carries them to another
    installation unchanged.
    """

    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="audit"
    )
    actor = models.CharField(
        max_length=150, blank=True, help_text=_("User name, or blank for the command line.")
    )
    at = models.DateTimeField()
    action = models.CharField(max_length=40)
    target = models.CharField(max_length=120, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["event", "action", "target"])]
        verbose_name_plural = _("audit entries")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.target}"
