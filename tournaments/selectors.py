"""ORM reads turned into rules types. Every function here runs a fixed number of queries.

Standings and the rotation are derived on demand and cached under the event's revision,
which every write bumps, so a cached value can never outlive the results it came from.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from django.core.cache import cache
from django.db import connection
from django.http import Http404
from django.shortcuts import get_object_or_404

from .models import DayClose, Event, Hand, HandResult, Team
from .playoff_selectors import Overview
from .playoff_selectors import overview as playoff_overview
from .rules import flags as flag_rules
from .rules.playoffs import tied_groups
from .rules.standings import rank_teams
from .rules.types import Hand as RulesHand
from .rules.types import Pair, Result, Rotation, Standing, TableDay, TeamEntry, Trump


def event_by_slug(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


def _key(pk: int, created_at: datetime | str, revision: int, name: str) -> str:
    # created_at too: SQLite may reuse a deleted event's id, and a new event starts at 0.
    if isinstance(created_at, str):  # SQLite's raw text is naive UTC
        created_at = datetime.fromisoformat(created_at)
    if created_at.tzinfo is None:
        created_at = created_at.replace(tzinfo=UTC)
    return f"whist:{pk}:{created_at.timestamp():.6f}:{revision}:{name}"


def cached(event: Event, name: str, build):
    """``build()``'s value, kept until the event's next write."""
    key = _key(event.pk, event.created_at, event.revision, name)
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, timeout=3600)
    return value


def cached_by_slug(slug: str, name: str, build):
    """Like ``cached`` for public JSON: one cheap query for the event's revision; the full
    event is loaded only when the value must be rebuilt. Spectators refresh standings far
    more often than results change."""
    with connection.cursor() as cursor:
        cursor.execute(_STAMP_SQL, [slug])
        row = cursor.fetchone()
    if row is None:
        raise Http404("No such event")
    value = cache.get(_key(*row, name))
    if value is None:
        value = cached(event_by_slug(slug), name, lambda: build(event_by_slug(slug)))
    return value


_EVENTS = Event._meta.db_table
_STAMP_SQL = f"SELECT id, created_at, revision FROM {_EVENTS} WHERE slug = %s"  # noqa: S608


def hand_from_row(event: Event, row: Hand) -> RulesHand:
    return RulesHand(
        number=row.number,
        day=row.day,
        session=row.session,
        moves={i: host for i, host in enumerate(row.moves, 1)},
        travelling=Pair(row.travelling),
        trump=Trump(row.trump) if row.trump else None,
    )


def rotation(event: Event) -> Rotation:
    """The event's rotation as rules values (one query, cached by revision)."""

    def build() -> Rotation:
        hands = Hand.objects.filter(event=event).order_by("number")
        return Rotation(event.tables, tuple(hand_from_row(event, h) for h in hands))

    return cached(event, "rotation", build)


def results(event: Event, days: Iterable[int] | None = None) -> list[Result]:
    """Every recorded result of the event (or of ``days``), after revoke penalties, in hand
    order."""
    rows = HandResult.objects.filter(event=event)
    if days is not None:
        rows = rows.filter(hand__day__in=list(days))
    rows = rows.order_by("hand__number", "host_table").values_list(
        "hand__number", "hand__day", "host_table", "visitor_table", "visitor_tricks"
    )
    return [Result(*row) for row in rows]


def teams_by_table(event: Event) -> dict[int, Team]:
    return {t.home_table: t for t in Team.objects.filter(event=event)}


def team_entries(event: Event, teams: dict[int, Team], recorded: list[Result]) -> list[TeamEntry]:
    net = flag_rules.net_flags_by_day(event.tables, recorded, event.flag_settings)
    days = sorted(net)
    return [
        TeamEntry(
            table=table,
            team=teams[table].name if table in teams else f"Table {table}",
            days=tuple(net[d][table] for d in days),
            zone=teams[table].zone if table in teams else "",
        )
        for table in range(1, event.tables + 1)
    ]


def all_hands_played(event: Event, recorded: list[Result]) -> bool:
    """Every hand of the event has a result at every table (playoffs may start)."""
    return len(recorded) == event.tables * sum(event.day_hand_counts)


def _standings_and_hands_played(event: Event) -> tuple[list[Standing], int, Overview]:
    def build() -> tuple[list[Standing], int, Overview]:
        recorded = results(event)
        entries = team_entries(event, teams_by_table(event), recorded)
        rows = rank_teams(entries)
        final = all_hands_played(event, recorded)
        tied = tied_groups(rows, event.playoff_places) if final else []
        playoffs = playoff_overview(event, final, tied) if tied else Overview(final=final)
        if decided := playoffs.decided():
            rows = rank_teams(entries, decided)
        return rows, max((r.hand for r in recorded), default=0), playoffs

    return cached(event, "standings", build)


def playoffs(event: Event) -> Overview:
    """The tied groups needing a playoff and what has been recorded for them."""
    return _standings_and_hands_played(event)[2]


def playoff_due_tables(event: Event) -> set[int]:
    """Tables of tied groups whose playoff is not finished yet."""
    return {t for g in playoffs(event).groups if not g.places for t in g.tied.tables}


def advancing_tables(event: Event) -> set[int]:
    """The tables of the top ``Event.advancing`` teams, once all hands are played and no
    undecided tie straddles the line."""
    rows, _, overview = _standings_and_hands_played(event)
    if not overview.final:
        return set()
    shared = {s.rank: sum(1 for o in rows if o.rank == s.rank) for s in rows}
    return {s.table for s in rows if s.rank + shared[s.rank] - 1 <= event.advancing}


def standings(event: Event) -> list[Standing]:
    """Current standings derived from the results (three queries on a cache miss)."""
    return _standings_and_hands_played(event)[0]


def hands_played(event: Event) -> int:
    """The highest hand with at least one result (0 before play starts)."""
    return _standings_and_hands_played(event)[1]


def standings_payload(event: Event) -> dict:
    """The body of ``standings.json`` (DESIGN.md section 4)."""

    def build() -> dict:
        rows, played, _ = _standings_and_hands_played(event)
        advancing = advancing_tables(event)
        return {
            "event": event.slug,
            "hands_played": played,
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
                for s in rows
            ],
        }

    return cached(event, "standings.json", build)


def rotation_payload(event: Event) -> dict:
    """The body of ``rotation.json`` (DESIGN.md section 4)."""

    def build() -> dict:
        return {
            "event": event.slug,
            "tables": event.tables,
            "hands": [
                {
                    "hand": h.number,
                    "day": h.day,
                    "session": h.session,
                    "trump": h.trump.value if h.trump else None,
                    "travelling": h.travelling.value,
                    "moves": {str(home): host for home, host in h.moves.items()},
                }
                for h in rotation(event).hands
            ],
        }

    return cached(event, "rotation.json", build)


def day_ledger(
    event: Event, day: int, up_to_hand: int | None = None
) -> tuple[dict[int, TableDay], list]:
    """Flags on each table, loans and every move of ``day`` so far (or up to a hand)."""
    recorded = [r for r in results(event, [day]) if up_to_hand is None or r.hand <= up_to_hand]
    return flag_rules.day_ledger(event.tables, day, recorded, event.flag_settings)


def closed_days(event: Event) -> dict[tuple[int, int | None], DayClose]:
    return {(c.day, c.session): c for c in DayClose.objects.filter(event=event)}
