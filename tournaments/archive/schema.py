"""The one explicit schema of an event archive, checked whole before anything is written.

``SCHEMA`` says what every field may hold (its type, range, length); ``walk`` walks
an archive against it, and ``checks`` (with ``outcomes``) checks what a field
alone cannot say: tables that exist, the rotation's visitors, tricks after penalties, loans
that follow from the results, playoffs the pages can draw. Every problem names its JSON path:
``results[17].host_table: no table 99 in a 16-table event``. What passes imports and exports
again byte for byte.
"""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import ngettext

from ..models import Level
from ..rules.errors import RulesError
from ..rules.event_settings import (
    ARCHIVED,
    MAX_DAYS,
    MAX_HANDS,
    MAX_TABLES,
    NAME_MAX,
    PLAYER_MAX,
    TEAM_NAME_MAX,
    ZONE_MAX,
)
from .field_types import Bool, Day, Int, Json, ListOf, Obj, Text, When

SMALL = 32767  # the database's small whole numbers
BIG = 2**63 - 1
SHOWN = 20  # problems listed; the rest are counted

CARDS = ListOf(Json(), 20)  # rounds of {"who": "QH"}; checked with the playoff rules below
TABLE = Int(1, MAX_TABLES)
HAND = Int(1, MAX_HANDS)
USER = Text(150)

# What each setting an archive carries may hold, for every setting the rules list as archived
# (rules.event_settings.ARCHIVED; a test holds the two together). The settings' own check
# (``checks``) then applies the game's limits.
SETTING_TYPES = {
    "name": Text(NAME_MAX, required=True),
    "slug": Text(60),
    "level": Text(12, choices=tuple(Level.values)),
    "tables": Int(2, MAX_TABLES),
    "hands_per_day": Text(150),
    "pattern": Text(30, choices=("standard", "custom")),
    "trumps": Text(60),
    "alternate_pairs": Bool(),
    "flags_per_table": Int(1, 99),
    "one_flag_at": Int(0, 13),
    "two_flags_at": Int(0, 13),
    "revoke_penalty": Int(0, 13),
    "playoff_places": Int(1, MAX_TABLES, null=True),
    "advancing": Int(0, MAX_TABLES),
    "paper": Text(6, choices=("letter", "a4")),
}

SCHEMA = Obj(
    {
        "format": Text(40),
        "version": Int(1, 2),
        "event": Obj(
            {
                **{field: SETTING_TYPES[field] for field in ARCHIVED},
                "starts_on": Day(null=True),
                "created_at": When(),
                "play_ends_after": Int(1, MAX_HANDS - 1),
                "print_language": Text(7, choices=("en-ca", "fr-ca")),
                "season": Text(NAME_MAX, null=True),
            },
            optional=frozenset({"play_ends_after", "print_language"}),
        ),
        # Version 2: where the event and its teams came from (rules.seasons.check_links).
        "links": Obj(
            {
                "sources": ListOf(Text(60, required=True), MAX_TABLES),
                "teams": ListOf(
                    Obj(
                        {
                            "team": Text(TEAM_NAME_MAX, required=True),
                            "source": Text(60, required=True),
                            "place": TABLE,
                            "table": TABLE,
                        }
                    ),
                    MAX_TABLES,
                ),
            }
        ),
        "hands": ListOf(
            Obj(
                {
                    "hand": HAND,
                    "day": Int(1, MAX_DAYS),
                    "session": Int(1, MAX_HANDS),
                    "trump": Text(2, null=True, choices=("H", "S", "D", "C", "NT")),
                    "travelling": Text(2, choices=("AB", "XY")),
                    "moves": ListOf(TABLE, MAX_TABLES),
                }
            ),
            MAX_HANDS,
        ),
        "teams": ListOf(
            Obj(
                {
                    "home_table": TABLE,
                    "name": Text(TEAM_NAME_MAX, required=True),
                    "zone": Text(ZONE_MAX),
                    **{f"player_{p}": Text(PLAYER_MAX) for p in "abxy"},
                }
            ),
            MAX_TABLES,
        ),
        "results": ListOf(
            Obj(
                {
                    "hand": HAND,
                    "host_table": TABLE,
                    "visitor_table": TABLE,
                    "tricks_played": Int(0, 13),
                    "visitor_revokes": Int(0, 13),
                    "host_revokes": Int(0, 13),
                    "visitor_tricks": Int(0, 13),
                    "version": Int(1, 2**31 - 1),
                    "entered_by": USER,
                    "entered_at": When(),
                }
            ),
            MAX_HANDS * MAX_TABLES,
        ),
        "loans": ListOf(
            Obj({"day": Int(1, MAX_DAYS), "hand": HAND, "table": TABLE, "flags": Int(1, 2)}),
            MAX_HANDS * MAX_TABLES,
        ),
        "closes": ListOf(
            Obj(
                {
                    "day": Int(1, MAX_DAYS),
                    "session": Int(0, MAX_HANDS),
                    "closed_by": USER,
                    "closed_at": When(),
                    "override_note": Text(10000),
                    "records": ListOf(
                        Obj(
                            {
                                "table": TABLE,
                                "on_table": Int(0, SMALL),
                                "loans": Int(0, SMALL),
                                "net_flags": Int(-SMALL - 1, SMALL),
                                "physical_count": Int(0, SMALL, null=True),
                            }
                        ),
                        MAX_TABLES,
                    ),
                }
            ),
            MAX_DAYS * MAX_HANDS,
        ),
        # Counts typed on a close page and not yet closed (written only when there are
        # some, so every other archive is unchanged; archives without them import as before).
        "counts": ListOf(
            Obj(
                {
                    "day": Int(1, MAX_DAYS),
                    "session": Int(0, MAX_HANDS),
                    "table": TABLE,
                    "count": Int(0, 999),
                    "closed_on_table": Int(0, SMALL, null=True),
                }
            ),
            MAX_HANDS * MAX_TABLES,
        ),
        "playoffs": ListOf(
            Obj(
                {
                    "rank": TABLE,
                    "total": Int(-SMALL - 1, SMALL),
                    "tables": ListOf(TABLE, MAX_TABLES),
                    "draw": CARDS,
                    "draw_seed": Int(-BIG - 1, BIG, null=True),
                    "created_at": When(),
                    "hands": ListOf(
                        Obj(
                            {
                                "match": TABLE,
                                "first_table": TABLE,
                                "second_table": TABLE,
                                "first_tricks": Int(0, 13),
                                "trump_cut": Text(3),
                                "dealer_cut": CARDS,
                                "version": Int(1, 2**31 - 1),
                                "entered_by": USER,
                                "entered_at": When(),
                            }
                        ),
                        MAX_TABLES,
                    ),
                }
            ),
            MAX_TABLES,
        ),
        "audit": ListOf(
            Obj(
                {
                    "at": When(),
                    "actor": USER,
                    "action": Text(40),
                    "target": Text(120),
                    "before": Json(),
                    "after": Json(),
                }
            ),
            10_000_000,
        ),
        # The backups' own copy only (secrets.py): entry addresses and the event's accounts.
        "secrets": Obj(
            {
                "entry_addresses": ListOf(
                    Obj(
                        {
                            "table": TABLE,
                            "token": Text(64, required=True),
                            "issued_at": When(),
                            "revoked_at": When(null=True),
                        }
                    ),
                    MAX_TABLES * 100,
                ),
                "accounts": ListOf(
                    Obj(
                        {
                            "username": Text(150, required=True),
                            "password": Text(256, required=True),
                            "is_staff": Bool(),
                            "role": Text(10, choices=("leader", "assistant")),
                        }
                    ),
                    MAX_TABLES * 10,
                ),
            }
        ),
    },
    optional=frozenset({"counts", "secrets"}),
)
# Version 1 archives were written before seasons: no season, no links. Export has written
# both since version 2, so only a version 1 archive may lack them.
_EVENT = SCHEMA.fields["event"]
SCHEMA_V1 = replace(
    SCHEMA,
    fields={**SCHEMA.fields, "event": replace(_EVENT, optional=_EVENT.optional | {"season"})},
    optional=SCHEMA.optional | {"links"},
)


def schema_for(archive: object) -> Obj:
    """The schema of ``archive``'s version (the newest when it names none it may have)."""
    version = archive.get("version") if isinstance(archive, dict) else None
    return SCHEMA_V1 if version == 1 else SCHEMA


class ArchiveErrors(RulesError):
    """Every problem of an archive, each naming its JSON path.

    Each problem is already in the reader's language (``problems`` runs while they wait);
    the message joins them, with the count of those not listed.
    """

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems[:SHOWN]), field=problems[0].split(":", 1)[0])
        self.problems = problems

    @property
    def message(self) -> str:
        shown = self.problems[:SHOWN]
        more = len(self.problems) - len(shown)
        if not more:
            return "; ".join(shown)
        tail = ngettext("and %(more)s more problem", "and %(more)s more problems", more)
        return "; ".join([*shown, tail % {"more": more}])
