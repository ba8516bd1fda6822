"""What an archive's fields cannot say alone, checked after its version's schema
(``schema.schema_for``): tables that exist, the rotation's visitors, tricks after penalties,
loans that follow from the results, day closes of real days and playoffs the pages can draw.
Every problem names its JSON path."""

from __future__ import annotations

from django.utils.translation import gettext

from ..rules import flags as flag_rules
from ..rules import rotation as rotation_rules
from ..rules.errors import RulesError
from ..rules.event_settings import check_days, settings_problems
from ..rules.seasons import check_links
from ..rules.types import Result
from .outcomes import at as _at
from .outcomes import close_records, closes, counts, loans, playoffs
from .schema import schema_for
from .walk import check


def problems(archive: object, *, walked: bool = False) -> list[str]:
    """Every problem of ``archive``, in the reader's language; empty when it can be imported
    as it is. ``walked``: its schema is already checked (``rules_problems``)."""
    separator = gettext("%(path)s: %(problem)s")
    found = rules_problems(archive) if walked else _problems(archive)
    if separator == "%(path)s: %(problem)s":
        return found
    # Each problem is written 'path: reason'; the reader's language sets the separator.
    return [
        separator % dict(zip(("path", "problem"), p.split(": ", 1), strict=True))
        if ": " in p
        else p
        for p in found
    ]


def _problems(archive: object) -> list[str]:
    out: list[str] = []
    check(schema_for(archive), archive, "", out)
    if out:
        return out
    return rules_problems(archive)


def rules_problems(archive: dict) -> list[str]:
    """What ``problems`` finds in an archive that its schema already holds (a publication
    merged into the records a province holds, whose schema was checked part by part)."""
    out: list[str] = []
    event = archive["event"]
    tables = event["tables"]
    out += [f"event.{f}: {m}" for f, m in settings_problems(event, tables=tables).items()]
    try:
        days = check_days([int(n) for n in event["hands_per_day"].split(",")])
        if ",".join(map(str, days)) != event["hands_per_day"]:
            raise ValueError
    except (ValueError, RulesError):
        out.append(
            _at("event.hands_per_day", gettext("expected whole numbers and commas, such as 30,20"))
        )
        return out
    try:
        rotation_rules.parse_trumps(event["trumps"])
    except RulesError as error:
        out.append(f"event.trumps: {error.message}")
    if event.get("play_ends_after", 0) >= sum(days):
        out.append(
            _at("event.play_ends_after", gettext("the event has %(hands)s hands"), hands=sum(days))
        )
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
        out += loans(archive, recorded)
        out += closes(archive["closes"], archive["hands"], tables)
        out += counts(archive, tables)
    if not out:
        out += close_records(archive, recorded)
        out += playoffs(archive["playoffs"], tables)
    if not out and "links" in archive:
        out += _links(archive)
    return out


def _links(archive: dict) -> list[str]:
    """Links of sources named once, of teams the archive has."""
    links = archive["links"]
    names = {t["name"] for t in archive["teams"]}
    rows = [(t["team"], t["source"], t["place"], t["table"]) for t in links["teams"]]
    try:
        check_links(archive["event"]["slug"], links["sources"], rows)
    except RulesError as error:
        return [f"links: {error.message}"]
    for i, t in enumerate(links["teams"]):
        if t["team"] not in names:
            out = gettext("no team %(team)r in this event")
            return [_at(f"links.teams[{i}].team", out, team=t["team"])]
    if [t["team"] for t in links["teams"]] != sorted(t["team"] for t in links["teams"]):
        return [_at("links.teams", gettext("expected in the order export writes"))]
    return []


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
        _at(name, gettext("expected in the order export writes"))
        for name, (items, key) in lists.items()
        if not _sorted(items, key)
    ]
    for i, c in enumerate(archive["closes"]):
        if not _sorted(c["records"], lambda r: r["table"]):
            out.append(_at(f"closes[{i}].records", gettext("expected in table order")))
    for i, p in enumerate(archive["playoffs"]):
        if not _sorted(p["hands"], lambda h: h["match"]):
            out.append(_at(f"playoffs[{i}].hands", gettext("expected in hand order")))
    return out


def _hands(hands: list[dict], tables: int, days: list[int]) -> list[str]:
    out = []
    if len(hands) != sum(days):
        reason = gettext("the event plays %(hands)s hands (%(days)s days), not %(got)s")
        return [_at("hands", reason, hands=sum(days), days=len(days), got=len(hands))]
    expected_days = [d for d, n in enumerate(days, 1) for _ in range(n)]
    session = {}
    for i, h in enumerate(hands):
        if h["hand"] != i + 1:
            reason = gettext("expected hand %(hand)s, not %(got)s")
            out.append(_at(f"hands[{i}].hand", reason, hand=i + 1, got=h["hand"]))
        if h["day"] != expected_days[i]:
            reason = gettext("hand %(hand)s is on day %(day)s")
            out.append(_at(f"hands[{i}].day", reason, hand=i + 1, day=expected_days[i]))
        last = session.get(h["day"])
        allowed = (1,) if last is None else (last, last + 1)
        if h["session"] not in allowed:
            reason = (
                gettext("expected session %(session)s")
                if len(allowed) == 1
                else gettext("expected session %(session)s or %(next)s")
            )
            out.append(_at(f"hands[{i}].session", reason, session=allowed[0], next=allowed[-1]))
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
            reason = gettext("no table %(table)s in a %(tables)s-table event")
            out.append(_at(f"teams[{i}].home_table", reason, table=t["home_table"], tables=tables))
        elif t["home_table"] in at:
            reason = gettext("table %(table)s is already teams[%(other)s]")
            out.append(
                _at(
                    f"teams[{i}].home_table",
                    reason,
                    table=t["home_table"],
                    other=at[t["home_table"]],
                )
            )
        if t["name"] in names:
            reason = gettext("%(name)r is already teams[%(other)s]")
            out.append(
                _at(f"teams[{i}].name", reason, name=t["name"], other=names[t["name"]])[:200]
            )
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
            reason = gettext("no hand %(hand)s in a %(hands)s-hand event")
            out.append(_at(f"{path}.hand", reason, hand=r["hand"], hands=len(hands)))
            continue
        if r["hand"] > last:
            out.append(_at(f"{path}.hand", gettext("play ended after hand %(hand)s"), hand=last))
        if r["host_table"] > tables:
            reason = gettext("no table %(table)s in a %(tables)s-table event")
            out.append(_at(f"{path}.host_table", reason, table=r["host_table"], tables=tables))
            continue
        moves = hands[r["hand"] - 1]["moves"]
        visitor = moves.index(r["host_table"]) + 1
        if r["visitor_table"] != visitor:
            reason = gettext(
                "in hand %(hand)s table %(host)s hosts table %(visitor)s's pair, "
                "not table %(got)s's"
            )
            out.append(
                _at(
                    f"{path}.visitor_table",
                    reason,
                    hand=r["hand"],
                    host=r["host_table"],
                    visitor=visitor,
                    got=r["visitor_table"],
                )
            )
        key = (r["hand"], r["host_table"])
        if key in seen:
            reason = gettext("hand %(hand)s table %(table)s is already results[%(other)s]")
            out.append(_at(path, reason, hand=key[0], table=key[1], other=seen[key]))
        seen.setdefault(key, i)
        after = flag_rules.adjusted_tricks(
            r["tricks_played"], r["visitor_revokes"], r["host_revokes"],
            penalty=event["revoke_penalty"],
        )  # fmt: skip
        if r["visitor_tricks"] != after:
            reason = gettext(
                "%(played)s tricks as played with these revokes make %(after)s after "
                "penalties, not %(got)s"
            )
            out.append(
                _at(
                    f"{path}.visitor_tricks",
                    reason,
                    played=r["tricks_played"],
                    after=after,
                    got=r["visitor_tricks"],
                )
            )
        day = hands[r["hand"] - 1]["day"]
        recorded.append(Result(r["hand"], day, r["host_table"], visitor, after))
    if not out and recorded != sorted(recorded, key=lambda x: (x.hand, x.host_table)):
        out.append(
            _at("results", gettext("expected in hand and table order, as export writes them"))
        )
    return out, recorded
