"""What pages show of an event, derived once per revision for every process: the event itself,
its rotation and teams (kept until the setup changes), standings, playoffs, each table's results
and the hall's current hand.

Each value is built from stateless reads (``selectors``) and the rules, and kept by ``store``;
callers must not change what they are given (it is shared).
"""

from __future__ import annotations

from collections import Counter

from django.http import Http404
from django.utils.translation import gettext

from .. import selectors
from ..cache import store
from ..models import Event, Team
from ..rules.hand_now import HandNow
from ..rules.playoffs import places_that_matter, tied_groups
from ..rules.standings import rank_teams
from ..rules.types import Result, Rotation, Standing
from ..selectors.playoff_state import Overview
from ..selectors.playoff_state import overview as playoff_overview
from ..selectors.standby import hall_peers
from ..selectors.table_entry import TableState
from .tallies import Tallies, kept_hands
from .tallies import tallies as count_tallies


def cached(event: Event, name: str, build, *, scope: str = "revision", alone: bool = False):
    """``build()``'s value for ``event`` at its revision (``scope="setup"``: at its setup
    revision, for what the teams, rotation and settings alone decide); ``alone``: built and
    kept once for every page that reads it (``store.value``)."""
    return store.value(store.current_of(event), scope, name, build, alone=alone)


def page_event(slug: str) -> Event:
    """The event as public pages show it, loaded once per revision (no query while phones
    read); a 404 when there is no such event."""
    now = store.current(slug)
    if now is None:
        raise Http404(gettext("No such event"))
    return store.value(now, "revision", "event", lambda: selectors.event_by_slug(slug))


def rotation(event: Event) -> Rotation:
    """The event's rotation as rules values (unchanged by saved hands)."""
    return cached(event, "rotation", lambda: selectors.load_rotation(event), scope="setup")


def rotation_payload(event: Event) -> dict:
    """The body of ``rotation.json`` (DESIGN.md section 4)."""
    return cached(
        event,
        "rotation.json",
        lambda: selectors.build_rotation_payload(event, rotation(event)),
        scope="setup",
    )


def teams_by_table(event: Event) -> dict[int, Team]:
    return cached(event, "teams", lambda: selectors.load_teams_by_table(event), scope="setup")


def team_at(event: Event, table: int) -> Team | None:
    """The team whose home is ``table``, or None before teams are entered."""
    return teams_by_table(event).get(table)


def tallies(event: Event) -> Tallies:
    """Flags won and lost per day and table (only hands saved since are read again)."""
    return cached(event, "tallies", lambda: count_tallies(event), alone=True)


def table_results(event: Event, table: int) -> list[Result]:
    """The results of the hands touching ``table`` (as host or visitor), in hand order, from
    each hand's tally kept under its revision (after a save only that hand was read again)."""
    hands = kept_hands(event, tallies(event))
    return [r for number in sorted(hands) for r in hands[number].by_table.get(table, ())]


def _ranked(event: Event) -> tuple[list[Standing], int, Overview]:
    def build() -> tuple[list[Standing], int, Overview]:
        return ranked(event, tallies(event), teams_by_table(event), playoff_overview)

    return cached(event, "standings", build)


def ranked(event: Event, flags: Tallies, teams: dict[int, Team], overview) -> tuple:
    """The event's standings, its last hand with a result and its playoffs, from its tallies
    and teams; ``overview(event, final, tied)`` reads the playoffs of tied groups."""
    net = flags.net_by_day(event.tables, event.flags_per_table)
    names = {t: (team.name, team.zone) for t, team in teams.items()}
    entries = selectors.entries_from_net(event, names, net)
    rows = rank_teams(entries)
    final = flags.recorded_up_to(event.last_hand) == event.tables * event.last_hand
    places = places_that_matter(event.playoff_places, event.advancing)
    tied = tied_groups(rows, places) if final else []
    playoffs = overview(event, final, tied) if tied else Overview(final=final)
    if decided := playoffs.decided():
        rows = rank_teams(entries, decided)
    return rows, flags.last_hand, playoffs


def standings(event: Event) -> list[Standing]:
    """Current standings derived from the results; the list is the caller's to sort."""
    return list(_ranked(event)[0])


def playoffs(event: Event) -> Overview:
    """The tied groups needing a playoff and what has been recorded for them."""
    return _ranked(event)[2]


def playoff_due_tables(event: Event) -> set[int]:
    """Tables of tied groups whose playoff is not finished yet."""
    return {t for g in playoffs(event).groups if not g.places for t in g.tied.tables}


def advancing_tables(event: Event) -> set[int]:
    """The tables of the top ``Event.advancing`` teams, once all hands are played and no
    undecided tie straddles the line."""
    rows, _, overview = _ranked(event)
    if not overview.final:
        return set()
    shared = Counter(s.rank for s in rows)
    return {s.table for s in rows if s.rank + shared[s.rank] - 1 <= event.advancing}


def standings_payload(event: Event) -> dict:
    """The body of ``standings.json`` (DESIGN.md section 4)."""

    def build() -> dict:
        advancing = advancing_tables(event)
        return {
            "event": event.slug,
            "hands_played": hands_played(event),
            "standings": [
                {
                    "rank": s.rank,
                    "table": s.table,
                    "team": s.team,
                    "days": list(s.days),
                    "total": s.total,
                    "tied": s.tied,
                    "playoff": list(s.playoff),
                    "advancing": s.table in advancing,
                }
                for s in _ranked(event)[0]
            ],
        }

    return cached(event, "standings.json", build)


# The hall's current hand (``rules.hand_now``): from the hands' tallies and one query of what the
# tallies do not hold.


def hand_now(event: Event) -> HandNow:
    """The hand the hall plays now, the hands done before it, and the tables it waits for."""

    def build() -> HandNow:
        entered = tallies(event).per_hand
        partial = selectors.partial_hands(entered, event.tables)
        facts = selectors.hand_now_facts({event.pk: partial})[event.pk]
        return selectors.event_hand_now(facts.hands, entered, event, facts)

    return cached(event, "hall", build)


def hall_payload(event: Event) -> dict:
    """The body of ``hall.json``: the hand the hall plays now and the tables it waits for,
    whether a day (or the event) is over, and the leader's announcement."""

    def build() -> dict:
        now_hand = hand_now(event)
        hand = rotation(event).hand(now_hand.current) if now_hand.current else None
        return {
            "event": event.slug,
            "tables": event.tables,
            "hand": now_hand.current,
            "hands_played": now_hand.complete,
            "last_hand": event.last_hand,
            "day": hand.day if hand else None,
            "trump": hand.trump.value if hand and hand.trump else None,
            "travelling": hand.travelling.value if hand else None,
            "waiting": list(now_hand.waiting),
            "pending": list(now_hand.pending),
            # The end of a day (its flags wait for the verifiers) and of the event.
            "day_over": now_hand.day_over,
            "all_played": now_hand.all_played,
            "announcement": event.announcement,
            # The hand clock's end (the screens count down to it), or null.
            "clock_ends_at": event.clock_ends_at.isoformat() if event.clock_ends_at else None,
            **hall_peers(),  # the standby the pages move to (issue 39)
        }

    return cached(event, "hall.json", build)


def table_state(event: Event, table: int) -> TableState:
    """The hand host ``table`` enters now, its last entry and the hall's hand."""
    return selectors.load_table_state(
        event, table, hand_now(event), rotation(event), teams_by_table(event)
    )


def hands_played(event: Event) -> int:
    """The hands the hall has completed: every public "after hand N" reads this, never the
    highest hand with a result (0 before play starts)."""
    return hand_now(event).complete
