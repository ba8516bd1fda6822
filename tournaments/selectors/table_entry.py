"""What a table's phone sees: its entry token, the hand it plays now and its last entry.

A table plays the hall's current hand (``rules.hand_now``): it enters that hand once, then waits
for the hall while it may still fix that entry. Every function runs a fixed number of
queries, whatever the number of tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import permissions
from ..models import (
    DayClose,
    Event,
    HandResult,
    SubmissionStatus,
    TableSubmission,
    TableToken,
)
from ..rules.flags import flags_won
from ..rules.hand_now import HandNow
from ..rules.types import Hand, Pair, Rotation


def entry_tokens(event: Event) -> dict[int, str]:
    """The live entry token of every table that has one."""
    return dict(
        TableToken.objects.filter(event=event, revoked_at__isnull=True).values_list(
            "table", "token"
        )
    )


def token_row(token: str) -> TableToken | None:
    """The token row (live or revoked) with its event, or None for an unknown token."""
    return TableToken.objects.select_related("event").filter(token=token).first()


@dataclass(frozen=True)
class LastEntry:
    """The table's latest hand as recorded (or waiting): can the table still fix it?"""

    hand: int
    tricks_played: int
    visitor_revokes: int
    host_revokes: int
    visitor_tricks: int
    entered_by: str
    waiting: bool

    @property
    def by_table(self) -> bool:
        return permissions.is_table_name(self.entered_by)


@dataclass(frozen=True)
class TableState:
    """A host table's place in the event: the hand to enter now (None once it entered the
    hall's current hand, or when every hand is done), its last entry and the hall's hand."""

    event: Event
    table: int
    hand: Hand | None
    visitor: int | None
    last: LastEntry | None
    teams: dict
    hand_now: HandNow

    @property
    def host_team(self):
        return self.teams.get(self.table)

    @property
    def visitor_team(self):
        return self.teams.get(self.visitor) if self.visitor else None

    @property
    def visitor_pair(self) -> str:
        team = self.visitor_team
        return team.pair(self.hand.travelling) if team and self.hand else ""

    @property
    def home_pair(self) -> str:
        team = self.host_team
        if not team or not self.hand:
            return ""
        return team.pair(Pair.XY if self.hand.travelling == Pair.AB else Pair.AB)

    @property
    def last_flags(self) -> int:
        """The flags the visitors of the table's last entry took from it (0 with none)."""
        return flags_won(self.last.visitor_tricks, self.event.flag_settings) if self.last else 0

    @property
    def last_fixable(self) -> bool:
        """The table may fix its last entry while no leader changed it (and, by definition of
        "last", while its next hand is not entered)."""
        return self.last is not None and (self.last.waiting or self.last.by_table)


def load_table_state(
    event: Event, table: int, hand_now: HandNow, rotation: Rotation, teams: dict
) -> TableState:
    """The hand host ``table`` enters now and its last entry (two queries, whatever the
    number of tables), given the hall's hand, the rotation and the teams (``snapshot``)."""
    recorded = list(
        HandResult.objects.filter(event=event, host_table=table)
        .order_by("hand__number")
        .values_list(
            "hand__number",
            "tricks_played",
            "visitor_revokes",
            "host_revokes",
            "visitor_tricks",
            "entered_by",
        )
    )
    waiting = list(
        TableSubmission.objects.filter(
            event=event, table=table, status=SubmissionStatus.WAITING
        ).values_list("hand", "tricks_played", "visitor_revokes", "host_revokes", "visitor_tricks")
    )
    done = {row[0] for row in recorded} | {row[0] for row in waiting}
    hand = None
    if hand_now.current is not None and hand_now.current not in done:
        hand = rotation.hand(hand_now.current)
    entries = [LastEntry(*row, waiting=False) for row in recorded]
    entries += [LastEntry(*row, entered_by=f"table {table}", waiting=True) for row in waiting]
    last = max(entries, key=lambda e: (e.hand, e.waiting), default=None)
    return TableState(
        event=event,
        table=table,
        hand=hand,
        visitor=hand.visitor_of(table) if hand else None,
        last=last,
        teams=teams,
        hand_now=hand_now,
    )


def table_holdings(event: Event, table: int) -> dict:
    """What the hall holds of host ``table``'s results, for its phone's journal (three queries):
    the closed days (the phone drops their entries), the results of the open days' hands as
    entered (tricks played, revokes) and the ids of every entry the table's phones sent."""
    closed = sorted(DayClose.objects.filter(event=event, session=0).values_list("day", flat=True))
    held = HandResult.objects.filter(event=event, host_table=table).exclude(hand__day__in=closed)
    rows = held.values_list("hand__number", "tricks_played", "visitor_revokes", "host_revokes")
    ids = TableSubmission.objects.filter(event=event, table=table).values_list(
        "phone_id", flat=True
    )
    return {
        "closed_days": closed,
        "held": {str(number): list(values) for number, *values in rows},
        "ids": sorted(ids),
    }


def moving(hand: Hand, table: int, team=None) -> dict:
    """Where ``table``'s travelling pair goes in ``hand`` and whose pair comes to it."""
    return {
        "hand": hand,
        "goes_to": hand.moves[table],
        "comes_from": hand.visitor_of(table),
        "pair_letters": " & ".join(hand.travelling.value),
        "pair_names": team.pair(hand.travelling) if team else "",
    }
