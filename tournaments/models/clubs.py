"""Clubs whose teams play across events and seasons, and which club each event's team plays for."""

from __future__ import annotations

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .events import Event


class Club(models.Model):
    """A club whose teams play across events and seasons (matched by name and players)."""

    name = models.CharField(_("club"), max_length=80)
    key = models.CharField(max_length=80, db_index=True)  # rules.clubs.club_key(name)
    slug = models.SlugField(max_length=90, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "slug"]
        verbose_name = _("club")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:club", args=[self.slug])


class ClubMatch(models.TextChoices):
    LINKED = "linked", _("Came from a linked event")
    SAME = "same", _("Same club name and players")
    NEW = "new", _("A new club")
    PROPOSED = "proposed", _("Waiting for the leader")
    CONFIRMED = "confirmed", _("Confirmed by the leader")


class ClubEntry(models.Model):
    """The team named ``team`` in ``event`` plays for ``club``; a ``proposed`` entry waits
    for a leader's word and counts nowhere until then."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="club_entries")
    team = models.CharField(max_length=80)
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="entries")
    match = models.CharField(max_length=10, choices=ClubMatch)
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["event", "team"]
        constraints = [
            models.UniqueConstraint(fields=["event", "team"], name="one_club_per_team"),
        ]
        indexes = [models.Index(fields=["club", "match"])]

    def __str__(self) -> str:
        return f"{self.team} ({self.event}): {self.club} [{self.match}]"
