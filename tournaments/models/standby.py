"""Two laptops in one hall (DESIGN §5, Followers; issue 39): the hall and its standby.

On every laptop: what it is now (``LaptopRole``, one row): the hall, a standby following a
hall, or a hall a standby replaced. On the hall: the one-time pairing codes the leader shows
and the paired standby, known by the SHA-256 of its key (the key itself stays on the standby).
"""

from __future__ import annotations

from django.db import models


class LaptopRole(models.Model):
    """This laptop's role (one row, pk 1). ``hall``: for a standby, the hall it follows; for a
    replaced hall, the standby that took over. ``key``: a standby's key to its hall."""

    HALL, STANDBY, REPLACED = "hall", "standby", "replaced"

    role = models.CharField(max_length=10, default=HALL)
    hall = models.CharField(max_length=300, blank=True)
    key = models.CharField(max_length=100, blank=True)  # a secret of this laptop: never exported
    since = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"this laptop: {self.role}"


class StandbyPairing(models.Model):
    """Hall: a pairing code the leader was shown (its SHA-256 only), good for ten minutes, once."""

    digest = models.CharField(max_length=64, unique=True)
    issued_by = models.CharField(max_length=150, blank=True)
    issued_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"standby pairing code of {self.issued_at:%H:%M}"


class PairedStandby(models.Model):
    """Hall: the standby paired with it (the newest pairing replaces the one before)."""

    name = models.CharField(max_length=100)
    origin = models.CharField(max_length=300)
    digest = models.CharField(max_length=64, unique=True)
    paired_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"standby {self.name} at {self.origin}"
