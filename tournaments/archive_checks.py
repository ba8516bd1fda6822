"""What an archive's fields cannot say alone, checked after ``archive_schema.SCHEMA``: tables
that exist, the rotation's visitors, tricks after penalties, loans that follow from the
results, day closes of real days and playoffs the pages can draw. Every problem names its
JSON path."""

from __future__ import annotations

from collections import Counter

from .archive_schema import SCHEMA, check
from .rules import flags as flag_rules
from .rules import rotation as rotation_rules
from .rules.bracket import build_bracket
from .rules.cards_draw import Card, Draw, order_by_draw, playoff_players
from .rules.errors import RulesError
from .rules.event_settings import check_days, settings_problems
from .rules.playoffs import PlayoffHand, resolve
from .rules.types import Result


def problems(archive: object) -> list[str]:
    """Every problem of ``archive``; empty when it can be imported as it is."""
    out: list[str] = []
    check(SCHEMA, archive, "", out)
    if out:
        return out
    event = archive["event"]
    tables = event["tables"]
    out += [f"event.{f}: {m}" for f, m in settings_problems(event, tables=tables).items()]
    try:
        days = check_days([int(n) for n in event["hands_per_day"].split(",")])
        if ",".join(map(str, days)) != event["hands_per_day"]:
            raise ValueError
    except (ValueError, RulesError):
        out.append("event.hands_per_day: expected whole numbers and commas, such as 30,20")
        return out
    try:
        rotation_rules.parse_trumps(event["trumps"])
    except RulesError as error:
        out.append(f"event.trumps: {error.message}")
    if event.get("play_ends_after", 0) >= sum(days):
        out.append(f"event.play_ends_after: the event has {sum(days)} hands")
    out += _hands(archive["hands"], tables, days)
    if out:
        return out
    out += _order(archive)
    if out:
        return out
    out += _teams(archive["teams"], tables)
    wrong, recorded = _results(archive, tables)
    out += wrong
    if not out:
        out += _loans(archive, recorded)
        out += _closes(archive["closes"], archive["hands"], tables)
    if not out:
        out += _close_records(archive, recorded)
        out += _playoffs(archive["playoffs"], tables)
    return out


def _sorted(items: list, key) -> bool:
    keys = [key(x) for x in items]
    return keys == sorted(keys)


def _order(archive: dict) -> list[str]:
    """Lists in the order export writes them, so an import exports the same bytes."""
    lists = {
        "teams": (archive["teams"], lambda t: t["home_table"]),
        "closes": (archive["closes"], lambda c: (c["day"], c["session"])),
        "playoffs": (archive["playoffs"], lambda p: p["rank"]),
        "audit": (archive["audit"], lambda a: a["at"]),
    }
    out = [
        f"{name}: expected in the order export writes"
        for name, (items, key) in lists.items()
        if not _sorted(items, key)
    ]
    for i, c in enumerate(archive["closes"]):
        if not _sorted(c["records"], lambda r: r["table"]):
            out.append(f"closes[{i}].records: expected in table order")
    for i, p in enumerate(archive["playoffs"]):
        if not _sorted(p["hands"], lambda h: h["match"]):
            out.append(f"playoffs[{i}].hands: expected in hand order")
    return out


def _hands(hands: list[dict], tables: int, days: list[int]) -> list[str]:
    out = []
    if len(hands) != sum(days):
        return [f"hands: the event plays {sum(days)} hands ({len(days)} days), not {len(hands)}"]
    expected_days = [d for d, n in enumerate(days, 1) for _ in range(n)]
    session = {}
    for i, h in enumerate(hands):
        if h["hand"] != i + 1:
            out.append(f"hands[{i}].hand: expected hand {i + 1}, not {h['hand']}")
        if h["day"] != expected_days[i]:
            out.append(f"hands[{i}].day: hand {i + 1} is on day {expected_days[i]}")
        last = session.get(h["day"])
        allowed = (1,) if last is None else (last, last + 1)
        if h["session"] not in allowed:
            out.append(f"hands[{i}].session: expected session {' or '.join(map(str, allowed))}")
        session[h["day"]] = h["session"]
        moves = dict(enumerate(h["moves"], 1))
        try:
            rotation_rules.check_moves(tables, i + 1, moves)
        except RulesError as error:
            out.append(f"hands[{i}].moves: {error.message}")
    return out


def _teams(teams: list[dict], tables: int) -> list[str]:
    out, at, names = [], {}, {}
    for i, t in enumerate(teams):
        if t["home_table"] > tables:
            out.append(
                f"teams[{i}].home_table: no table {t['home_table']} in a {tables}-table event"
            )
        elif t["home_table"] in at:
            out.append(
                f"teams[{i}].home_table: table {t['home_table']} is already "
                f"teams[{at[t['home_table']]}]"
            )
        if t["name"] in names:
            out.append(f"teams[{i}].name: {t['name']!r} is already teams[{names[t['name']]}]"[:200])
        at.setdefault(t["home_table"], i)
        names.setdefault(t["name"], i)
    return out


def _results(archive: dict, tables: int) -> tuple[list[str], list[Result]]:
    """The results' problems, and the results as rules values."""
    event, hands = archive["event"], archive["hands"]
    last = event.get("play_ends_after") or len(hands)
    out, seen, recorded = [], {}, []
    for i, r in enumerate(archive["results"]):
        path = f"results[{i}]"
        if r["hand"] > len(hands):
            out.append(f"{path}.hand: no hand {r['hand']} in a {len(hands)}-hand event")
            continue
        if r["hand"] > last:
            out.append(f"{path}.hand: play ended after hand {last}")
        if r["host_table"] > tables:
            out.append(f"{path}.host_table: no table {r['host_table']} in a {tables}-table event")
            continue
        moves = hands[r["hand"] - 1]["moves"]
        visitor = moves.index(r["host_table"]) + 1
        if r["visitor_table"] != visitor:
            out.append(
                f"{path}.visitor_table: in hand {r['hand']} table {r['host_table']} hosts "
                f"table {visitor}'s pair, not table {r['visitor_table']}'s"
            )
        key = (r["hand"], r["host_table"])
        if key in seen:
            out.append(f"{path}: hand {key[0]} table {key[1]} is already results[{seen[key]}]")
        seen.setdefault(key, i)
        after = flag_rules.adjusted_tricks(
            r["tricks_played"], r["visitor_revokes"], r["host_revokes"],
            penalty=event["revoke_penalty"],
        )  # fmt: skip
        if r["visitor_tricks"] != after:
            out.append(
                f"{path}.visitor_tricks: {r['tricks_played']} tricks as played with these "
                f"revokes make {after} after penalties, not {r['visitor_tricks']}"
            )
        day = hands[r["hand"] - 1]["day"]
        recorded.append(Result(r["hand"], day, r["host_table"], visitor, after))
    if not out and recorded != sorted(recorded, key=lambda x: (x.hand, x.host_table)):
        out.append("results: expected in hand and table order, as export writes them")
    return out, recorded


def _loans(archive: dict, recorded: list[Result]) -> list[str]:
    event = archive["event"]
    settings = flag_rules.FlagSettings(
        event["flags_per_table"], event["one_flag_at"], event["two_flags_at"],
        event["revoke_penalty"],
    )  # fmt: skip
    expected = []
    for day in sorted({r.day for r in recorded}):
        _, moves = flag_rules.day_ledger(event["tables"], day, recorded, settings)
        expected += [
            {"day": day, "hand": m.hand, "table": m.host_table, "flags": m.loan}
            for m in moves
            if m.loan
        ]
    loans = archive["loans"]
    for i, (got, want) in enumerate(zip(loans, expected, strict=False)):
        if got != want:
            return [
                f"loans[{i}]: the results call for a loan of {want['flags']} at table "
                f"{want['table']} in hand {want['hand']}, not {got['flags']} at table "
                f"{got['table']} in hand {got['hand']}"
            ]
    if len(loans) != len(expected):
        return [f"loans: the results call for {len(expected)} loans, not {len(loans)}"]
    return []


def _closes(closes: list[dict], hands: list[dict], tables: int) -> list[str]:
    out = []
    sessions = {(h["day"], h["session"]) for h in hands} | {(h["day"], 0) for h in hands}
    seen: set = set()
    for i, c in enumerate(closes):
        key = (c["day"], c["session"])
        if key not in sessions:
            what = f"day {c['day']}" + (f" session {c['session']}" if c["session"] else "")
            out.append(f"closes[{i}]: there is no {what} in this event")
        elif key in seen:
            out.append(f"closes[{i}]: day {c['day']} session {c['session']} is closed twice")
        seen.add(key)
        counted = Counter(r["table"] for r in c["records"])
        for j, r in enumerate(c["records"]):
            if r["table"] > tables:
                out.append(
                    f"closes[{i}].records[{j}].table: no table {r['table']} in a "
                    f"{tables}-table event"
                )
            elif counted[r["table"]] > 1:
                out.append(f"closes[{i}].records[{j}].table: table {r['table']} twice")
    return out


def _close_records(archive: dict, recorded: list[Result]) -> list[str]:
    """A closed day's records agree with its results: a close never silently disagrees."""
    event, hands = archive["event"], archive["hands"]
    settings = flag_rules.FlagSettings(
        event["flags_per_table"], event["one_flag_at"], event["two_flags_at"],
        event["revoke_penalty"],
    )  # fmt: skip
    out = []
    for i, c in enumerate(archive["closes"]):
        last = max(
            h["hand"] for h in hands if h["day"] == c["day"] and c["session"] in (0, h["session"])
        )
        part = [r for r in recorded if r.day == c["day"] and r.hand <= last]
        summary, _ = flag_rules.day_ledger(event["tables"], c["day"], part, settings)
        for j, r in enumerate(c["records"]):
            s = summary[r["table"]]
            for name, value in (("on_table", s.on_table), ("loans", s.loans), ("net_flags", s.net)):
                if r[name] != value:
                    out.append(
                        f"closes[{i}].records[{j}].{name}: the results give {value}, not "
                        f"{r[name]}; a closed day must agree with its results"
                    )
    return out


def _draw(rounds: list, path: str, *, tables: bool) -> tuple[Draw | None, list[str]]:
    if not rounds:
        return None, []
    if not all(isinstance(r, dict) and all(isinstance(v, str) for v in r.values()) for r in rounds):
        return None, [f'{path}: expected rounds of cards such as {{"3": "QH"}}']
    try:
        return Draw.of(*({int(k) if tables else k: v for k, v in r.items()} for r in rounds)), []
    except (RulesError, ValueError) as error:
        return None, [f"{path}: {getattr(error, 'message', error)}"]


def _playoffs(playoffs: list[dict], tables: int) -> list[str]:
    out, ranks = [], set()
    for i, p in enumerate(playoffs):
        path = f"playoffs[{i}]"
        group = p["tables"]
        if p["rank"] in ranks:
            out.append(f"{path}.rank: a second playoff at rank {p['rank']}")
        ranks.add(p["rank"])
        if len(group) < 2 or len(set(group)) != len(group) or max(group) > tables:
            out.append(f"{path}.tables: two or more different tables of the event")
            continue
        draw, problems_ = _draw(p["draw"], f"{path}.draw", tables=True)
        out += problems_
        try:
            bracket = build_bracket(group, draw) if draw or len(group) == 2 else None
        except RulesError as error:
            out.append(f"{path}.draw: {error.message}")
            continue
        played = []
        for j, h in enumerate(p["hands"]):
            where = f"{path}.hands[{j}]"
            cut, problems_ = _draw(h["dealer_cut"], f"{where}.dealer_cut", tables=False)
            out += problems_
            try:
                if cut:
                    order_by_draw(cut, playoff_players(h["first_table"], h["second_table"]))
                played.append(
                    PlayoffHand(
                        h["match"],
                        h["first_table"],
                        h["second_table"],
                        h["first_tricks"],
                        Card.parse(h["trump_cut"]) if h["trump_cut"] else None,
                        cut,
                    )  # fmt: skip
                )
            except RulesError as error:
                out.append(f"{where}: {error.message}")
        if bracket is None and played:
            out.append(f"{path}.hands: hands are recorded but the A players never drew")
        elif bracket is not None and not out:
            try:
                resolve(bracket, played)
            except RulesError as error:
                out.append(f"{path}.hands: {error.message}")
    return out
