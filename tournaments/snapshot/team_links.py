"""Where an event's public pages send a reader from each team: to its club's page, and (in a
next-level event) to the event it came from, when that event is on this installation.

Which team came from where and plays for which club is the event's own record, kept per
revision. Whether the event it came from is here is not: an area's archive may be restored, or
published, after its zone's pages were rendered, without the zone's revision moving (it must
not move: on a province the zone's revisions are the hall's). So that part is read afresh for
every reader (one query, and only for an event whose teams came from somewhere): ``links_key``
puts it in the kept page's name, and the hall's front checks it before handing a page back.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cache import store
from ..models import Event
from ..selectors import seasons as season_reads


@dataclass(frozen=True)
class TeamLink:
    """A team's club (short name, "" for none counted yet) and the event it came from, "" when
    it came from none or that event is not on this installation."""

    club: str = ""
    came_from: str = ""


def _recorded(event: Event) -> dict[str, tuple[str, str]]:
    return _recorded_at(store.current_of(event))


def _recorded_at(now: store.Current) -> dict[str, tuple[str, str]]:
    """By team name, (the event it came from, its club), kept under the event's revision."""
    return store.value(now, "revision", "team_links", lambda: season_reads.team_links(now.slug))


def sources_here(event: Event) -> frozenset[str] | None:
    """The events ``event``'s teams came from that are on this installation; None for an
    event whose teams came from none (nothing to read, and its pages are kept as any are)."""
    return _here(_recorded(event))


def _here(recorded: dict[str, tuple[str, str]]) -> frozenset[str] | None:
    came_from = {source for source, _ in recorded.values() if source}
    if not came_from:
        return None
    return frozenset(season_reads.events_here(came_from))


def team_links(event: Event, here: frozenset[str] | None) -> dict[str, TeamLink]:
    """By team name, where its name and its zone link (``here``: ``sources_here``'s)."""
    here = here or frozenset()
    return {
        team: TeamLink(club, source if source in here else "")
        for team, (source, club) in _recorded(event).items()
    }


def links_key(slug: str) -> str | None:
    """What, beyond the event's revision, its pages with these links depend on: the events
    its teams came from that are here (None: an event whose teams came from none)."""
    now = store.current(slug)
    here = _here(_recorded_at(now)) if now is not None else None
    return None if here is None else ",".join(sorted(here))
