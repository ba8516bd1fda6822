"""The projector's advancing line never cuts a tie (rules.cut_line)."""

from __future__ import annotations

from tournaments.rules.cut_line import CutLine, cut_line


def test_the_line_falls_under_the_last_advancing_place_when_no_tie_crosses_it():
    """Two advance, ranks 1, 2, 3: the line is under the second row, no tie named."""
    assert cut_line([(1, 7), (2, 3), (3, 9)], 2) == CutLine(2)


def test_a_tie_across_the_line_keeps_the_line_above_it_and_names_the_tie():
    """Two advance, tables 3, 9 and 4 share 2nd: the line is under the winner alone and the
    three tied tables are named, for place 2."""
    assert cut_line([(1, 7), (2, 3), (2, 9), (2, 4), (5, 1)], 2) == CutLine(1, (3, 9, 4), 2)


def test_a_tie_inside_the_advancing_places_is_no_tie_across_the_line():
    """Three advance, tables 3 and 9 share 2nd: both are in, the line is under row 3."""
    assert cut_line([(1, 7), (2, 3), (2, 9), (4, 4)], 3) == CutLine(3)


def test_a_tie_for_first_across_the_line_leaves_no_row_above_it():
    """One advances and two share 1st: no row is sure, the tie for place 1 is named."""
    assert cut_line([(1, 7), (1, 3), (3, 9)], 1) == CutLine(0, (7, 3), 1)


def test_no_advancing_places_draws_no_line():
    """An event where nobody advances has no line and no tie to name."""
    assert cut_line([(1, 7), (1, 3)], 0) == CutLine(0)
