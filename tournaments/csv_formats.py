"""The CSV files leaders exchange: teams from registration and results typed elsewhere.

Pure parsing (no Django): every row is checked and every problem is reported with its line
number and column, so a file is accepted whole or not at all.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass

import charset_normalizer

from .rules.errors import RulesError
from .rules.event_settings import PLAYER_MAX, TEAM_NAME_MAX, ZONE_MAX, check_text
from .rules.flags import check_revokes, check_tricks
from .rules.rotation import check_moves

TEAM_COLUMNS = ("table", "team", "zone", "player_a", "player_b", "player_x", "player_y")
RESULT_COLUMNS = ("hand", "table", "visitor_tricks")
RESULT_OPTIONAL = ("visitor_revokes", "host_revokes")
UPLOAD_MAX = 512 * 1024  # bytes; 250 teams with long names are under 100 KB
PROBLEMS_SHOWN = 20


TEAM_LIMITS = {
    "team": TEAM_NAME_MAX,
    "zone": ZONE_MAX,
    **{f"player_{p}": PLAYER_MAX for p in "abxy"},
}


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


# Header spellings people use for the same column ("Table #", "Player A", French sheets).
ALIASES = {
    "table_no": "table",
    "table_number": "table",
    "home_table": "table",
    "team_name": "team",
    "equipe": "team",
    "nom_equipe": "team",
    "joueur_a": "player_a",
    "joueur_b": "player_b",
    "joueur_x": "player_x",
    "joueur_y": "player_y",
}
ENCODING_NAMES = {"utf_8": "UTF-8", "cp1252": "Windows-1252 (Excel on Windows)"}


def column_name(header: str) -> str:
    """A header cell as a column name: 'Player A' -> player_a, 'Table #' -> table."""
    plain = unicodedata.normalize("NFKD", header).encode("ascii", "ignore").decode().lower()
    key = re.sub(r"[^a-z0-9]+", "_", plain).strip("_")
    return ALIASES.get(key, key)


def delimiter(text: str) -> str:
    """Commas, or the semicolons of a French-language spreadsheet, or a pasted sheet's tabs."""
    first = text.split("\n", 1)[0]
    return max(",;\t", key=first.count) if any(c in first for c in ";\t") else ","


def decode(raw: bytes) -> tuple[str, str]:
    """The text of an uploaded file and the encoding it was read with, detected by
    charset-normalizer when the file is not UTF-8 (Excel on Windows writes Windows-1252)."""
    try:
        return raw.decode("utf-8-sig"), "UTF-8"
    except UnicodeDecodeError:
        pass
    found = charset_normalizer.from_bytes(raw)
    best = found.best()
    if best is None or "\x00" in str(best):
        raise CsvErrors(["line 1: this is not a text file; save it from the spreadsheet as CSV"])
    # Readings charset-normalizer scores equally go to Windows-1252, what Excel on Windows
    # writes in English and French (Central European cp1250 reads "è" as "č").
    equal = [m for m in found if (m.chaos, m.coherence) == (best.chaos, best.coherence)]
    best = next((m for m in equal if m.encoding == "cp1252"), best)
    text, encoding = str(best), best.encoding
    try:  # the same text read either way: name the one Excel on Windows writes
        if encoding != "cp1252" and raw.decode("cp1252") == text:
            encoding = "cp1252"
    except UnicodeDecodeError:
        pass
    return text, ENCODING_NAMES.get(encoding, encoding)


def _rows(text: str, required: tuple[str, ...], optional: tuple[str, ...], problems: list[str]):
    """(line, {column: value}) for every non-blank line; malformed lines go to ``problems``."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise CsvErrors(["line 1: the file is empty; expected the header " + ",".join(required)])
    nul = [n for n, line in enumerate(text.splitlines(), 1) if "\x00" in line]
    if nul:
        raise CsvErrors([f"line {n}: remove the NUL character (an invisible control)" for n in nul])
    reader = csv.reader(io.StringIO(text), delimiter=delimiter(text))
    header = [column_name(h) for h in next(reader)]
    missing = [c for c in required if c not in header]
    unknown = [c for c in header if c not in required + optional]
    if missing or unknown:
        wanted = ",".join(required) + (
            "" if not optional else " (optional: " + ",".join(optional) + ")"
        )
        said = f"missing {', '.join(missing)}" if missing else f"unknown {', '.join(unknown)}"
        raise CsvErrors([f"line 1: header {said}; expected {wanted}"])
    for cells in reader:
        line = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if len(cells) > len(header):
            problems.append(
                f"line {line}: {len(cells)} values but {len(header)} columns; "
                "is there a comma in a name? Put that name in double quotes"
            )
            continue
        short = [c for c in header[len(cells) :] if c in required]
        if short:
            problems.append(
                f"line {line}: {', '.join(short)}: missing (the line has {len(cells)} of "
                f"{len(header)} values)"
            )
            continue
        yield line, {h: (cells[i].strip() if i < len(cells) else "") for i, h in enumerate(header)}


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
    for line, row in _rows(text, TEAM_COLUMNS, (), problems):
        for column, limit in TEAM_LIMITS.items():
            try:
                check_text(row[column], column, limit)
            except RulesError as error:
                problems.append(f"line {line}: {column}: {error.message.split(': ', 1)[1]}")
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
    for line, row in _rows(text, RESULT_COLUMNS, RESULT_OPTIONAL, problems):
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


def teams_template(tables: int) -> str:
    """A teams file to fill in: the header and one line per table."""
    lines = [",".join(TEAM_COLUMNS), *(f"{t},,,,,," for t in range(1, tables + 1))]
    return "\r\n".join(lines) + "\r\n"


def parse_pattern(text: str, *, tables: int) -> list[dict[int, int]]:
    """A custom rotation from CSV: header ``hand,1,2,...,N``; each row gives, for every home
    table, the table its travelling pair visits in that hand. Hands run 1, 2, 3, ... in order."""
    homes = tuple(str(t) for t in range(1, tables + 1))
    problems: list[str] = []
    hands: list[dict[int, int]] = []
    for line, row in _rows(text, ("hand", *homes), (), problems):
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
