"""Which club each team of an event plays for (``rules.clubs`` decides; this keeps it).

Matching runs whenever an event's teams are imported (and after an archive is restored): a team
linked to the team it came from (``create_next_level``) is that team's club; a team with its
club's name and at least two of its players is that club; a team with no club near it makes a
new club; anything else is *proposed* and counts on no club page until a leader of the event
confirms it or says it is another club (``match_confirm``, ``match_separate``). A team keeps
its club once decided, even when its players change.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from .. import permissions
from ..models import Club, ClubEntry, ClubMatch, Event, Team, TeamSource
from ..rules.clubs import Candidate, club_key, club_name, club_slug, decide
from ..rules.errors import RulesError
from .audit import audit, bump_revision


def match_event(event: Event) -> dict[str, int]:
    """Give each team of ``event`` without a club its club, or a proposal; forget entries of
    teams no longer in the event. Returns how many teams were matched each way. Runs inside
    the caller's write (which bumps the revision), in a fixed number of queries."""
    teams = {t.name: t for t in Team.objects.filter(event=event)}
    entries = ClubEntry.objects.filter(event=event)
    entries.exclude(team__in=list(teams)).delete()
    placed = set(entries.values_list("team", flat=True))
    waiting = {name: t for name, t in teams.items() if name not in placed}
    if not waiting:
        return {}
    linked = _linked_clubs(event, waiting)
    others = [t for name, t in waiting.items() if name not in linked]
    candidates = _candidates(event, others)
    made: list[ClubEntry] = [
        ClubEntry(event=event, team=name, club_id=club, match=ClubMatch.LINKED)
        for name, club in linked.items()
    ]
    new_clubs: list[tuple[Team, Club]] = []
    taken = set()
    for team in others:
        decision = decide(team.name, _players(team), candidates)
        if decision.club is None:
            taken |= _slugs_like(team.name, taken)
            club = Club(name=club_name(team.name), key=club_key(team.name))
            club.slug = club_slug(team.name, taken)
            taken.add(club.slug)
            new_clubs.append((team, club))
            continue
        reason = str(decision.players)
        made.append(
            ClubEntry(
                event=event, team=team.name, club_id=decision.club, match=decision.match,
                reason=reason,
            )
        )  # fmt: skip
    Club.objects.bulk_create([club for _, club in new_clubs])
    made += [
        ClubEntry(event=event, team=team.name, club=club, match=ClubMatch.NEW)
        for team, club in new_clubs
    ]
    ClubEntry.objects.bulk_create(made)
    counts: dict[str, int] = {}
    for entry in made:
        counts[entry.match] = counts.get(entry.match, 0) + 1
    return counts


def _players(team: Team) -> tuple[str, ...]:
    return (team.player_a, team.player_b, team.player_x, team.player_y)


def _linked_clubs(event: Event, teams: dict[str, Team]) -> dict[str, int]:
    """Clubs of the teams linked to the team they came from (whose club is counted)."""
    links = list(TeamSource.objects.filter(event=event, team__in=list(teams)))
    if not links:
        return {}
    sources = Team.objects.filter(event__slug__in={link.source_slug for link in links}).values_list(
        "event__slug", "home_table", "name", "event_id"
    )
    at = {(slug, table): (name, event_id) for slug, table, name, event_id in sources}
    counted = ClubEntry.objects.filter(
        event_id__in={event_id for _, event_id in at.values()}
    ).exclude(match=ClubMatch.PROPOSED)
    club_of = {(e.event_id, e.team): e.club_id for e in counted}
    found = {}
    for link in links:
        name, event_id = at.get((link.source_slug, link.source_table), ("", None))
        club = club_of.get((event_id, name))
        if club is not None:
            found[link.team] = club
    return found


def _candidates(event: Event, teams: list[Team]) -> list[Candidate]:
    """Clubs of the same names as ``teams``, or whose teams share players with them, each
    with the players of its latest counted team elsewhere."""
    if not teams:
        return []
    keys = {club_key(t.name) for t in teams}
    names = {p.strip() for t in teams for p in _players(t) if p.strip()}
    sharing = Q()
    for column in ("player_a", "player_b", "player_x", "player_y"):
        sharing |= Q(**{f"{column}__in": names})
    near = Team.objects.filter(sharing).exclude(event=event).values_list("event_id", "name")
    near_entries = (
        ClubEntry.objects.filter(
            Q(club__key__in=keys)
            | Q(event_id__in={e for e, _ in near}, team__in={n for _, n in near})
        )
        .exclude(event=event)
        .exclude(match=ClubMatch.PROPOSED)
    )
    rows = list(
        near_entries.order_by("-event__starts_on", "-event__created_at").values_list(
            "club_id", "club__key", "event_id", "team"
        )
    )
    latest: dict[int, tuple[str, int, str]] = {}
    for club, key, event_id, team in rows:
        latest.setdefault(club, (key, event_id, team))
    # Clubs named like these teams with no counted team yet are candidates without players.
    for club, key in Club.objects.filter(key__in=keys).values_list("pk", "key"):
        latest.setdefault(club, (key, 0, ""))
    wanted = Q(pk__in=[])
    for _, event_id, team in latest.values():
        if event_id:
            wanted |= Q(event_id=event_id, name=team)
    players = {(t.event_id, t.name): _players(t) for t in Team.objects.filter(wanted).order_by()}
    return [
        Candidate(club, key, players.get((event_id, team), ()))
        for club, (key, event_id, team) in sorted(latest.items())
    ]


def _slugs_like(name: str, known: set[str]) -> set[str]:
    base = club_slug(name, ())
    return set(Club.objects.filter(slug__startswith=base).values_list("slug", flat=True))


def _entry(event: Event, team: str) -> ClubEntry:
    entry = ClubEntry.objects.select_for_update().filter(event=event, team=team).first()
    if entry is None or entry.match != ClubMatch.PROPOSED:
        raise RulesError("%(team)s has no match waiting for your word", field="team", team=team)
    return entry


@transaction.atomic
def match_confirm(*, event: Event, team: str, actor) -> ClubEntry:
    """The leader says the proposed club is the team's club."""
    permissions.require(actor, event, permissions.LEAD)
    entry = _entry(event, team)
    entry.match = ClubMatch.CONFIRMED
    entry.save(update_fields=["match"])
    audit(event, actor, "club confirmed", team, after={"club": entry.club.slug}).save()
    bump_revision(event)
    return entry


@transaction.atomic
def match_separate(*, event: Event, team: str, actor) -> ClubEntry:
    """The leader says the team is not the proposed club: it becomes a club of its own."""
    permissions.require(actor, event, permissions.LEAD)
    entry = _entry(event, team)
    proposed = entry.club.slug
    club = Club.objects.create(
        name=club_name(team), key=club_key(team), slug=club_slug(team, _slugs_like(team, set()))
    )
    entry.club, entry.match = club, ClubMatch.CONFIRMED
    entry.save(update_fields=["club", "match"])
    audit(event, actor, "club kept apart", team, {"proposed": proposed}, {"club": club.slug}).save()
    bump_revision(event)
    return entry
