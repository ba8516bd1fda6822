"""The end of a day in the hall: its last hand complete, the day not closed (rules.hand_now)."""

from __future__ import annotations

from tournaments.rules.hand_now import hand_now_from, may_enter
from tournaments.rules.types import Hand

TABLES = 4


def hands(days=(3, 3)):
    number, out = 0, []
    for day, count in enumerate(days, 1):
        for _ in range(count):
            number += 1
            out.append(Hand(number, day, 1, {}))
    return out


def every_table(*numbers):
    return {n: TABLES for n in numbers}


def test_the_last_hand_of_day_one_in_puts_the_hall_at_the_end_of_day_one():
    """Hands 1-3 in and day 1 not closed: the hall is at the end of day 1, after hand 3, with
    no hand of day 2 to play yet."""
    hall = hand_now_from(hands(), every_table(1, 2, 3), TABLES, 6)
    assert (hall.current, hall.complete, hall.day_over, hall.all_played) == (None, 3, 1, False)


def test_closing_the_day_opens_the_next_days_first_hand():
    """Once day 1 is closed the hall plays hand 4, waiting for every table."""
    hall = hand_now_from(hands(), every_table(1, 2, 3), TABLES, 6, closed={(1, 0)})
    assert (hall.current, hall.complete, hall.day_over) == (4, 3, None)
    assert hall.waiting == (1, 2, 3, 4)


def test_results_of_day_two_entered_ahead_do_not_end_day_one():
    """The leader entered hand 4 ahead; day 1 is still not closed: the hall stays at its end."""
    hall = hand_now_from(hands(), every_table(1, 2, 3, 4), TABLES, 6)
    assert (hall.current, hall.complete, hall.day_over) == (None, 3, 1)


def test_a_day_not_yet_complete_is_not_over():
    """Hand 3 still waits for a table: the hall plays hand 3, no day is over."""
    hall = hand_now_from(
        hands(), {1: TABLES, 2: TABLES, 3: TABLES - 1}, TABLES, 6, hosts_in={1, 2, 3}
    )
    assert (hall.current, hall.day_over, hall.waiting) == (3, None, (4,))


def test_every_hand_in_waits_for_the_count_of_the_last_day():
    """All six hands in, day 2 not closed: every hand is played and day 2 waits for its count;
    once it is closed nothing waits."""
    played = every_table(*range(1, 7))
    hall = hand_now_from(hands(), played, TABLES, 6, closed={(1, 0)})
    assert (hall.current, hall.complete, hall.day_over, hall.all_played) == (None, 6, 2, True)
    counted = hand_now_from(hands(), played, TABLES, 6, closed={(1, 0), (2, 0)})
    assert (counted.day_over, counted.all_played) == (None, True)


def test_a_closed_session_at_the_end_of_the_day_counts_as_its_close():
    """Day 1's only session closed (not the day): the hall goes on to hand 4."""
    hall = hand_now_from(hands(), every_table(1, 2, 3), TABLES, 6, closed={(1, 1)})
    assert hall.current == 4


def test_a_phone_cannot_enter_the_next_days_hand_at_the_end_of_a_day():
    """At the end of day 1 hand 4 is refused because of the day (not "every hand is played"),
    and the table may still fix its own last entry of day 1."""
    assert may_enter(4, None, False, 3, day_over=1) == (False, "day")
    assert may_enter(3, None, True, 3, day_over=1) == (True, "")
    assert may_enter(4, None, False, 3) == (False, "done")
