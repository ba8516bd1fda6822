"""Which club a team plays for: teams are matched across events by club name and players.

A team's name is its club's name (``create_next_level`` may add its zone in brackets when two
zones send clubs of one name). Names are compared without case, accents, punctuation or extra
spaces ("Sudbury Legion Br. 76" and "SUDBURY LEGION BR 76" are one name). A match is certain
only when the name is the same *and* at least two of the four players played for the club
before; everything else a leader decides (nothing is merged silently):

- same name, fewer than two players in common: perhaps another club of the same name;
- another name, at least three players in common: perhaps a club that changed its name.

Pure Python: the service (``services/clubs.py``) reads the candidates and keeps the decision.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

SAME_PLAYERS = 2  # players in common that make a same-named team certainly the same club
RENAMED_PLAYERS = 3  # players in common that make a differently named team worth asking about
_ZONE_SUFFIX = re.compile(r"\s*\([^()]*\)\s*\Z")
_NOT_WORD = re.compile(r"[^\w]+")


def fold(text: str) -> str:
    """``text`` without case, accents, punctuation or repeated spaces (ł and ø kept apart
    from l and o only where Unicode does not decompose them)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(_NOT_WORD.sub(" ", plain).split())


def club_name(team: str) -> str:
    """The club's name in a team's name: less the zone a next-level event added in brackets."""
    return _ZONE_SUFFIX.sub("", team).strip() or team.strip()


def club_key(team: str) -> str:
    """What two teams' names must share to be one club's: the folded club name."""
    return fold(club_name(team))


def players_in_common(first: Iterable[str], second: Iterable[str]) -> int:
    """How many named players (folded) two teams share."""
    return len({fold(p) for p in first if p.strip()} & {fold(p) for p in second if p.strip()})


@dataclass(frozen=True)
class Candidate:
    """A club a team could belong to, with the players of its latest team."""

    club: int
    key: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Decision:
    """``club`` (None: a new club) and how sure: "same", "new" or "proposed"."""

    club: int | None
    match: str
    players: int = 0


def decide(team: str, players: Sequence[str], candidates: Iterable[Candidate]) -> Decision:
    """The club of a team named ``team`` with ``players``, among ``candidates``.

    Certain ("same") when one club of the same name shares at least two players; a proposal
    when the name is the same but the players are not, or the players are and the name is not;
    a new club when no club comes close.
    """
    key = club_key(team)
    named, renamed = [], []
    for c in candidates:
        common = players_in_common(players, c.players)
        if c.key == key:
            named.append((common, c))
        elif common >= RENAMED_PLAYERS:
            renamed.append((common, c))
    sure = [(n, c) for n, c in named if n >= SAME_PLAYERS]
    if len(sure) == 1:
        return Decision(sure[0][1].club, "same", sure[0][0])
    asked = sorted(named + renamed, key=lambda nc: (-nc[0], nc[1].club))
    if asked:
        return Decision(asked[0][1].club, "proposed", asked[0][0])
    return Decision(None, "new")


# Letters Unicode does not decompose into a plain letter and an accent.
_PLAIN = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i"})


def name_order(name: str) -> tuple[str, str]:
    """Where a club's name sorts in a list readers scan: as its letters read without case or
    accents (Éclair beside Eclair, Łódź under L, Trễ under T), then as written."""
    return fold(name).translate(_PLAIN), name


def club_slug(name: str, taken: Iterable[str]) -> str:
    """A short name for a new club's page: its folded name with hyphens, numbered when another
    club has it (two clubs may share a name: they are told apart by their pages)."""
    plain = fold(club_name(name)).translate(_PLAIN)
    base = "-".join(re.sub(r"[^a-z0-9]+", " ", plain).split())[:80] or "club"
    taken = set(taken)
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug
