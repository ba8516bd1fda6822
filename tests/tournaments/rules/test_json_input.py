"""A whole number as JSON sends it, read with bounds (rules.json_input)."""

from __future__ import annotations

import pytest

from tournaments.rules.json_input import whole_number


def test_a_phones_hand_number_is_read_whether_sent_as_a_number_a_whole_float_or_text():
    assert [whole_number(value, 5) for value in (7, 7.0, "7", " 12 ")] == [7, 7, 7, 12]


@pytest.mark.parametrize("value", [True, False, -1, 7.5, "+7", "٣", 123456, None, [7], {}])
def test_a_hand_number_that_is_not_a_short_whole_number_is_refused(value):
    with pytest.raises(ValueError):
        whole_number(value, 5)
