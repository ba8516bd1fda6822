"""Teams' net flags per day as the standings rank them (the snapshot keeps the standings), and
the note a standings row carries on the pages, in the CSV and on the printed sheet."""

from __future__ import annotations

from collections.abc import Collection
from itertools import repeat

from django.utils.translation import gettext, ngettext

from ..models import Event, Team
from ..rules import flags as flag_rules
from ..rules.types import Result, Standing, TeamEntry


def team_entries(event: Event, teams: dict[int, Team], recorded: list[Result]) -> list[TeamEntry]:
    """Each team's net flags per begun day, from every recorded result."""
    net = flag_rules.net_flags_by_day(event.tables, recorded, event.flag_settings)
    return entries_from_net(event, {t: (team.name, team.zone) for t, team in teams.items()}, net)


def entries_from_net(
    event: Event, teams: dict[int, tuple[str, str]], net: dict[int, dict[int, int]]
) -> list[TeamEntry]:
    # Every day from day 1 to the last with a result; a day without results keeps its flags.
    tables = range(1, event.tables + 1)
    unplayed = dict.fromkeys(tables, event.flag_settings.flags_per_table)
    columns = [net.get(d, unplayed) for d in range(1, max(net, default=0) + 1)]
    # Each table's row of days, the columns turned into rows in one step.
    rows = zip(*[[column[t] for t in tables] for column in columns], strict=True)
    return [
        TeamEntry(
            table=table,
            team=teams[table][0] if table in teams else f"Table {table}",
            days=days,
            zone=teams[table][1] if table in teams else "",
        )
        for table, days in zip(tables, rows if columns else repeat((), len(tables)), strict=True)
    ]


def all_hands_played(event: Event, recorded: list[Result]) -> bool:
    """Every hand of the event has a result at every table (playoffs may start)."""
    played = sum(1 for r in recorded if r.hand <= event.last_hand)
    return played == event.tables * event.last_hand


def standing_note(row: Standing, advancing: Collection[int] = (), due: Collection[int] = ()) -> str:
    """'playoff hands 1, 2', 'playoff due' and/or 'advances' for a standings row."""
    notes = []
    if row.playoff:
        hands = ", ".join(str(h) for h in row.playoff)
        notes.append(
            ngettext("playoff hand %(hands)s", "playoff hands %(hands)s", len(row.playoff))
            % {"hands": hands}
        )
    elif row.table in due:
        notes.append(gettext("playoff due"))
    if row.table in advancing:
        notes.append(gettext("advances"))
    return "; ".join(notes)
