"""The table page's rotation rows, written in Python.

A table's page is rendered afresh for every saved hand (each hand adds a row to every table),
and the template language spent three quarters of the page's time on these fifty rows. The
HTML is the template's, cell for cell; only numbers and the rules' own symbols go in unescaped.
"""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext


def rotation_rows(hands: list[dict], now_number: int | None, alternate_pairs: bool) -> SafeString:
    """One ``<tr>`` per hand: trump, where the travelling pair goes, who visits, tricks, flags."""
    before_table = escape(pgettext("before a table number", "Table "))
    cut = escape(gettext("cut"))
    out = []
    for h in hands:
        hand = h["hand"]
        current = ' class="now" aria-current="true"' if hand.number == now_number else ""
        day = f"{hand.day}.{hand.session}" if hand.session else f"{hand.day}"
        if hand.trump:
            trump = f'<span class="trump-{hand.trump.value}">{hand.trump.symbol}</span>'
        else:
            trump = cut
        if alternate_pairs:
            trump += f' <span class="muted">{hand.travelling.value}</span>'
        out.append(
            f'<tr{current}><td class="num">{hand.number}</td><td class="day">{day}</td>'
            f"<td>{trump}</td>"
            f'<td><span class="wide">{before_table}</span>{h["away"]}</td>'
            f'<td class="num">{_blank(h["away_tricks"])}</td>'
            f'<td class="from"><span class="wide">{before_table}</span>{h["visitors"]}</td>'
            f'<td class="num">{_blank(h["home_tricks"])}</td>'
            f'<td class="num">{_flags(h["won"], h["lost"])}</td></tr>'
        )
    return mark_safe("\n".join(out))  # noqa: S308 - integers, enum symbols and escaped words


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


def _flags(won: int | None, lost: int | None) -> str:
    """ "+1 −2", "0", or blank while the hand has no result at this table."""
    if won is None and lost is None:
        return ""
    text = (f"+{won}" if won else "") + (f" −{lost}" if lost else "")
    return text or "0"
