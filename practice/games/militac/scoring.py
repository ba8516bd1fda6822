"""The book's scoring table for Militac, and the one line the book does not print.

The book prints what a made bid scores on Infantry, Cavalry, Artillery and Engineers. It prints
no line for combined forces; combined forces rank above Engineers at the same number of squads
(as no-trump does in Five Hundred, Militac's model), so its line carries the table's steps one
company further: nine a squad from six to ten, five more at eleven, fifty for all twelve.
"""

from __future__ import annotations

from .cards import Company

BID_VALUES: dict[Company | None, tuple[int, ...]] = {
    # squads bid:         6   7   8   9  10  11  12
    Company.INFANTRY: (5, 10, 15, 20, 25, 30, 50),
    Company.CAVALRY: (6, 12, 18, 24, 30, 35, 50),
    Company.ARTILLERY: (7, 14, 21, 28, 35, 40, 50),
    Company.ENGINEERS: (8, 16, 24, 32, 40, 45, 50),
    None: (9, 18, 27, 36, 45, 50, 50),  # combined forces: decided here, see the module note
}
MIN_SQUADS = 6
MAX_SQUADS = 12
SQUADS = 12


def bid_value(squads: int, force: Company | None) -> int:
    """What a bid of ``squads`` on ``force`` (None: combined forces) is worth, from the table."""
    if not MIN_SQUADS <= squads <= MAX_SQUADS:
        raise ValueError(f"A bid is for 6 to 12 squads, not {squads}")
    return BID_VALUES[force][squads - MIN_SQUADS]


def hand_score(squads: int, force: Company | None, taken: int) -> tuple[int, int, bool]:
    """(bidders' points, opponents' points, made) when the bidders took ``taken`` squads.

    Made: the table's value plus a point a squad over the bid; the opponents a point a squad.
    Failed: the opponents score the amount bid (the table's value) and nothing for squads; the
    bidders score nothing (the book says no more, so nothing is taken from them).
    """
    value = bid_value(squads, force)
    if taken >= squads:
        return value + taken - squads, SQUADS - taken, True
    return 0, value, False
