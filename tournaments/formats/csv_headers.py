"""The columns of the CSV files leaders exchange, their headers in English and French, and
how a problem of a file is worded.

Pure (no Django): the words come through the app's translation (``rules.errors.translate``),
so a problem reads in the reader's language and names the column as the file spells it.
"""

from __future__ import annotations

import re
import unicodedata

from ..rules.errors import RulesError, shortened
from ..rules.errors import translate as _

TEAM_COLUMNS = ("table", "team", "zone", "player_a", "player_b", "player_x", "player_y")
RESULT_COLUMNS = ("hand", "table", "visitor_tricks")
RESULT_OPTIONAL = ("visitor_revokes", "host_revokes")


class Problem(str):
    """One problem of a file, as read: 'line N: column: reason' (in the reader's language);
    ``line`` and ``column`` say where, whatever the language."""

    line: int
    column: str | None

    def __new__(cls, line: int, reason: str, column: str | None = None, **values: object):
        # What the file holds is repeated cut short (a value, a header as written); only the
        # header the file should have is shown whole, however many columns it has.
        values = {k: v if k in ("header", "wanted") else shortened(v) for k, v in values.items()}
        reason = reason % values if values else reason
        column = shortened(column)
        if column is None:
            text = _("line %(line)s: %(problem)s") % {"line": line, "problem": reason}
        else:
            text = _("line %(line)s: %(column)s: %(problem)s") % {
                "line": line,
                "column": column,
                "problem": reason,
            }
        problem = super().__new__(cls, text)
        problem.line, problem.column = line, column
        return problem


class CsvErrors(RulesError):
    """All the problems of one file, each as 'line N: column: reason'."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems

    @property
    def message(self) -> str:
        return "; ".join(self.problems)  # each already in the reader's language


# Header spellings people use for the same column ("Table #", "Player A", French sheets:
# "Équipe", "Levées paire voyageuse"); keys are read without accents, in small letters.
ALIASES = {
    "table_no": "table",
    "table_number": "table",
    "home_table": "table",
    "no_table": "table",
    "numero_table": "table",
    "table_d_attache": "table",
    "team_name": "team",
    "equipe": "team",
    "nom_equipe": "team",
    "nom_de_l_equipe": "team",
    "joueur_a": "player_a",
    "joueur_b": "player_b",
    "joueur_x": "player_x",
    "joueur_y": "player_y",
    "main": "hand",
    "no_main": "hand",
    "levees_paire_voyageuse": "visitor_tricks",
    "levees_voyageuse": "visitor_tricks",
    "levees_voyageurs": "visitor_tricks",
    "renonces_paire_voyageuse": "visitor_revokes",
    "renonces_voyageuse": "visitor_revokes",
    "renonces_voyageurs": "visitor_revokes",
    "renonces_paire_qui_recoit": "host_revokes",
    "renonces_qui_recoit": "host_revokes",
}


def header_names(columns: tuple[str, ...]) -> dict[str, str]:
    """Each column's name in the reader's language (French sheets use the French header)."""
    names = {
        TEAM_COLUMNS: _("table,team,zone,player_a,player_b,player_x,player_y"),
        RESULT_COLUMNS + RESULT_OPTIONAL: _(
            "hand,table,visitor_tricks,visitor_revokes,host_revokes"
        ),
    }
    for known, text in names.items():
        if set(columns) <= set(known):
            by_column = dict(zip(known, text.split(","), strict=False))
            return {c: by_column.get(c, c) for c in columns}
    return {c: _("hand") if c == "hand" else c for c in columns}


def column_name(header: str) -> str:
    """A header cell as a column name: 'Player A' -> player_a, 'Table #' -> table."""
    plain = unicodedata.normalize("NFKD", header).encode("ascii", "ignore").decode().lower()
    key = re.sub(r"[^a-z0-9]+", "_", plain).strip("_")
    return ALIASES.get(key, key)
