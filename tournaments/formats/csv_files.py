"""The CSV files leaders exchange: teams from registration and results typed elsewhere.

Pure parsing (no Django): every row is checked and every problem is reported with its line
number and column, so a file is accepted whole or not at all. Headers are read in English or
French and problems worded in the reader's language (csv_headers).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from ..rules.errors import RulesError
from ..rules.errors import translate as _
from ..rules.event_settings import PLAYER_MAX, TEAM_NAME_MAX, ZONE_MAX, check_text, typed_number
from ..rules.flags import check_revokes, check_tricks
from ..rules.rotation import check_moves
from .csv_headers import (
    RESULT_COLUMNS,
    RESULT_OPTIONAL,
    TEAM_COLUMNS,
    CsvErrors,
    Problem,
    column_name,
    header_names,
)

UPLOAD_MAX = 512 * 1024  # bytes; 250 teams with long names are under 100 KB
PROBLEMS_SHOWN = 20
# No value of any file is longer than a 120-character name; a longer one is a wrong file
# (and the csv module refuses a value over 131,072 characters with an error of its own).
VALUE_MAX = 1000


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


def delimiter(text: str) -> str:
    """Commas, or the semicolons of a French-language spreadsheet, or a pasted sheet's tabs."""
    first = next(iter(io.StringIO(text, newline=None)), "")
    return max(",;\t", key=first.count) if any(c in first for c in ";\t") else ","


def csv_lines(text: str, problems: list[str]):
    """(line number, cells) for every line of CSV text, whatever ends its lines: Windows
    (CR LF), Unix (LF) or Excel for Mac's "CSV (Macintosh)" (CR alone), read as Python's
    universal newlines do. A line the csv module cannot read ends the file with a problem."""
    text = text.lstrip("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=None), delimiter=delimiter(text))
    try:
        for cells in reader:
            yield reader.line_num, cells
    except csv.Error:
        reason = _(
            'a value is over %(limit)s characters; is a double quote (") left open, '
            "or is this the wrong file?"
        )
        problems.append(Problem(reader.line_num, reason, limit=VALUE_MAX))


def _rows(text: str, required: tuple[str, ...], optional: tuple[str, ...], problems: list[str]):
    """(line, {column: value}, {column: header as written}) for every non-blank line;
    malformed lines go to ``problems``."""
    text = text.lstrip("\ufeff")
    names = header_names(required + optional)
    expected = ",".join(names[c] for c in required)
    if not text.strip():
        reason = _("the file is empty; expected the header %(header)s")
        raise CsvErrors([Problem(1, reason, header=expected)])
    lines = io.StringIO(text, newline=None)
    nul = [n for n, line in enumerate(lines, 1) if "\x00" in line]
    if nul:
        reason = _("remove the NUL character (an invisible control)")
        raise CsvErrors([Problem(n, reason) for n in nul])
    reader = csv_lines(text, problems)
    written = [h.strip() for h in next(reader, (1, []))[1]]
    if problems:
        raise CsvErrors(problems)
    header = [column_name(h) for h in written]
    shown = {c: w or c for c, w in zip(header, written, strict=True)}
    missing = [names[c] for c in required if c not in header]
    unknown = [w for c, w in zip(header, written, strict=True) if c not in required + optional]
    if missing or unknown:
        if optional:
            wanted = _("%(header)s (optional: %(optional)s)") % {
                "header": expected,
                "optional": ",".join(names[c] for c in optional),
            }
        else:
            wanted = expected
        if missing:
            reason = _("header missing %(columns)s; expected %(wanted)s")
        else:
            reason = _("header unknown %(columns)s; expected %(wanted)s")
        columns = ", ".join(missing or unknown)
        raise CsvErrors([Problem(1, reason, columns=columns, wanted=wanted)])
    for line, cells in reader:
        if not any(c.strip() for c in cells):
            continue
        if (length := max(map(len, cells))) > VALUE_MAX:
            reason = _("a value is %(length)s characters long; the longest allowed is %(limit)s")
            problems.append(Problem(line, reason, length=length, limit=VALUE_MAX))
            continue
        if len(cells) > len(header):
            reason = _(
                "%(values)s values but %(columns)s columns; is there a comma in a name? "
                "Put that name in double quotes"
            )
            problems.append(Problem(line, reason, values=len(cells), columns=len(header)))
            continue
        short = [c for c in header[len(cells) :] if c in required]
        if short:
            reason = _("missing (the line has %(values)s of %(columns)s values)")
            problems.append(
                Problem(
                    line,
                    reason,
                    ", ".join(shown[c] for c in short),
                    values=len(cells),
                    columns=len(header),
                )
            )
            continue
        row = {h: (cells[i].strip() if i < len(cells) else "") for i, h in enumerate(header)}
        yield line, row, shown


def _whole(value: str, column: str, line: int, problems: list[str], low: int = 1) -> int | None:
    number = typed_number(value)
    if number is None:
        reason = _("expected a whole number written with the digits 0-9, not %(value)r")
        problems.append(Problem(line, reason, column, value=value))
        return None
    if number < low:
        reason = _("must be at least %(low)s, not %(number)s")
        problems.append(Problem(line, reason, column, low=low, number=number))
        return None
    return number


def parse_teams(text: str, *, tables: int) -> list[TeamRow]:
    """Teams from ``table,team,zone,player_a,player_b,player_x,player_y`` CSV text."""
    problems: list[str] = []
    rows: list[TeamRow] = []
    seen_tables: dict[int, int] = {}
    seen_names: dict[str, int] = {}
    for line, row, shown in _rows(text, TEAM_COLUMNS, (), problems):
        for column, limit in TEAM_LIMITS.items():
            # A named team names its four players (a line left blank says only its name).
            required = column.startswith("player_") and bool(row["team"])
            try:
                check_text(row[column], column, limit, required=required)
            except RulesError as error:
                reason = error.message.split(":", 1)[1].strip()
                problems.append(Problem(line, reason, shown[column]))
        table = _whole(row["table"], shown["table"], line, problems)
        if table is not None and table > tables:
            reason = _("the event has tables 1..%(tables)s, not %(table)s")
            problems.append(Problem(line, reason, shown["table"], tables=tables, table=table))
        elif table is not None and table in seen_tables:
            reason = _("table %(table)s is already on line %(other)s")
            problems.append(
                Problem(line, reason, shown["table"], table=table, other=seen_tables[table])
            )
        if not row["team"]:
            problems.append(Problem(line, _("the team needs a name"), shown["team"]))
        elif (earlier := seen_names.get(row["team"].casefold())) is not None:
            reason = _("%(team)r is already on line %(other)s")
            problems.append(Problem(line, reason, shown["team"], team=row["team"], other=earlier))
        if table is not None:
            seen_tables.setdefault(table, line)
        seen_names.setdefault(row["team"].casefold(), line)
        if table is not None:
            rows.append(TeamRow(line, table, *(row[c] for c in TEAM_COLUMNS[1:])))
    if not rows and not problems:
        problems.append(Problem(2, _("the file has a header but no teams")))
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
    for line, row, shown in _rows(text, RESULT_COLUMNS, RESULT_OPTIONAL, problems):
        hand = _whole(row["hand"], shown["hand"], line, problems)
        table = _whole(row["table"], shown["table"], line, problems)
        if hand is not None and hand > hands:
            reason = _("the rotation has hands 1..%(hands)s, not %(hand)s")
            problems.append(Problem(line, reason, shown["hand"], hands=hands, hand=hand))
            hand = None
        if table is not None and table > tables:
            reason = _("the event has tables 1..%(tables)s, not %(table)s")
            problems.append(Problem(line, reason, shown["table"], tables=tables, table=table))
            table = None
        try:
            tricks = check_tricks(row["visitor_tricks"])
            v_rev = check_revokes(row.get("visitor_revokes"), field="visitor_revokes")
            h_rev = check_revokes(row.get("host_revokes"), field="host_revokes")
        except RulesError as error:
            problems.append(Problem(line, error.message, shown.get(error.field, error.field)))
            continue
        if hand is None or table is None:
            continue
        if (hand, table) in seen:
            reason = _("hand %(hand)s table %(table)s is already on line %(other)s")
            problems.append(Problem(line, reason, hand=hand, table=table, other=seen[hand, table]))
            continue
        seen[hand, table] = line
        rows.append(ResultRow(line, hand, table, tricks, v_rev, h_rev))
    if not rows and not problems:
        problems.append(Problem(2, _("the file has a header but no results")))
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
    for line, row, shown in _rows(text, ("hand", *homes), (), problems):
        expected = len(hands) + 1
        if row["hand"] != str(expected):
            reason = _("expected hand %(hand)s, not %(got)r")
            problems.append(Problem(line, reason, shown["hand"], hand=expected, got=row["hand"]))
        moves = {}
        for home in homes:
            host = _whole(row[home], shown[home], line, problems)
            if host is not None:
                moves[int(home)] = host
        if len(moves) == tables:
            try:
                check_moves(tables, expected, moves)
            except RulesError as error:
                problems.append(Problem(line, error.message))
        hands.append(moves)
    if not hands and not problems:
        problems.append(Problem(2, _("the file has a header but no hands")))
    if problems:
        raise CsvErrors(problems)
    return hands
