"""What a practice hand teaches: who deals, who visits, and what the tricks are worth in flags.

At a Military Whist event one pair of each table travels. In practice the player's side
(North-South) are the visitors on odd deals and the defenders on even ones, so a player
meets both tasks in turn: as visitors, 7 tricks win one flag and 10 win two; as defenders,
holding the visitors to 6 keeps every flag at home.
"""

from __future__ import annotations

from dataclasses import replace

from .game import Deal, Game, Outcome
from .layouts import to_board
from .solver import Board, SolverPool
from .tricks import ONE_FLAG_AT, TWO_FLAGS_AT, flags_won, trump_name


def gettext_noop(text: str) -> str:
    """Marks a sentence for the translation catalog (makemessages collects ``gettext_noop``);
    the games stay free of Django, so the page translates the template and fills it."""
    return text


VISITING = gettext_noop(
    "You and North are the visitors: %(one)s tricks win one flag, %(two)s win two."
)
DEFENDING = gettext_noop(
    "You and North are the defenders: East-West need %(one)s tricks for one flag and %(two)s "
    "for two; take %(hold)s and no flag moves."
)
WON_ONE = gettext_noop(
    "You took %(tricks)s tricks as visitors: 1 flag from East-West's table to yours."
)
WON_TWO = gettext_noop(
    "You took %(tricks)s tricks as visitors: %(flags)s flags from East-West's table to yours."
)
WON_NONE = gettext_noop("You took %(tricks)s tricks as visitors: the defenders keep their flags.")
LOST_ONE = gettext_noop(
    "East-West, the visitors, took %(tricks)s tricks: 1 flag leaves your table."
)
LOST_TWO = gettext_noop(
    "East-West, the visitors, took %(tricks)s tricks: %(flags)s flags leave your table."
)
HELD = gettext_noop("You held the visitors to %(tricks)s tricks: no flag leaves your table.")
PAR = gettext_noop("The cards allowed North-South %(par)s tricks; you took %(taken)s.")


def visitors_are_north_south(deal: Deal) -> bool:
    return deal.seed % 2 == 1


def side_name(north_south: bool) -> str:
    return "North-South" if north_south else "East-West"


def briefing(deal: Deal) -> dict:
    """What to know before the first card: the dealer, the task of each side, the trump."""
    visiting = visitors_are_north_south(deal)
    template, values = task_message(deal)
    return {
        "dealer": deal.dealer.word,
        "leader": deal.first_leader.word,
        "visitors": "NS" if visiting else "EW",
        "role": "visitors" if visiting else "defenders",
        "trump": trump_name(deal.trump),
        "task": template % values,
    }


def task_message(deal: Deal) -> tuple[str, dict]:
    """The player's task in this deal, as a sentence template and its values."""
    values = {"one": ONE_FLAG_AT, "two": TWO_FLAGS_AT, "hold": 14 - ONE_FLAG_AT}
    return (VISITING if visitors_are_north_south(deal) else DEFENDING), values


def flags_text(deal: Deal, outcome: Outcome) -> tuple[int, str]:
    """The flags this hand would move at an event, and the sentence that says so."""
    flags, template, values = flags_message(deal, outcome)
    return flags, template % values


def flags_message(deal: Deal, outcome: Outcome) -> tuple[int, str, dict]:
    """The flags this hand would move, and the sentence's template and values."""
    if visitors_are_north_south(deal):
        tricks = outcome.north_south_tricks
        flags = flags_won(tricks)
        template = {0: WON_NONE, 1: WON_ONE}.get(flags, WON_TWO)
    else:
        tricks = outcome.east_west_tricks
        flags = flags_won(tricks)
        template = {0: HELD, 1: LOST_ONE}.get(flags, LOST_TWO)
    return flags, template, {"tricks": tricks, "flags": flags}


def par_board(deal: Deal) -> Board:
    """The deal before the opening lead, for a double-dummy solve of its best result."""
    view = Game(deal).view()
    hands = {seat: list(cards) for seat, cards in deal.hands.items()}
    return replace(to_board(view, hands), best_only=True)


def par_north_south(deal: Deal, pool: SolverPool) -> int:
    """Tricks North-South take when all four seats play every card double-dummy best."""
    (solved,) = pool.solve([par_board(deal)])
    best = max(solved.values())
    return best if deal.first_leader.is_north_south else 13 - best


def par_text(par: int, taken: int) -> str:
    return PAR % {"par": par, "taken": taken}
