"""Rotation patterns: which table each travelling pair visits in every hand, and the trump.

The generator moves every travelling pair by the same offset around the circle of tables in
a hand (home t visits t + offset), which is a derangement for any offset 1..N-1. Offsets are
taken shortest walk first (1, N-1, 2, N-2, ...) and cycle, so over the event every team
visits every other table as evenly as possible and, when N > 2, never the same table in two
consecutive hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import RulesError, gettext_noop
from .types import Hand, Pair, Rotation, Trump

MIN_TABLES, MAX_TABLES = 2, 250
DEFAULT_TRUMPS = (Trump.HEARTS, Trump.SPADES, Trump.DIAMONDS, Trump.CLUBS)
LEADERS_CUT = "CUT"


@dataclass(frozen=True)
class Preset:
    label: str  # English, marked for the catalog; pages show it translated
    hands_per_day: tuple[int, ...]
    sessions_per_day: tuple[int, ...]


PRESETS: dict[str, Preset] = {
    "one-day-30": Preset(
        gettext_noop("30 hands in one day (15 morning, 15 afternoon)"), (30,), (2,)
    ),
    "two-day-50": Preset(
        gettext_noop("50 hands over two days (15 + 15, then 20)"), (30, 20), (2, 1)
    ),
}


def walk_offsets(tables: int) -> list[int]:
    """Offsets 1..N-1 ordered by walking distance round the circle: 1, N-1, 2, N-2, ..."""
    order: list[int] = []
    for step in range(1, tables // 2 + 1):
        for offset in (step, tables - step):
            if offset not in order:
                order.append(offset)
    return order


def session_sizes(hands: int, sessions: int) -> list[int]:
    """Split a day's hands into sessions as evenly as possible, earlier sessions larger."""
    base, extra = divmod(hands, sessions)
    return [base + (1 if i < extra else 0) for i in range(sessions)]


def default_sessions(hands_per_day: Sequence[int]) -> tuple[int, ...]:
    """Morning and afternoon for a day of 30 hands or more; one session otherwise."""
    return tuple(2 if hands >= 30 else 1 for hands in hands_per_day)


def parse_trumps(text: str) -> tuple[Trump, ...] | str:
    """Parse an event's trump sequence: ``H,S,D,C`` (optionally with NT) or ``CUT``."""
    text = (text or "").strip().upper()
    if text == LEADERS_CUT:
        return LEADERS_CUT
    parts = [p.strip() for p in text.replace(" ", ",").split(",") if p.strip()]
    if not parts:
        raise RulesError("Give a trump sequence such as H,S,D,C or CUT", field="trumps")
    try:
        return tuple(Trump(p) for p in parts)
    except ValueError:
        raise RulesError(
            "Trump sequence %(text)r: use H, S, D, C and NT separated by commas, or CUT",
            field="trumps",
            text=text,
        ) from None


def check_tables(tables: int) -> None:
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise RulesError(
            "An event needs %(low)s to %(high)s tables, not %(tables)s",
            field="tables",
            low=MIN_TABLES,
            high=MAX_TABLES,
            tables=tables,
        )


def generate(
    tables: int,
    hands_per_day: Sequence[int],
    *,
    sessions_per_day: Sequence[int] | None = None,
    trumps: Sequence[Trump] | str = DEFAULT_TRUMPS,
    alternate_pairs: bool = False,
    custom_moves: Sequence[Mapping[int, int]] | None = None,
) -> Rotation:
    """The rotation for ``tables`` tables and the given hands per day: the standard rotation,
    or ``custom_moves`` (one home -> visited mapping a hand) checked hand by hand."""
    check_tables(tables)
    if not hands_per_day or any(h < 1 for h in hands_per_day):
        raise RulesError("Every day needs at least one hand", field="hands_per_day")
    if custom_moves is not None and len(custom_moves) != sum(hands_per_day):
        raise RulesError(
            "The pattern has %(pattern)s hands but the event plays %(hands)s",
            field="pattern",
            pattern=len(custom_moves),
            hands=sum(hands_per_day),
        )
    sessions_per_day = tuple(sessions_per_day or default_sessions(hands_per_day))
    if len(sessions_per_day) != len(hands_per_day):
        raise RulesError("Give a session count for every day", field="sessions_per_day")
    offsets = walk_offsets(tables)
    hands: list[Hand] = []
    for day, (day_hands, sessions) in enumerate(
        zip(hands_per_day, sessions_per_day, strict=True), 1
    ):
        if not 1 <= sessions <= day_hands:
            raise RulesError(
                "Day %(day)s: 1 to %(hands)s sessions",
                field="sessions_per_day",
                day=day,
                hands=day_hands,
            )
        for session, size in enumerate(session_sizes(day_hands, sessions), 1):
            for _ in range(size):
                index = len(hands)
                if custom_moves is not None:
                    moves = dict(custom_moves[index])
                    check_moves(tables, index + 1, moves)
                else:
                    offset = offsets[index % len(offsets)]
                    moves = {t: (t - 1 + offset) % tables + 1 for t in range(1, tables + 1)}
                hands.append(
                    Hand(
                        number=index + 1,
                        day=day,
                        session=session,
                        moves=moves,
                        travelling=Pair.XY if alternate_pairs and index % 2 else Pair.AB,
                        trump=None if trumps == LEADERS_CUT else trumps[index % len(trumps)],
                    )
                )
    return Rotation(tables, tuple(hands))


def from_preset(name: str, tables: int, **options: object) -> Rotation:
    try:
        preset = PRESETS[name]
    except KeyError:
        raise RulesError(
            "Unknown pattern %(name)r; choose one of %(presets)s",
            field="pattern",
            name=name,
            presets=", ".join(PRESETS),
        ) from None
    return generate(
        tables, preset.hands_per_day, sessions_per_day=preset.sessions_per_day, **options
    )  # type: ignore[arg-type]


def check_moves(tables: int, hand: int, moves: Mapping[int, int]) -> None:
    """Every table hosts exactly one visiting pair and no pair visits its own table."""
    homes = set(range(1, tables + 1))
    if set(moves) != homes:
        raise RulesError(
            "Hand %(hand)s: give a destination for every table 1..%(tables)s",
            hand=hand,
            tables=tables,
        )
    hosts = Counter(moves.values())
    for host, count in sorted(hosts.items()):
        if host not in homes:
            raise RulesError("Hand %(hand)s: there is no table %(table)s", hand=hand, table=host)
        if count > 1:
            raise RulesError(
                "Hand %(hand)s: table %(table)s would host %(count)s visiting pairs",
                hand=hand,
                table=host,
                count=count,
            )
    for home, host in moves.items():
        if home == host:
            raise RulesError(
                "Hand %(hand)s: table %(table)s's pair would visit its own table",
                hand=hand,
                table=home,
            )


def validate(rotation: Rotation) -> None:
    """Raise RulesError unless every hand is a derangement of the tables."""
    check_tables(rotation.tables)
    for i, hand in enumerate(rotation.hands, 1):
        if hand.number != i:
            raise RulesError(
                "Hands must be numbered 1..%(hands)s in order", hands=len(rotation.hands)
            )
        check_moves(rotation.tables, hand.number, hand.moves)


def visit_counts(rotation: Rotation) -> Counter[tuple[int, int]]:
    """How often each (home table, visited table) pair occurs over the event."""
    return Counter((home, host) for h in rotation.hands for home, host in h.moves.items())


def repeat_visits(rotation: Rotation) -> list[tuple[int, int]]:
    """(hand, home table) where a pair visits the same table it visited the hand before."""
    return [
        (cur.number, home)
        for prev, cur in zip(rotation.hands, rotation.hands[1:], strict=False)
        for home, host in cur.moves.items()
        if prev.moves[home] == host
    ]
