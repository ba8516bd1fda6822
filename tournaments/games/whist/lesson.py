"""What a practice hand teaches: who deals, who visits, and what the tricks are worth in flags.

At a Military Whist event one pair of each table travels. In practice the player's side
(North-South) are the visitors on odd deals and the defenders on even ones, so a player
meets both tasks in turn: as visitors, 7 tricks win one flag and 10 win two; as defenders,
holding the visitors to 6 keeps every flag at home.
"""

from __future__ import annotations

from dataclasses import replace

from .game import Deal, Game, Outcome
from .search import to_board
from .solver import Board, SolverPool
from .tricks import ONE_FLAG_AT, TWO_FLAGS_AT, flags_won, trump_name


def visitors_are_north_south(deal: Deal) -> bool:
    return deal.seed % 2 == 1


def side_name(north_south: bool) -> str:
    return "North-South" if north_south else "East-West"


def briefing(deal: Deal) -> dict:
    """What to know before the first card: the dealer, the task of each side, the trump."""
    visiting = visitors_are_north_south(deal)
    if visiting:
        task = (
            f"You and North are the visitors: {ONE_FLAG_AT} tricks win one flag,"
            f" {TWO_FLAGS_AT} win two."
        )
    else:
        task = (
            f"You and North are the defenders: East-West need {ONE_FLAG_AT} tricks for one flag"
            f" and {TWO_FLAGS_AT} for two; take {14 - ONE_FLAG_AT} and no flag moves."
        )
    return {
        "dealer": deal.dealer.word,
        "leader": deal.first_leader.word,
        "visitors": "NS" if visiting else "EW",
        "role": "visitors" if visiting else "defenders",
        "trump": trump_name(deal.trump),
        "task": task,
    }


def flags_text(deal: Deal, outcome: Outcome) -> tuple[int, str]:
    """The flags this hand would move at an event, and the sentence that says so."""
    if visitors_are_north_south(deal):
        tricks = outcome.north_south_tricks
        flags = flags_won(tricks)
        if flags:
            moved = f"{flags} flag{'s' if flags > 1 else ''} from East-West's table to yours"
            return flags, f"You took {tricks} tricks as visitors: {moved}."
        return 0, f"You took {tricks} tricks as visitors: the defenders keep their flags."
    tricks = outcome.east_west_tricks
    flags = flags_won(tricks)
    if flags:
        moved = f"{flags} flag{'s' if flags > 1 else ''} leave{'' if flags > 1 else 's'} your table"
        return flags, f"East-West, the visitors, took {tricks} tricks: {moved}."
    return 0, f"You held the visitors to {tricks} tricks: no flag leaves your table."


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
    return f"The cards allowed North-South {par} tricks; you took {taken}."
