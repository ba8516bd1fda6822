"""Who may do what beyond staff: an event's leaders and assistants, a season's coordinators, and
the helpers' phones let into the leader's pages in the hall."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .events import Event
from .seasons import Season


class Role(models.TextChoices):
    LEADER = "leader", _("Leader")
    ASSISTANT = "assistant", _("Assistant")


class EventRole(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    role = models.CharField(max_length=10, choices=Role)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="one_role_per_user")]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} of {self.event}"


class SeasonRole(models.Model):
    """A season's coordinator: leads every event of the season without being staff."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "user"], name="one_coordinator_role"),
        ]

    def __str__(self) -> str:
        return f"{self.user} — coordinator of {self.season}"


class HallDevice(models.Model):
    """A helper's phone let into the leader's pages in the hall. The leader issues a one-time
    ``code`` on the laptop; typed on the phone within minutes, it becomes the device's secret
    ``token`` (kept in a signed cookie, and the phone's login is bound to it). Removing the row
    shuts the device out again."""

    code = models.CharField(max_length=8, blank=True)  # cleared once used
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    issued_at = models.DateTimeField()
    token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    label = models.CharField(max_length=120, blank=True)  # the phone's browser, as it said
    admitted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-issued_at"]

    def __str__(self) -> str:
        return f"hall device {self.pk} ({'admitted' if self.admitted_at else 'code issued'})"
