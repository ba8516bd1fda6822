"""Tie-break playoffs, played only after all hands: which ties need one, who plays whom, places.

- Two teams tied: one hand between their A and B pairs; the pair taking 7 or more tricks wins
  the higher place (13 tricks, so one side always does; who is "first" does not matter).
- Three teams tied: the A players draw cards and the lowest draw gets a bye. The other two
  play; the winner plays the bye team; that hand's winner is first, its loser second and the
  loser of the first hand third.
- Four or more tied (the rules are silent): the same idea as a knockout (see ``bracket``):
  seed 1 is the lowest draw and, when the number of teams is not a power of two, the lowest
  draws get the byes past round 1.
  Places: the final's winner first, its loser second; a team knocked out in a later round
  places above one knocked out earlier; among teams knocked out in the same round, the one
  beaten by the better-placed team places higher. Every place is decided by hands, no draw.

Trump for every playoff hand comes from a fresh cut, and every player cuts for the deal.
Places are always recomputed from all recorded hands, so a correction is just a new input:
a recorded hand whose teams no longer meet in that match (an earlier result changed) is
reported as stale and ignored until it is replayed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cards import Card

from .bracket import Bracket, Entrant, Match, build_bracket
from .cards_draw import Draw, order_by_draw
from .errors import RulesError, gettext_noop, translate
from .types import TRICKS_PER_HAND, Standing, Trump

__all__ = [
    "Bracket", "Entrant", "Match", "MatchState", "PlayoffHand", "Resolution", "TiedGroup",
    "build_bracket", "check_playoff_hand", "explanation", "final_places", "next_match",
    "resolve", "tied_groups",
]  # fmt: skip

WINNING_TRICKS = 7
CUT_AND_DEAL = gettext_noop(
    "Trump for every playoff hand comes from a fresh cut; every player cuts one card and the "
    "highest deals. Equal cards are drawn again; suits never break a tie."
)


def explanation(teams: int) -> str:
    """What the hall is told about a playoff among ``teams`` tied teams (reader's language)."""
    if teams == 2:
        text = gettext_noop(
            "Two teams tied: one extra hand between the A and B players of the two teams. "
            "The pair taking 7 or more tricks wins the higher place."
        )
    elif teams == 3:
        text = gettext_noop(
            "Three teams tied: the three A players each draw a card and the lowest draw gets a "
            "bye. The other two teams play one hand; its winner plays the bye team. The winner "
            "of that hand takes the highest place, the loser the next, and the loser of the "
            "first hand the third."
        )
    else:
        text = gettext_noop(
            "Four or more teams tied: the rules are silent, so the tool runs a knockout built "
            "like the three-team playoff. The A players each draw a card and the lowest draws "
            "get byes past the first round. Each hand's winner goes on; the winner of the last "
            "hand takes the highest place and its loser the next. A team knocked out later "
            "places above one knocked out earlier, and among teams knocked out in the same "
            "round, the one beaten by the better-placed team places higher."
        )
    return f"{translate(text)} {translate(CUT_AND_DEAL)}"


@dataclass(frozen=True)
class TiedGroup:
    """Teams with equal totals sharing ``rank``; the playoff gives them places 1..n."""

    rank: int
    total: int
    tables: tuple[int, ...]

    @property
    def places(self) -> range:
        """The ranks the group will occupy once decided."""
        return range(self.rank, self.rank + len(self.tables))

    @property
    def explanation(self) -> str:
        return explanation(len(self.tables))


def places_that_matter(setting: int | None, advancing: int) -> int:
    """The places whose ties are played off: the event's setting, or by default the places
    that decide something, the advancing ones (at least the winner's). Setting it to the
    number of teams plays off every tie."""
    return setting or max(1, advancing)


def tied_groups(
    standings: Iterable[Standing | tuple[int, int]],
    places_that_matter: int | None = None,
    *,
    all_hands_played: bool = True,
) -> list[TiedGroup]:
    """The tied groups that need a playoff, best rank first.

    ``places_that_matter`` None means every tie; K means only groups starting at rank <= K
    (within or straddling the first K places, e.g. K=2 when two teams advance).
    """
    if not all_hands_played:
        raise RulesError("Playoffs come only after all hands have been played")
    if places_that_matter is not None and places_that_matter < 1:
        raise RulesError("Places that matter must be 1 or more", field="places_that_matter")
    by_total: dict[int, list[int]] = {}
    for s in standings:
        table, total = (s.table, s.total) if isinstance(s, Standing) else tuple(s)
        by_total.setdefault(total, []).append(table)
    groups: list[TiedGroup] = []
    rank = 1  # one pass, best total first: linear in the teams, not quadratic
    for total in sorted(by_total, reverse=True):
        tables = tuple(sorted(by_total[total]))
        if len(tables) > 1 and (places_that_matter is None or rank <= places_that_matter):
            groups.append(TiedGroup(rank=rank, total=total, tables=tables))
        rank += len(tables)
    return groups


@dataclass(frozen=True)
class PlayoffHand:
    """A recorded playoff hand: two teams' A and B pairs, and the first team's tricks."""

    match: int
    first_table: int
    second_table: int
    first_tricks: int
    trump_cut: Card | None = None
    dealer_cut: Draw | None = None

    def __post_init__(self) -> None:
        tricks = self.first_tricks
        if type(tricks) is not int or not 0 <= tricks <= TRICKS_PER_HAND:
            raise RulesError(
                "Tricks must be from 0 to 13, not %(tricks)r", field="first_tricks", tricks=tricks
            )
        if self.first_table == self.second_table:
            raise RulesError("A playoff hand needs two different teams", field="second_table")

    @property
    def tables(self) -> frozenset[int]:
        return frozenset((self.first_table, self.second_table))

    @property
    def winner(self) -> int:
        """The team whose pair took 7 or more tricks."""
        first_won = self.first_tricks >= WINNING_TRICKS
        return self.first_table if first_won else self.second_table

    @property
    def loser(self) -> int:
        return self.second_table if self.winner == self.first_table else self.first_table

    @property
    def trump(self) -> Trump | None:
        return Trump.of(self.trump_cut.suit) if self.trump_cut else None

    @property
    def dealer(self) -> str | int | None:
        """The player who cut the highest card (after any recuts), e.g. "3A"."""
        return order_by_draw(self.dealer_cut)[-1] if self.dealer_cut else None


@dataclass(frozen=True)
class MatchState:
    """A match as things stand: its teams once known, its valid result, a stale one."""

    match: Match
    tables: tuple[int, int] | None
    result: PlayoffHand | None = None
    stale: PlayoffHand | None = None

    @property
    def ready(self) -> bool:
        """Both teams are known and the hand is still to play (or to replay)."""
        return self.tables is not None and self.result is None

    @property
    def winner(self) -> int | None:
        return self.result.winner if self.result else None


@dataclass(frozen=True)
class Resolution:
    bracket: Bracket
    matches: tuple[MatchState, ...]

    @property
    def stale(self) -> tuple[PlayoffHand, ...]:
        """Recorded hands whose teams no longer meet in that match: warn and replay."""
        return tuple(m.stale for m in self.matches if m.stale)

    @property
    def finished(self) -> bool:
        return all(m.result for m in self.matches)

    @property
    def next(self) -> MatchState | None:
        return next((m for m in self.matches if m.ready), None)


def _by_match(results: Iterable[PlayoffHand]) -> dict[int, PlayoffHand]:
    recorded: dict[int, PlayoffHand] = {}
    for hand in results:
        if hand.match in recorded:
            raise RulesError("Two results are recorded for playoff hand %(hand)s", hand=hand.match)
        recorded[hand.match] = hand
    return recorded


def resolve(bracket: Bracket, results: Iterable[PlayoffHand]) -> Resolution:
    """Replay the bracket from scratch over every recorded hand; never trusts earlier state."""
    recorded = _by_match(results)
    if unknown := sorted(set(recorded) - {m.number for m in bracket.matches}):
        raise RulesError("There is no playoff hand %(hand)s in this playoff", hand=unknown[0])
    states: dict[int, MatchState] = {}

    def team(side: Entrant) -> int | None:
        return side.table if side.winner_of is None else states[side.winner_of].winner

    for match in bracket.matches:
        first, second = (team(side) for side in match.sides)
        tables = (first, second) if first is not None and second is not None else None
        hand = recorded.get(match.number)
        if hand is not None and (tables is None or hand.tables != set(tables)):
            states[match.number] = MatchState(match, tables, stale=hand)
        else:
            states[match.number] = MatchState(match, tables, result=hand)
    return Resolution(bracket, tuple(states.values()))


def next_match(bracket: Bracket, results: Iterable[PlayoffHand]) -> MatchState | None:
    """The first hand that can be played now, or None when the playoff is over."""
    return resolve(bracket, results).next


def check_playoff_hand(
    bracket: Bracket, results: Iterable[PlayoffHand], hand: PlayoffHand
) -> PlayoffHand:
    """Check a hand about to be recorded (replacing any result for its match); return it."""
    others = [r for r in results if r.match != hand.match]
    state = next(
        (m for m in resolve(bracket, others).matches if m.match.number == hand.match), None
    )
    if state is None:
        raise RulesError(
            "There is no playoff hand %(hand)s in this playoff", field="match", hand=hand.match
        )
    if state.tables is None:
        raise RulesError(
            "Playoff hand %(hand)s cannot be recorded yet: its teams are not known "
            "until the earlier hands are played",
            field="match",
            hand=hand.match,
        )
    if hand.tables != set(state.tables):
        first, second = sorted(state.tables)
        raise RulesError(
            "Playoff hand %(hand)s is between tables %(first)s and %(second)s",
            field="match",
            hand=hand.match,
            first=first,
            second=second,
        )
    return hand


def final_places(bracket: Bracket, results: Iterable[PlayoffHand]) -> dict[int, int]:
    """Each table's place within its tied group (1 = highest), as ``rank_teams`` wants it."""
    resolution = resolve(bracket, results)
    if not resolution.finished:
        waiting = next(m for m in resolution.matches if m.result is None).match.number
        raise RulesError(
            "The playoff is not finished: playoff hand %(hand)s is still to play", hand=waiting
        )
    played = [(m.match.round, m.result) for m in resolution.matches if m.result]
    last_round, final = played[-1]
    places = {final.winner: 1}
    for round_number in range(last_round, 0, -1):
        knocked_out = [hand for r, hand in played if r == round_number]
        for hand in sorted(knocked_out, key=lambda hand: places[hand.winner]):
            places[hand.loser] = len(places) + 1
    return places
