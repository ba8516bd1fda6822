"""An event and what it is played with: its settings, its teams at their home tables, and the
rotation's hands (each hand's trump and moves).

Standings and flag balances are never stored as running counters: they are derived from
``HandResult`` rows by ``tournaments.rules``. ``Event.revision`` only says "results or the
rotation changed", so cached standings can be keyed by it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..rules.types import FlagSettings, Pair, Trump

# The suits' names live in rules/ (pure Python); pages translate them through these entries.
SUIT_NAMES = (
    gettext_noop("Hearts"),
    gettext_noop("Spades"),
    gettext_noop("Diamonds"),
    gettext_noop("Clubs"),
    gettext_noop("No trump"),
)


class Level(models.TextChoices):
    AREA = "area", _("Area")
    ZONE = "zone", _("Zone")
    PROVINCIAL = "provincial", _("Provincial")
    CLUB = "club", _("Club")


class Event(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), unique=True, max_length=60)
    level = models.CharField(_("level"), max_length=12, choices=Level, default=Level.CLUB)
    starts_on = models.DateField(_("first day"), null=True, blank=True)
    tables = models.PositiveSmallIntegerField(_("tables"))
    # Up to 30 days of up to 999 hands ("30,20").
    hands_per_day = models.CharField(_("hands per day"), max_length=150, default="30")
    pattern = models.CharField(_("rotation pattern"), max_length=30, default="standard")
    trumps = models.CharField(_("trump sequence"), max_length=60, default="H,S,D,C")
    alternate_pairs = models.BooleanField(_("travelling pair alternates AB, XY"), default=False)
    flags_per_table = models.PositiveSmallIntegerField(_("flags per table"), default=12)
    one_flag_at = models.PositiveSmallIntegerField(_("tricks for 1 flag"), default=7)
    two_flags_at = models.PositiveSmallIntegerField(_("tricks for 2 flags"), default=10)
    revoke_penalty = models.PositiveSmallIntegerField(_("tricks per revoke"), default=2)
    playoff_places = models.PositiveSmallIntegerField(
        _("playoffs for ties in the first places"),
        null=True,
        blank=True,
        help_text=_(
            "Empty: only the ties that decide the advancing places (or the winner). 2: ties that"
            " decide the first two places. The number of teams: every tie."
        ),
    )
    advancing = models.PositiveSmallIntegerField(_("teams advancing"), default=2)
    paper = models.CharField(
        _("paper"),
        max_length=6,
        choices=[("letter", _("Letter")), ("a4", _("A4"))],
        default="letter",
    )
    play_ends_after = models.PositiveSmallIntegerField(
        _("play ended after hand"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("Set when the leader ends play early (rule 11(d)); empty: every hand."),
    )
    table_entry = models.BooleanField(_("tables enter their own results"), default=True)
    table_entry_waits = models.BooleanField(
        _("table entries wait for the leader's acceptance"), default=False
    )
    # The printouts' language, whatever the language of the leader's pages.
    print_language = models.CharField(
        _("language of the printouts"),
        max_length=7,
        choices=settings.LANGUAGES,
        default="en-ca",
    )
    # The season it belongs to (a year by default): its season page, links and club history.
    season = models.ForeignKey(
        "Season",
        verbose_name=_("season"),
        on_delete=models.PROTECT,
        related_name="events",
        null=True,
    )
    # The leader's word to the room ("Lunch until 13:30"), shown on the projector, the hall
    # map, /hall/ and every table's page until cleared; a live notice, not part of the record
    # (the archive leaves it out). One line of at most ANNOUNCEMENT_LENGTH characters.
    announcement = models.CharField(
        _("announcement"), max_length=200, blank=True, default="", editable=False
    )
    # The hand clock the leader starts ("7 minutes for this hand"): when it runs out, or None
    # while no clock runs. Shown with the announcement; not part of the record either.
    clock_ends_at = models.DateTimeField(_("hand clock ends at"), null=True, editable=False)
    # Every write bumps ``revision``; a write that changes the teams, the rotation or the
    # settings also sets ``setup_revision`` to it (services/audit.py: the one place). What is
    # derived from them alone (the rotation's pages) outlives a saved hand.
    revision = models.PositiveIntegerField(default=0, editable=False)
    setup_revision = models.PositiveIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name = _("event")
        constraints = [
            models.CheckConstraint(
                condition=Q(tables__gte=2, tables__lte=250), name="event_tables_2_to_250"
            ),
            models.CheckConstraint(
                condition=Q(one_flag_at__lte=F("two_flags_at"), two_flags_at__lte=13),
                name="event_thresholds_ordered",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:event", args=[self.slug])

    @property
    def flag_settings(self) -> FlagSettings:
        return FlagSettings(
            self.flags_per_table, self.one_flag_at, self.two_flags_at, self.revoke_penalty
        )

    @property
    def day_hand_counts(self) -> list[int]:
        return [int(n) for n in self.hands_per_day.split(",") if n.strip()]

    @property
    def last_hand(self) -> int:
        """The last hand to play: the rotation's last, or where the leader ended play."""
        return self.play_ends_after or sum(self.day_hand_counts)


class Team(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    home_table = models.PositiveSmallIntegerField(_("home table"))
    name = models.CharField(_("team"), max_length=80)
    zone = models.CharField(_("zone"), max_length=40, blank=True)
    player_a = models.CharField(_("player A"), max_length=80, blank=True)
    player_b = models.CharField(_("player B"), max_length=80, blank=True)
    player_x = models.CharField(_("player X"), max_length=80, blank=True)
    player_y = models.CharField(_("player Y"), max_length=80, blank=True)

    class Meta:
        ordering = ["event", "home_table"]
        constraints = [
            models.UniqueConstraint(fields=["event", "home_table"], name="one_team_per_table"),
            models.UniqueConstraint(fields=["event", "name"], name="team_names_unique"),
            models.CheckConstraint(condition=Q(home_table__gte=1), name="team_table_positive"),
        ]

    def __str__(self) -> str:
        return f"Table {self.home_table}: {self.name}"

    def pair(self, pair: str) -> str:
        """The names of the AB or XY pair, for movement slips and the entry grid."""
        a, b = (self.player_a, self.player_b) if pair == Pair.AB else (self.player_x, self.player_y)
        return " & ".join(p for p in (a, b) if p)


class Hand(models.Model):
    """One hand of the rotation; ``moves[i]`` is the table visited by home table i + 1."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    day = models.PositiveSmallIntegerField()
    session = models.PositiveSmallIntegerField()
    # Null until the leader's cut when the event's trump sequence is "CUT".
    trump = models.CharField(  # noqa: DJ001
        max_length=2, choices=[(t.value, _(t.label)) for t in Trump], null=True, blank=True
    )
    travelling = models.CharField(
        max_length=2, choices=[(p.value, p.value) for p in Pair], default=Pair.AB
    )
    moves = models.JSONField()
    # The event's revision when this hand's results last changed: a hand's tally, kept under
    # it, is read again only after a write to this hand (tournaments/snapshot/tallies.py).
    revision = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_hand_per_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.event} hand {self.number}"
