"""Set-up writes: creating an event with its rotation, teams, settings and table assignment.

Each is atomic, checks the actor's role, leaves an audit entry and bumps the revision.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.conf import settings as django_settings
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext, ngettext

from .. import permissions
from ..formats.csv_files import TeamRow
from ..models import Event, Hand, Team
from ..rules import rotation as rotation_rules
from ..rules.errors import RulesError
from ..rules.event_settings import (
    CHANGEABLE,
    MOVES_FLAGS,
    check_days,
    check_settings,
    check_slug,
)
from ..rules.types import Rotation, Trump
from .audit import audit, bump_revision, bump_season
from .closed_days import refuse_if_closed
from .clubs import match_event
from .locks import lock_event
from .rederive import refuse_under_a_closed_day, results_rederive
from .seasons import coordinates, default_season

SETTING_FIELDS = CHANGEABLE  # what the settings page may change (rules.event_settings)


@transaction.atomic
def event_settings_update(*, event: Event, changes: Mapping[str, object], actor) -> Event:
    """Change an event's settings. A change to a setting that moves flags re-derives every
    result and loan from the tricks as played and the revokes (refused under a closed day)."""
    permissions.require(actor, event, permissions.LEAD)
    unknown = set(changes) - set(SETTING_FIELDS)
    if unknown:
        raise RulesError(
            "Not a setting: %(names)s", field=min(unknown), names=", ".join(sorted(unknown))
        )
    # Compare with the stored row: a bound ModelForm has already written into ``event``.
    lock_event(event)
    stored = Event.objects.get(pk=event.pk)
    merged = {f: changes.get(f, getattr(stored, f)) for f in SETTING_FIELDS}
    checked = {f: merged[f] for f in changes}
    if {"one_flag_at", "two_flags_at"} & set(changes):
        checked.update(one_flag_at=merged["one_flag_at"], two_flags_at=merged["two_flags_at"])
    check_settings(checked, tables=stored.tables)
    before = {f: str(getattr(stored, f)) for f in changes if getattr(stored, f) != changes[f]}
    if not before:
        return stored
    moving = [f for f in MOVES_FLAGS if f in before]
    if moving:
        refuse_under_a_closed_day(stored, moving)
    left_season = stored.season_id if "season" in before else None
    for field in before:
        setattr(stored, field, changes[field])
    stored.save(update_fields=list(before))
    bump_season(left_season)  # the season it left shows it no more
    after = {f: str(changes[f]) for f in before}
    audit(stored, actor, "settings changed", stored.slug, before, after).save()
    if moving:
        results_rederive(stored, actor)
    bump_revision(stored, hands="all" if moving else (), setup=True)
    return stored


@transaction.atomic
def tables_assign(*, event: Event, tables: Mapping[int, int], actor) -> None:
    """Move teams (by id) to home tables; every table 1..N must end with exactly one team."""
    permissions.require(actor, event, permissions.LEAD)
    teams = {t.pk: t for t in Team.objects.select_for_update().filter(event=event)}
    missing = set(teams) - set(tables)
    if missing or set(tables) - set(teams):
        raise RulesError("Give a table for every team of this event", field="tables")
    placed: dict[int, list[str]] = {}
    for team_id, table in tables.items():
        placed.setdefault(table, []).append(teams[team_id].name)
    outside = sorted(t for t in placed if not 1 <= t <= event.tables)
    doubled = sorted(t for t, names in placed.items() if len(names) > 1)
    empty = [t for t in range(1, event.tables + 1) if t not in placed]
    problems = []
    if outside:
        text = gettext("there is no table %(tables)s")
        problems.append(text % {"tables": ", ".join(map(str, outside))})
    for table in doubled:
        names = placed[table][0]
        for name in placed[table][1:]:
            names = gettext("%(names)s and %(name)s") % {"names": names, "name": name}
        problems.append(gettext("table %(table)s has %(names)s") % {"table": table, "names": names})
    if empty:
        text = ngettext(
            "table %(tables)s has no team", "tables %(tables)s have no team", len(empty)
        )
        problems.append(text % {"tables": ", ".join(map(str, empty))})
    if problems:
        raise RulesError(
            "Every table needs exactly one team: %(problems)s",
            field="tables",
            problems="; ".join(problems),
        )
    before = {t.name: t.home_table for t in teams.values()}
    moved = [t for t in teams.values() if t.home_table != tables[t.pk]]
    if not moved:
        return
    # Two steps so the one-team-per-table constraint holds between the updates.
    for team in moved:
        team.home_table = 1000 + tables[team.pk]
    Team.objects.bulk_update(moved, ["home_table"])
    for team in moved:
        team.home_table = tables[team.pk]
    Team.objects.bulk_update(moved, ["home_table"])
    after = {t.name: t.home_table for t in teams.values()}
    audit(event, actor, "tables assigned", f"{len(moved)} teams moved", before, after).save()
    bump_revision(event, setup=True)


@transaction.atomic
def hand_trump_record(*, event: Event, hand: int, trump: str, actor) -> Hand:
    """Record the trump the leader cut for a hand of an event that plays "leader's cut"."""
    permissions.require(actor, event, permissions.ENTER)
    if event.trumps != rotation_rules.LEADERS_CUT:
        raise RulesError(
            "This event's trumps follow its sequence; there is no cut to record", field="trump"
        )
    try:
        chosen = Trump(str(trump).strip().upper())
    except ValueError:
        raise RulesError(
            "Choose hearts, spades, diamonds, clubs or no trump", field="trump"
        ) from None
    lock_event(event)
    row = Hand.objects.filter(event=event, number=hand).first()
    if row is None:
        raise RulesError("There is no hand %(hand)s in this event", field="hand", hand=hand)
    refuse_if_closed(event, [row])
    before = row.trump
    if before != chosen.value:
        row.trump = chosen.value
        row.save(update_fields=["trump"])
        audit(
            event, actor, "trump cut", f"hand {hand}", {"trump": before}, {"trump": chosen.value}
        ).save()
        bump_revision(event, setup=True)
    return row


def _save_rotation(event: Event, rotation: Rotation) -> None:
    Hand.objects.bulk_create(
        Hand(
            event=event,
            number=h.number,
            day=h.day,
            session=h.session,
            trump=h.trump.value if h.trump else None,
            travelling=h.travelling.value,
            moves=[h.moves[t] for t in range(1, rotation.tables + 1)],
        )
        for h in rotation.hands
    )


@transaction.atomic
def event_create(
    *,
    name: str,
    slug: str,
    tables: int,
    hands_per_day: Sequence[int],
    sessions_per_day: Sequence[int] | None = None,
    pattern: str = "standard",
    trumps: str = "H,S,D,C",
    alternate_pairs: bool = False,
    custom_moves: Sequence[Mapping[int, int]] | None = None,
    actor=None,
    **settings,
) -> Event:
    """Create an event with its rotation: the ``standard`` movement, or a ``custom`` pattern
    given as ``custom_moves``. ``settings`` are further Event fields."""
    season = settings.get("season") or default_season(settings.get("starts_on"))
    settings["season"] = season
    # Printouts speak the language of whoever creates the event (the leader's pages, or
    # WHIST_LANGUAGE on the command line) until Set-up → Settings says otherwise.
    settings.setdefault("print_language", printout_language())
    if actor is not None and not actor.is_staff and not coordinates(actor, season):
        raise permissions.PermissionDenied(gettext("Only staff create events."))
    slug = check_slug(slug)
    check_settings({"name": name, "tables": tables, **settings}, tables=tables)
    hands_per_day = check_days(hands_per_day)
    if len(trumps) > 60:
        raise RulesError("Trump sequence: at most 60 characters", field="trumps")
    if Event.objects.filter(slug=slug).exists():
        raise RulesError(
            "An event with the short name %(slug)r already exists", field="slug", slug=slug
        )
    if pattern not in ("standard", "custom") or (pattern == "custom") != (custom_moves is not None):
        raise RulesError(
            "Use the standard pattern, or a custom pattern with its moves", field="pattern"
        )
    rotation = rotation_rules.generate(
        tables,
        hands_per_day,
        sessions_per_day=sessions_per_day,
        trumps=rotation_rules.parse_trumps(trumps),
        alternate_pairs=alternate_pairs,
        custom_moves=custom_moves,
    )
    event = Event.objects.create(
        name=name.strip(),
        slug=slug,
        tables=tables,
        pattern=pattern,
        trumps=trumps.upper(),
        hands_per_day=",".join(str(h) for h in hands_per_day),
        alternate_pairs=alternate_pairs,
        **settings,
    )
    _save_rotation(event, rotation)
    if actor is not None:
        permissions.EventRole.objects.create(event=event, user=actor, role=permissions.Role.LEADER)
    audit(
        event,
        actor,
        "event created",
        slug,
        after={"tables": tables, "hands_per_day": event.hands_per_day},
    ).save()
    return event


def printout_language() -> str:
    """The installation's language code (en-ca, fr-ca) nearest the active language."""
    active = (translation.get_language() or django_settings.LANGUAGE_CODE).lower()
    codes = [code for code, _name in django_settings.LANGUAGES]
    return next((c for c in codes if c.split("-")[0] == active.split("-")[0]), codes[0])


@transaction.atomic
def teams_replace(*, event: Event, rows: Iterable[TeamRow], actor) -> list[Team]:
    """Replace the event's teams with ``rows`` (the whole list, as from registration)."""
    permissions.require(actor, event, permissions.LEAD)
    before = list(Team.objects.filter(event=event).values_list("home_table", "name"))
    Team.objects.filter(event=event).delete()
    teams = Team.objects.bulk_create(
        Team(
            event=event,
            home_table=r.table,
            name=r.team,
            zone=r.zone,
            player_a=r.player_a,
            player_b=r.player_b,
            player_x=r.player_x,
            player_y=r.player_y,
        )
        for r in rows
    )
    audit(
        event,
        actor,
        "teams imported",
        f"{len(teams)} teams",
        before=before,
        after=[[t.home_table, t.name] for t in teams],
    ).save()
    match_event(event)  # each team's club (rules.clubs), or a proposal for the leader
    bump_revision(event, setup=True)
    return teams
