"""The parts of a table's page that change with results, written once and kept.

A saved hand changes every table's page, and a full hall then opens most of them. Of a table's
fifty rotation rows only the saved hand's changes, so each hand's rows (one for every table)
are written together and kept under the hand's own revision: after a save, the first table
page writes that hand's rows for all 250 tables, and every other page reuses them. The hand to
play now, the standing line and the chart are written for each page (they change with every
hand). The HTML lives in ``jinja2/tournaments/table_parts.html``; the words come from here,
translated in the reader's language.
"""

from __future__ import annotations

from django.template import engines
from django.utils import translation
from django.utils.html import conditional_escape as esc
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from markupsafe import Markup

from .. import selectors
from ..cache import facts, store
from ..formats import charts
from ..jinja import own_words
from ..models import Event, Hand
from ..rules.flags import flags_won
from . import derived


def table_parts(event: Event, number: int, team) -> dict[str, str]:
    """The hand to play now, the standing line, the chart and the rows of table ``number``."""
    parts, words = _parts(), _words()
    rotation = derived.rotation(event)
    current = derived.hand_now(event).current
    now = selectors.moving(rotation.hand(current), number, team) if current else {}
    if now:
        now |= {
            "hand_words": mark_safe(_("Hand %(n)s") % {"n": current}),  # noqa: S308
            "goes": mark_safe(  # noqa: S308 - the letters escaped, the rest numbers
                _("your travelling pair (%(letters)s) goes to <strong>Table %(t)s</strong>")
                % {"letters": esc(now["pair_letters"]), "t": now["goes_to"]}
            ),
            # Translated sentences with numbers only: written as they read.
            "comes": mark_safe(_("Table %(t)s's pair comes to you") % {"t": now["comes_from"]}),  # noqa: S308
        }
    standing = next((s for s in derived.standings(event) if s.table == number), None)
    line = None
    if standing:
        days = "".join(
            _("Day %(day)s: %(flags)s") % {"day": day, "flags": flags} + " · "
            for day, flags in enumerate(standing.days, 1)
        )
        total = mark_safe(_("Total <strong>%(total)s</strong> flags") % {"total": standing.total})  # noqa: S308
        line = {
            "rank": standing.rank,
            "tied": standing.tied,
            "days_words": mark_safe(days),  # noqa: S308 - numbers and translated words
            "total_words": total,
        }
    # Written by Jinja2, which escaped every value: safe for the page around them.
    return {
        "now": mark_safe(parts.now_section(now, words)),  # noqa: S308
        "standing": mark_safe(parts.standing_line(line, words)),  # noqa: S308
        "chart": mark_safe(_chart(event, number, rotation, parts)),  # noqa: S308
        "rows": mark_safe(_rows(event, number, current, rotation, parts, words)),  # noqa: S308
    }


def _chart(event: Event, number: int, rotation, parts) -> str:
    settings = event.flag_settings
    series = charts.table_series(number, derived.table_results(event, number), settings)
    day_starts, seen = [], set()
    for h in rotation.hands:
        if h.day not in seen:
            seen.add(h.day)
            day_starts.append(h.number)
    chart = charts.chart(series, len(rotation.hands), day_starts, settings.flags_per_table)
    last = chart["last"]
    if last:
        label = _("Net flags of table %(number)s after each hand; now %(net)s after hand %(hand)s")
        label %= {"number": number, "net": last.net, "hand": last.hand}
    else:
        label = _("Net flags of table %(number)s after each hand") % {"number": number}
    caption = _(
        "Net flags after each hand (the dashed line is the %(flags)s flags every table starts "
        "each day with)."
    ) % {"flags": settings.flags_per_table}
    return str(parts.chart_figure(chart, label, caption))


def _rows(event: Event, number: int, current: int | None, rotation, parts, words) -> str:
    """Table ``number``'s row of every hand, from each hand's rows kept under its revision."""
    revisions = derived.tallies(event).revisions
    language = translation.get_language()
    keys = {
        h.number: _key(event, language, h.number, revisions[h.number], h.number == current)
        for h in rotation.hands
    }
    found = facts.recall(list(keys.values()))
    rows = {n: found[key] for n, key in keys.items() if key in found}
    if missing := [n for n in keys if n not in rows]:
        # Written once for every page built at the same moment (after a save, a full hall
        # asks for most tables' pages at once, and each would write the same hand's rows).
        def write() -> dict[int, tuple[str, tuple[str, ...]]]:
            written = _write_hands(event, missing, current, rotation, parts, words, language)
            facts.keep(dict(written.values()))
            return written

        name = f"rows:{language}:{current}:{missing}"
        written = store.value(store.current_of(event), "revision", name, write, alone=True)
        rows |= {n: cells for n, (_, cells) in written.items()}
    return "\n".join(rows[h.number][number - 1] for h in rotation.hands)


def _write_hands(event, numbers, current, rotation, parts, words, language) -> dict:
    """The rows of ``numbers`` for every table by hand, each with its key: the hand's revision
    read in the same statement as its results (rows are never kept under a revision they do
    not show)."""
    rows = (
        Hand.objects.filter(event=event, number__in=numbers)
        .order_by()
        .values_list("number", "revision", "results__host_table", "results__visitor_tricks")
    )
    tricks: dict[int, dict[int, int]] = {}
    revision: dict[int, int] = {}
    for hand, hand_revision, host, visitor_tricks in rows:
        revision[hand] = hand_revision
        if host is not None:
            tricks.setdefault(hand, {})[host] = visitor_tricks
    settings = event.flag_settings
    written = {}
    for hand in numbers:
        h, at = rotation.hand(hand), tricks.get(hand, {})
        cells = []
        for table in range(1, event.tables + 1):
            away, visitors = h.moves[table], h.visitor_of(table)
            away_tricks, home_tricks = at.get(away), at.get(table)
            won = flags_won(away_tricks, settings) if away_tricks is not None else None
            lost = flags_won(home_tricks, settings) if home_tricks is not None else None
            result = {
                "away": away,
                "visitors": visitors,
                "away_tricks": "" if away_tricks is None else away_tricks,
                "home_tricks": "" if home_tricks is None else home_tricks,
                "flags": _flags(won, lost),
            }
            cells.append(
                str(parts.row(h, table, result, hand == current, words, event.alternate_pairs))
            )
        key = _key(event, language, hand, revision[hand], hand == current)
        written[hand] = (key, tuple(cells))
    return written


def _flags(won: int | None, lost: int | None) -> str:
    """ "+1 −2", "0", or blank while the hand has no result at this table."""
    if won is None and lost is None:
        return ""
    text = (f"+{won}" if won else "") + (f" −{lost}" if lost else "")
    return text or "0"


def _key(event: Event, language: str, hand: int, revision: int, now: bool) -> str:
    """A hand's rows: also by the setup (the rotation, pairs alternating), the reader's
    language and whether it is the hand to play now."""
    event_id = store.identity(event.pk, event.created_at)
    marked = ":now" if now else ""
    return f"whist:{event_id}:rows:{event.setup_revision}:{language}:{hand}:{revision}{marked}"


def _parts():
    return engines["jinja2"].env.get_template("tournaments/table_parts.html").module


def _words() -> dict[str, Markup]:
    """The parts' words in the reader's language."""
    return own_words(
        {
            "before_table": pgettext("before a table number", "Table "),
            "cut": _("cut"),
            "now": _("Now"),
            "trump": _("trump"),
            "by_cut": _("by the leader's cut"),
            "rank": _("Rank"),
            "tied": _("tied"),
        }
    )
