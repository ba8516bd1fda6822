"""A province's season and the links between its levels: the events (and their teams) a
next-level event came from."""

from __future__ import annotations

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .events import Event


class Season(models.Model):
    """A province's season: its area, zone and provincial events, on one installation.

    ``revision`` moves with every write to any of its events (services/audit.py, the one
    place), so what a season page shows is derived again after any of them changes. Seasons are
    never deleted (their events protect them), so the sum of their revisions only grows.
    """

    name = models.CharField(_("season"), max_length=120, unique=True)
    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    year = models.PositiveSmallIntegerField(_("year"))
    revision = models.PositiveIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-year", "name"]
        verbose_name = _("season")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:season", args=[self.slug])


class EventSource(models.Model):
    """An event a next-level event came from, in the order its zones were given.

    Kept by short name, not by key, so an archive brings its links to another installation
    where the source events may not be (yet).
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sources")
    position = models.PositiveSmallIntegerField()
    source_slug = models.SlugField(max_length=60)

    class Meta:
        ordering = ["event", "position"]
        constraints = [
            models.UniqueConstraint(fields=["event", "position"], name="one_source_per_position"),
            models.UniqueConstraint(fields=["event", "source_slug"], name="each_source_once"),
        ]

    def __str__(self) -> str:
        return f"{self.event} from {self.source_slug}"


class TeamSource(models.Model):
    """Where a next-level event's team came from: the source event, its place and table there.

    Kept by the team's name (unique in its event), so re-imported teams and moved tables keep
    their links.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="team_sources")
    team = models.CharField(max_length=80)
    source_slug = models.SlugField(max_length=60)
    place = models.PositiveSmallIntegerField()
    source_table = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["event", "source_slug", "place"]
        constraints = [
            models.UniqueConstraint(fields=["event", "team"], name="one_source_per_team"),
        ]

    def __str__(self) -> str:
        return f"{self.team}: place {self.place} of {self.source_slug}"
