"""Persistence for events, teams, the rotation, hand results, day records and the audit log.

Standings and flag balances are never stored as running counters: they are derived from
``HandResult`` rows by ``tournaments.rules``. ``Event.revision`` only says "results or the
rotation changed", so cached standings can be keyed by it.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from ..rules.types import FlagSettings, Pair, Trump

# The suits' names live in rules/ (pure Python); pages translate them through these entries.
SUIT_NAMES = (
    gettext_noop("Hearts"),
    gettext_noop("Spades"),
    gettext_noop("Diamonds"),
    gettext_noop("Clubs"),
    gettext_noop("No trump"),
)

TRICKS_VALIDATORS = [MinValueValidator(0), MaxValueValidator(13)]


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
    recorded twice. In events where table entries wait, the entry waits here until a leader
    accepts it.
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
    received_at = models.DateTimeField()

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
