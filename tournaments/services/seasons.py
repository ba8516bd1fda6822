"""Seasons and their coordinators: every event belongs to a season (its year by default), and a
season's coordinators lead every event of it without being staff of the installation.

Each write is atomic and audited; a write that changes what a season page shows bumps the
season's revision (``audit.bump_season``).
"""

from __future__ import annotations

from datetime import date

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from ..models import Season, SeasonRole
from ..rules.errors import RulesError
from ..rules.event_settings import NAME_MAX, check_text
from ..rules.seasons import default_season_name, season_slug, season_year
from .audit import audit, bump_season


def season_named(name: str) -> Season:
    """The season called ``name``, made when there is none (its year from its name)."""
    name = check_text(name, "season", NAME_MAX, required=True)
    found = Season.objects.filter(name=name).first()
    if found is not None:
        return found
    slug, n = season_slug(name), 2
    base = slug
    while Season.objects.filter(slug=slug).exists():
        slug, n = f"{base[:56]}-{n}", n + 1
    try:
        with transaction.atomic():
            season = Season.objects.create(
                name=name, slug=slug, year=season_year(name, timezone.localdate().year)
            )
    except IntegrityError:  # made by another request at the same moment
        return Season.objects.get(name=name)
    # Not audited: a season is only a name events share; the event's creation is audited.
    return season


def default_season(first_day: date | None) -> Season:
    """The season of an event created without one: its first day's year (or this year)."""
    return season_named(default_season_name(first_day, timezone.localdate()))


def coordinates(user, season: Season | int | None) -> bool:
    """True when ``user`` coordinates ``season``."""
    if season is None or not getattr(user, "is_authenticated", False):
        return False
    season_id = season.pk if isinstance(season, Season) else season
    return SeasonRole.objects.filter(season_id=season_id, user=user).exists()


def require_coordinator(actor, season: Season) -> None:
    """Staff and the season's coordinators run a season; None is the command line."""
    if actor is None or actor.is_staff or coordinates(actor, season):
        return
    raise PermissionDenied(
        gettext("Only a coordinator of %(season)s may do this.") % {"season": season.name}
    )


@transaction.atomic
def coordinator_grant(*, season: Season, username: str, actor) -> SeasonRole:
    """Make an existing account a coordinator of ``season`` (staff only: a coordinator then
    leads every event of the season, and nothing else)."""
    if actor is not None and not actor.is_staff:
        raise PermissionDenied(gettext("Only staff name a season's coordinators."))
    username = username.strip()
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise RulesError(
            "There is no account %(username)r; create it first (Set-up → People of any "
            "event, or the admin)",
            field="username",
            username=username,
        )
    grant, made = SeasonRole.objects.get_or_create(season=season, user=user)
    if made:
        audit(None, actor, "coordinator given", f"season {season.slug}: {username}").save()
        bump_season(season.pk)
    return grant


@transaction.atomic
def coordinator_remove(*, season: Season, username: str, actor) -> None:
    if actor is not None and not actor.is_staff:
        raise PermissionDenied(gettext("Only staff name a season's coordinators."))
    deleted, _ = SeasonRole.objects.filter(season=season, user__username=username).delete()
    if not deleted:
        raise RulesError(
            "%(username)r does not coordinate this season", field="username", username=username
        )
    audit(None, actor, "coordinator removed", f"season {season.slug}: {username}").save()
    bump_season(season.pk)
