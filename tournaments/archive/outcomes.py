"""What an archive's results imply, checked after the results themselves: the loans they call
for, day closes of real days whose records agree with them, and playoffs the pages can draw.
Every problem names its JSON path."""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext

from ..rules import flags as flag_rules
from ..rules.bracket import build_bracket
from ..rules.cards_draw import Draw, order_by_draw, parse_card, playoff_players
from ..rules.errors import RulesError
from ..rules.playoffs import PlayoffHand, resolve
from ..rules.types import Result


def at(path: str, reason: str, **values: object) -> str:
    """One problem: its JSON path, then the reason (already in the reader's language)."""
    return f"{path}: {reason % values if values else reason}"


def loans(archive: dict, recorded: list[Result]) -> list[str]:
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
            reason = gettext(
                "the results call for a loan of %(flags)s at table %(table)s in hand "
                "%(hand)s, not %(got_flags)s at table %(got_table)s in hand %(got_hand)s"
            )
            return [
                at(
                    f"loans[{i}]",
                    reason,
                    flags=want["flags"],
                    table=want["table"],
                    hand=want["hand"],
                    got_flags=got["flags"],
                    got_table=got["table"],
                    got_hand=got["hand"],
                )
            ]
    if len(loans) != len(expected):
        reason = gettext("the results call for %(loans)s loans, not %(got)s")
        return [at("loans", reason, loans=len(expected), got=len(loans))]
    return []


def closes(closes: list[dict], hands: list[dict], tables: int) -> list[str]:
    out = []
    sessions = {(h["day"], h["session"]) for h in hands} | {(h["day"], 0) for h in hands}
    seen: set = set()
    for i, c in enumerate(closes):
        key = (c["day"], c["session"])
        if key not in sessions:
            reason = (
                gettext("there is no day %(day)s session %(session)s in this event")
                if c["session"]
                else gettext("there is no day %(day)s in this event")
            )
            out.append(at(f"closes[{i}]", reason, day=c["day"], session=c["session"]))
        elif key in seen:
            reason = gettext("day %(day)s session %(session)s is closed twice")
            out.append(at(f"closes[{i}]", reason, day=c["day"], session=c["session"]))
        seen.add(key)
        counted = Counter(r["table"] for r in c["records"])
        for j, r in enumerate(c["records"]):
            if r["table"] > tables:
                reason = gettext("no table %(table)s in a %(tables)s-table event")
                where = f"closes[{i}].records[{j}].table"
                out.append(at(where, reason, table=r["table"], tables=tables))
            elif counted[r["table"]] > 1:
                reason = gettext("table %(table)s twice")
                out.append(at(f"closes[{i}].records[{j}].table", reason, table=r["table"]))
    return out


def counts(archive: dict, tables: int) -> list[str]:
    """Counts typed and not closed: of a real, open day or session, a table once, in order."""
    hands = archive["hands"]
    parts = {(h["day"], h["session"]) for h in hands} | {(h["day"], 0) for h in hands}
    closed = {(c["day"], c["session"]) for c in archive["closes"]}
    found = archive.get("counts", [])
    keys = [(c["day"], c["session"], c["table"]) for c in found]
    if keys != sorted(set(keys)):
        return [at("counts", gettext("expected in the order export writes, a table once"))]
    out = []
    for i, c in enumerate(found):
        part = (c["day"], c["session"])
        if part not in parts:
            reason = gettext("there is no day %(day)s session %(session)s in this event")
            out.append(at(f"counts[{i}]", reason, day=c["day"], session=c["session"]))
        elif part in closed or (c["day"], 0) in closed:
            reason = gettext("day %(day)s is closed: its counts are in its close")
            out.append(at(f"counts[{i}]", reason, day=c["day"]))
        elif c["table"] > tables:
            reason = gettext("no table %(table)s in a %(tables)s-table event")
            out.append(at(f"counts[{i}].table", reason, table=c["table"], tables=tables))
    return out


def close_records(archive: dict, recorded: list[Result]) -> list[str]:
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
                    reason = gettext(
                        "the results give %(value)s, not %(got)s; a closed day must agree "
                        "with its results"
                    )
                    where = f"closes[{i}].records[{j}].{name}"
                    out.append(at(where, reason, value=value, got=r[name]))
    return out


def _draw(rounds: list, path: str, *, tables: bool) -> tuple[Draw | None, list[str]]:
    if not rounds:
        return None, []
    if not all(isinstance(r, dict) and all(isinstance(v, str) for v in r.values()) for r in rounds):
        return None, [at(path, gettext('expected rounds of cards such as {"3": "QH"}'))]
    try:
        return Draw.of(*({int(k) if tables else k: v for k, v in r.items()} for r in rounds)), []
    except (RulesError, ValueError) as error:
        return None, [f"{path}: {getattr(error, 'message', error)}"]


def playoffs(playoffs: list[dict], tables: int) -> list[str]:
    out, ranks = [], set()
    for i, p in enumerate(playoffs):
        path = f"playoffs[{i}]"
        group = p["tables"]
        if p["rank"] in ranks:
            reason = gettext("a second playoff at rank %(rank)s")
            out.append(at(f"{path}.rank", reason, rank=p["rank"]))
        ranks.add(p["rank"])
        if len(group) < 2 or len(set(group)) != len(group) or max(group) > tables:
            out.append(at(f"{path}.tables", gettext("two or more different tables of the event")))
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
                        parse_card(h["trump_cut"]) if h["trump_cut"] else None,
                        cut,
                    )  # fmt: skip
                )
            except RulesError as error:
                out.append(f"{where}: {error.message}")
        if bracket is None and played:
            reason = gettext("hands are recorded but the A players never drew")
            out.append(at(f"{path}.hands", reason))
        elif bracket is not None and not out:
            try:
                resolve(bracket, played)
            except RulesError as error:
                out.append(f"{path}.hands: {error.message}")
    return out
