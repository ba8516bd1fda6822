"""Events, teams and people for the leader's page tests (plain functions, no fixtures)."""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model

from tournaments.formats.csv_files import TeamRow
from tournaments.models import Event, EventRole, Role
from tournaments.services import ResultEntry, event_create, results_record, teams_replace

PASSWORD = "hall-password-1"


def make_event(slug: str = "area", tables: int = 8, hands_per_day=(30,), **settings) -> Event:
    event = event_create(
        name=f"Event {slug}",
        slug=slug,
        tables=tables,
        hands_per_day=list(hands_per_day),
        **settings,
    )
    rows = [
        TeamRow(
            0,
            t,
            f"Team {t}",
            f"Zone {(t - 1) % (tables // 2 or 1) + 1}",
            f"A{t}",
            f"B{t}",
            f"X{t}",
            f"Y{t}",
        )
        for t in range(1, tables + 1)
    ]
    teams_replace(event=event, rows=rows, actor=None)
    return event


def new_event_body(**changes) -> dict:
    """The new-event form as a leader fills it in, with ``changes``."""
    body = {
        "name": "Club night", "slug": "club-night", "level": "club", "tables": "4",
        "pattern": "generated", "hands_per_day": "6", "sessions_per_day": "1",
        "trumps": "H,S,D,C", "flags_per_table": "12", "one_flag_at": "7",
        "two_flags_at": "10", "revoke_penalty": "2", "advancing": "2",
    }  # fmt: skip
    return {**body, **changes}


def make_user(username: str, event: Event | None = None, role: str = Role.LEADER, **extra):
    """A user with a role in ``event``; tests sign in with ``client.force_login`` (hashing a
    password takes a second on a busy machine), or set a password where a form needs one."""
    user = get_user_model().objects.create_user(username, **extra)
    if event is not None:
        EventRole.objects.create(event=event, user=user, role=role)
    return user


def play(event: Event, hands, tricks: int = 8) -> None:
    """Record ``tricks`` for every table of ``hands`` from the command line."""
    for hand in hands:
        entries = [ResultEntry(hand, t, tricks) for t in range(1, event.tables + 1)]
        results_record(event=event, entries=entries, actor=None)


def sent_by_phone(
    phone_id: str, hand, tricks, visitor_revokes=0, host_revokes=0, resend: bool = False
) -> str:
    """An entry as a table's phone sends it (static/js/table_entry.js)."""
    entry = {"id": phone_id, "hand": hand, "tricks": tricks}
    entry |= {"visitor_revokes": visitor_revokes, "host_revokes": host_revokes}
    return json.dumps(entry | ({"resend": True} if resend else {}))


def grid_post(event: Event, hand: int, tricks: dict[int, object], seen=None, was=None, go="stay"):
    """The POST body of the entry grid with ``tricks`` typed at the given host tables."""
    data = {"go": go}
    for table in range(1, event.tables + 1):
        data[f"tricks_{table}"] = "" if table not in tricks else str(tricks[table])
        data[f"seen_{table}"] = str((seen or {}).get(table, 0))
        data[f"was_{table}"] = (was or {}).get(table, "")
    return data
