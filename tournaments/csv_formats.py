"""The CSV files leaders exchange: teams from registration and results typed elsewhere.

Pure parsing (no Django): every row is checked and every problem is reported with its line
number and column, so a file is accepted whole or not at all.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from .rules.errors import RulesError
from .rules.flags import check_revokes, check_tricks
from .rules.rotation import check_moves

TEAM_COLUMNS = ("table", "team", "zone", "player_a", "player_b", "player_x", "player_y")
RESULT_COLUMNS = ("hand", "table", "visitor_tricks")
RESULT_OPTIONAL = ("visitor_revokes", "host_revokes")


@dataclass(frozen=True)
class TeamRow:
    line: int
    table: int
    team: str
    zone: str
    player_a: str
    player_b: str
    player_x: str
    player_y: str


@dataclass(frozen=True)
class ResultRow:
    line: int
    hand: int
    table: int
    tricks_played: int
    visitor_revokes: int
    host_revokes: int


class CsvErrors(RulesError):
    """All the problems of one file, each as 'line N: column: reason'."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def _rows(text: str, required: tuple[str, ...], optional: tuple[str, ...] = ()):
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise CsvErrors(["line 1: the file is empty; expected the header " + ",".join(required)])
    reader = csv.DictReader(io.StringIO(text))
    header = [h.strip().lower() for h in reader.fieldnames or []]
    missing = [c for c in required if c not in header]
    unknown = [c for c in header if c not in required + optional]
    if missing or unknown:
        wanted = ",".join(required) + (
            "" if not optional else " (optional: " + ",".join(optional) + ")"
        )
        said = f"missing {', '.join(missing)}" if missing else f"unknown {', '.join(unknown)}"
        raise CsvErrors([f"line 1: header {said}; expected {wanted}"])
    reader.fieldnames = header
    for row in reader:
        if not any((v or "").strip() for v in row.values() if isinstance(v, str)):
            continue
        if None in row:
            raise CsvErrors([f"line {reader.line_num}: more values than columns"])
        yield reader.line_num, {k: (v or "").strip() for k, v in row.items()}


def _whole(value: str, column: str, line: int, problems: list[str], low: int = 1) -> int | None:
    try:
        number = int(value)
    except ValueError:
        problems.append(f"line {line}: {column}: expected a whole number, not {value!r}")
        return None
    if number < low:
        problems.append(f"line {line}: {column}: must be at least {low}, not {number}")
        return None
    return number


def parse_teams(text: str, *, tables: int) -> list[TeamRow]:
    """Teams from ``table,team,zone,player_a,player_b,player_x,player_y`` CSV text."""
    problems: list[str] = []
    rows: list[TeamRow] = []
    seen_tables: dict[int, int] = {}
    seen_names: dict[str, int] = {}
    for line, row in _rows(text, TEAM_COLUMNS):
        table = _whole(row["table"], "table", line, problems)
        if table is not None and table > tables:
            problems.append(f"line {line}: table: the event has tables 1..{tables}, not {table}")
        elif table is not None and table in seen_tables:
            problems.append(
                f"line {line}: table: table {table} is already on line {seen_tables[table]}"
            )
        if not row["team"]:
            problems.append(f"line {line}: team: the team needs a name")
        elif (earlier := seen_names.get(row["team"].casefold())) is not None:
            problems.append(f"line {line}: team: {row['team']!r} is already on line {earlier}")
        if table is not None:
            seen_tables.setdefault(table, line)
        seen_names.setdefault(row["team"].casefold(), line)
        if table is not None:
            rows.append(TeamRow(line, table, *(row[c] for c in TEAM_COLUMNS[1:])))
    if not rows and not problems:
        problems.append("line 2: the file has a header but no teams")
    if problems:
        raise CsvErrors(problems)
    return rows


def parse_results(text: str, *, tables: int, hands: int) -> list[ResultRow]:
    """Results from ``hand,table,visitor_tricks[,visitor_revokes,host_revokes]`` CSV text.

    ``visitor_tricks`` are the tricks as played; revoke penalties are applied from the counts.
    """
    problems: list[str] = []
    rows: list[ResultRow] = []
    seen: dict[tuple[int, int], int] = {}
    for line, row in _rows(text, RESULT_COLUMNS, RESULT_OPTIONAL):
        hand = _whole(row["hand"], "hand", line, problems)
        table = _whole(row["table"], "table", line, problems)
        if hand is not None and hand > hands:
            problems.append(f"line {line}: hand: the rotation has hands 1..{hands}, not {hand}")
            hand = None
        if table is not None and table > tables:
            problems.append(f"line {line}: table: the event has tables 1..{tables}, not {table}")
            table = None
        try:
            tricks = check_tricks(row["visitor_tricks"])
            v_rev = check_revokes(row.get("visitor_revokes"), field="visitor_revokes")
            h_rev = check_revokes(row.get("host_revokes"), field="host_revokes")
        except RulesError as error:
            problems.append(f"line {line}: {error.field}: {error.message}")
            continue
        if hand is None or table is None:
            continue
        if (hand, table) in seen:
            problems.append(
                f"line {line}: hand {hand} table {table} is already on line {seen[hand, table]}"
            )
            continue
        seen[hand, table] = line
        rows.append(ResultRow(line, hand, table, tricks, v_rev, h_rev))
    if not rows and not problems:
        problems.append("line 2: the file has a header but no results")
    if problems:
        raise CsvErrors(problems)
    return rows


def parse_pattern(text: str, *, tables: int) -> list[dict[int, int]]:
    """A custom rotation from CSV: header ``hand,1,2,...,N``; each row gives, for every home
    table, the table its travelling pair visits in that hand. Hands run 1, 2, 3, ... in order."""
    homes = tuple(str(t) for t in range(1, tables + 1))
    problems: list[str] = []
    hands: list[dict[int, int]] = []
    for line, row in _rows(text, ("hand", *homes)):
        expected = len(hands) + 1
        if row["hand"] != str(expected):
            problems.append(f"line {line}: hand: expected hand {expected}, not {row['hand']!r}")
        moves = {}
        for home in homes:
            host = _whole(row[home], home, line, problems)
            if host is not None:
                moves[int(home)] = host
        if len(moves) == tables:
            try:
                check_moves(tables, expected, moves)
            except RulesError as error:
                problems.append(f"line {line}: {error.message}")
        hands.append(moves)
    if not hands and not problems:
        problems.append("line 2: the file has a header but no hands")
    if problems:
        raise CsvErrors(problems)
    return hands
