"""Playoffs for tied places: each tied group, its bye draw, and its hands' results."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from .events import Event
from .results import TRICKS_VALIDATORS


class PlayoffGroup(models.Model):
    """A tied group's playoff: the tied tables, the A players' bye draw and its seed.

    ``draw`` holds the rounds of cards as text ({"3": "QH"}; later rounds are redraws among
    equal cards); ``draw_seed`` is set when the tool drew at random, so the draw can be
    repeated. Places are never stored: they follow from the recorded hands.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="playoffs")
    rank = models.PositiveSmallIntegerField(_("shared rank"))
    total = models.SmallIntegerField(_("tied total"))
    tables = models.JSONField(_("tied tables"))
    draw = models.JSONField(_("bye draw"), default=list, blank=True)
    draw_seed = models.BigIntegerField(_("random draw seed"), null=True, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["event", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["event", "rank"], name="one_playoff_per_rank"),
        ]

    def __str__(self) -> str:
        return f"{self.event} playoff for rank {self.rank}"


class PlayoffHandResult(models.Model):
    """One playoff hand: the first team's A and B pair took ``first_tricks`` of 13."""

    group = models.ForeignKey(PlayoffGroup, on_delete=models.CASCADE, related_name="hands")
    match = models.PositiveSmallIntegerField(_("hand of the playoff"))
    first_table = models.PositiveSmallIntegerField()
    second_table = models.PositiveSmallIntegerField()
    first_tricks = models.PositiveSmallIntegerField(validators=TRICKS_VALIDATORS)
    trump_cut = models.CharField(_("director's trump cut"), max_length=3, blank=True)
    dealer_cut = models.JSONField(_("cut for the deal"), default=list, blank=True)
    version = models.PositiveIntegerField(default=1)
    entered_by = models.CharField(max_length=150, blank=True)
    entered_at = models.DateTimeField()

    class Meta:
        ordering = ["group", "match"]
        constraints = [
            models.UniqueConstraint(fields=["group", "match"], name="one_result_per_playoff_hand"),
            models.CheckConstraint(
                condition=Q(first_tricks__lte=13), name="playoff_tricks_0_to_13"
            ),
            models.CheckConstraint(
                condition=~Q(first_table=F("second_table")), name="playoff_two_teams"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.group} hand {self.match}: {self.first_tricks}"
