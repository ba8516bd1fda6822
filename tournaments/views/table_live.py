"""The parts of a table's page that change with every saved hand, written in Python.

A saved hand changes every table's page and a full hall then opens most of them; rendering
these parts with the template language cost more than all the rest of the page. Each
function writes what its template did, with the same translated sentences; names and other
typed text are escaped, numbers and the rules' own symbols are not.
"""

from __future__ import annotations

from django.utils.html import conditional_escape as esc
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _


def now_html(now: dict) -> SafeString:
    """The hand to play now: its trump, where the travelling pair goes, whose pair comes."""
    if not now:
        return mark_safe("")
    hand = now["hand"]
    if hand.trump:
        trump = f'<span class="trump-{hand.trump.value}">{hand.trump.symbol}</span>'
    else:
        trump = _("by the leader's cut")
    goes = _("your travelling pair (%(letters)s) goes to <strong>Table %(t)s</strong>") % {
        "letters": esc(now["pair_letters"]),
        "t": now["goes_to"],
    }
    comes = _("Table %(t)s's pair comes to you") % {"t": now["comes_from"]}
    label, hand_n, trump_word = esc(_("Now")), _("Hand %(n)s") % {"n": hand.number}, _("trump")
    names = ""
    if now["pair_names"]:
        names = f'  <p class="now-names">{esc(now["pair_letters"])}: {esc(now["pair_names"])}</p>\n'
    return mark_safe(  # noqa: S308 - typed values escaped above
        f'\n<section class="table-now" aria-label="{label}">\n'
        f'  <p class="now-line">{hand_n} · {trump_word} {trump} ·\n'
        f"    {goes} ·\n"
        f"    {comes}</p>\n"
        f"{names}</section>\n"
    )


def standing_html(standing) -> SafeString:
    """Rank (= when tied), each day's flags and the total."""
    if not standing:
        return mark_safe("")
    tied, rank = esc(_("tied")), _("Rank")
    tie = f'<abbr class="tie" title="{tied}">=</abbr>' if standing.tied else ""
    days = "".join(
        _("Day %(day)s: %(flags)s") % {"day": day, "flags": flags} + " · "
        for day, flags in enumerate(standing.days, 1)
    )
    total = _("Total <strong>%(total)s</strong> flags") % {"total": standing.total}
    return mark_safe(  # noqa: S308 - numbers and translated sentences only
        f'<p class="standing-line">{rank} <strong>{standing.rank}{tie}</strong> ·\n'
        f"      {days}{total}</p>\n"
    )


def chart_html(chart: dict, number: int, flags_per_table: int) -> SafeString:
    """The flags line as inline SVG, with its label and caption."""
    last = chart["last"]
    if last:
        label = _("Net flags of table %(number)s after each hand; now %(net)s after hand %(hand)s")
        label %= {"number": number, "net": last.net, "hand": last.hand}
    else:
        label = _("Net flags of table %(number)s after each hand") % {"number": number}
    left, right, height = chart["left"], chart["right"], chart["height"]
    ticks = "".join(
        f'<line x1="{left}" x2="{right}" y1="{t["y"]}" y2="{t["y"]}" class="grid-line"/>\n'
        f'  <text x="{left - 6}" y="{t["y"]}" class="tick" text-anchor="end" '
        f'dominant-baseline="middle">{t["label"]}</text>'
        for t in chart["ticks"]
    )
    days = "".join(
        f'<line x1="{d["x"]}" x2="{d["x"]}" y1="0" y2="{height}" class="day-line"/>'
        f'<text x="{d["x"]}" y="12" dx="4" class="tick">{esc(d["label"])}</text>'
        for d in chart["days"]
    )
    lines = "".join(f'<polyline points="{p}" class="flag-line"/>' for p in chart["lines"])
    caption = _(
        "Net flags after each hand (the dashed line is the %(flags)s flags every table starts "
        "each day with)."
    ) % {"flags": flags_per_table}
    return mark_safe(  # noqa: S308 - numbers, coordinates and translated sentences only
        '<figure class="chart">\n'
        f'<svg viewBox="0 0 {chart["width"]} {height}" role="img" aria-label="{esc(label)}">\n'
        f"  {ticks}\n"
        f'  <line x1="{left}" x2="{right}" y1="{chart["start_y"]}" y2="{chart["start_y"]}" '
        'class="start-line"/>\n'
        f"  {days}\n"
        f"  {lines}\n"
        "</svg>\n"
        f'<figcaption class="muted">{caption}</figcaption>\n'
        "</figure>\n"
    )
