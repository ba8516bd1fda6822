"""Club names as rules read them: where a name sorts in a list readers scan."""

from __future__ import annotations

from tournaments.rules.clubs import name_order


def test_names_sort_as_their_letters_read_without_case_or_accents():
    """Éclair sorts with Eclair, Łódź among the L's, Řeka and Trễ before Zeta."""
    names = ["Zeta", "trễ", "Řeka", "Łódź", "Lark", "Éclair", "eagle", "Ecole"]
    assert sorted(names, key=name_order) == [
        "eagle", "Éclair", "Ecole", "Lark", "Łódź", "Řeka", "trễ", "Zeta",
    ]  # fmt: skip
