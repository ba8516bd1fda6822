"""The playoffs page's posts read: the cards drawn (with any redraws), the tricks typed, and
the numbers the page itself sent; anything else is refused with the field named."""

from __future__ import annotations

from ..rules.errors import RulesError
from ..rules.event_settings import typed_number


def parse_redraws(text: str, *, tables: bool) -> list[dict]:
    """Redraw rounds typed one per line as "3=QH, 5=QS" (bye draw) or "3A=QH, 5B=QS"."""
    rounds = []
    for number, line in enumerate(text.strip().splitlines(), start=1):
        if not line.strip():
            continue
        one = {}
        for item in line.replace(";", ",").split(","):
            who, _sep, card = item.partition("=")
            if not card.strip():
                raise RulesError(
                    "Redraw line %(line)s: write each card as 3=QH", field="redraws", line=number
                )
            who = who.strip().upper()
            number = typed_number(who, 5)
            one[number if tables and number is not None else who] = card.strip()
        rounds.append(one)
    return rounds


def _cards(post, names, prefix: str, *, tables: bool) -> list[dict]:
    first = {n: post.get(f"{prefix}{n}", "").strip() for n in names}
    if not any(first.values()):
        return []
    return [first, *parse_redraws(post.get(f"{prefix}redraws", ""), tables=tables)]


def _number(post, name: str, label: str) -> int:
    number = typed_number(post.get(name, ""), 2)
    if number is None:
        text = post.get(name, "").strip()
        raise RulesError(
            "%(label)s must be a whole number from 0 to 13, not “%(text)s”",
            field=name,
            label=label,
            text=text,
        )
    return number


def _key(post, name: str) -> int:
    """A number the page itself sent (rank, hand, table); anything else is refused."""
    number = typed_number(post.get(name, ""), 5)
    if number is None:
        raise RulesError("The form's %(name)s is not a number", field=name, name=name)
    return number
